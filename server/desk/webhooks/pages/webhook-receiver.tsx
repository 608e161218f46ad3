/** @jsxImportSource hono/jsx */
import { webhooksCopy } from '../webhooks-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { formatBrazilDateTime } from '../../leads/export/brazil-time.ts'
import type { WebhookReceiverState } from '../webhook-store.ts'

const copy = webhooksCopy

const when = (date: Date | null, otherwise: string) =>
  date === null ? otherwise : formatBrazilDateTime(date)

const stateOf = (receiver: WebhookReceiverState) =>
  !receiver.listed
    ? copy.unlisted
    : receiver.disabledAt !== null
      ? copy.disabled(formatBrazilDateTime(receiver.disabledAt))
      : copy.active

/**
 * One receiver: how it is written, whether it is sent to, what waits and how the last attempts
 * went. Its address is shown only as host and hint (shownAs).
 */
export const WebhookReceiver = ({
  receiver,
  csrfToken,
}: {
  receiver: WebhookReceiverState
  csrfToken: string
}) => {
  const heading = `webhook-${receiver.id}`
  return (
    <article class="panel" aria-labelledby={heading}>
      <h2 id={heading}>{receiver.shownAs}</h2>
      <dl class="facts">
        <dt>{copy.format}</dt>
        <dd>{copy.formats[receiver.format]}</dd>
        <dt>{copy.signing}</dt>
        <dd>{receiver.hasOwnSecret ? copy.ownSecret : copy.sharedSecret}</dd>
        <dt>{copy.state}</dt>
        <dd>{stateOf(receiver)}</dd>
        <dt>{copy.pending}</dt>
        <dd>{receiver.pending.toLocaleString('pt-BR')}</dd>
        <dt>{copy.failed}</dt>
        <dd>{receiver.failed.toLocaleString('pt-BR')}</dd>
        <dt>{copy.oldestUndelivered}</dt>
        <dd>{when(receiver.oldestUndeliveredAt, copy.nothingWaiting)}</dd>
        <dt>{copy.deliveredLastWeek}</dt>
        <dd>{receiver.deliveredLastWeek.toLocaleString('pt-BR')}</dd>
        <dt>{copy.lastSuccess}</dt>
        <dd>{when(receiver.lastSuccessAt, copy.never)}</dd>
        <dt>{copy.lastError}</dt>
        <dd>
          {receiver.lastError === null || receiver.lastFailureAt === null
            ? copy.nothingWaiting
            : copy.errorAt(formatBrazilDateTime(receiver.lastFailureAt), receiver.lastError)}
        </dd>
      </dl>
      {receiver.listed && (
        <form method="post" action={deskPaths.webhookRetry(receiver.id)} class="actions">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <button type="submit" aria-describedby={`${heading} ${heading}-dica`}>
            {copy.retry}
          </button>
          <p class="hint" id={`${heading}-dica`}>
            {copy.retryHint}
          </p>
        </form>
      )}
    </article>
  )
}
