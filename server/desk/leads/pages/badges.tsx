/** @jsxImportSource hono/jsx */
import { layoutCopy } from '../../layout/layout-copy.ts'
import { leadsCopy } from '../leads-copy.ts'
import type { AnswerState, Delivery, LeadStatus } from '../lead.ts'

export const StatusBadge = ({ status }: { status: LeadStatus }) => (
  <span class={`badge badge-${status}`}>{layoutCopy.leadStatuses[status]}</span>
)

/**
 * The delivery state; a failure or a refusal shows the mail server's last answer beneath it,
 * and with `explain` (the lead's page) a refusal says that it will not be retried.
 */
export const DeliveryBadge = ({
  delivery,
  error,
  explain = false,
}: {
  delivery: Delivery
  error: string | null
  explain?: boolean
}) => (
  <>
    <span class={`badge badge-${delivery}`}>{leadsCopy.deliveries[delivery]}</span>
    {(delivery === 'falhou' || delivery === 'recusado') && error !== null && (
      <span class="error-detail">{leadsCopy.lead.deliveryError(error)}</span>
    )}
    {delivery === 'recusado' && explain && <p class="hint">{leadsCopy.lead.deliveryRefusedHint}</p>}
  </>
)

/**
 * Where a lead stands against the reply promise: answered (and how long it took), waiting (and
 * for how long), or late, past the promise's hours. Spam is not waiting for anyone.
 */
export const AnswerBadge = ({
  status,
  answer,
  now,
}: {
  status: LeadStatus
  answer: AnswerState
  now: Date
}) => {
  const words = leadsCopy.answer
  if (answer.answeredAt !== null) {
    const took = answer.answeredAt.getTime() - answer.waitingSince.getTime()
    return <span class="badge badge-respondido">{words.answered(took)}</span>
  }
  if (status === 'spam') return <>{words.notCounted}</>
  const waited = now.getTime() - answer.waitingSince.getTime()
  return answer.late ? (
    <span class="badge badge-atrasado">{words.late(waited)}</span>
  ) : (
    <span class="badge badge-esperando">{words.waiting(waited)}</span>
  )
}

/** Beside an address nobody confirmed (decision 060): a reply to it quotes nothing typed. */
export const UnconfirmedEmailBadge = ({ confirmed }: { confirmed: boolean }) =>
  confirmed ? null : (
    <span class="badge badge-warning" title={leadsCopy.lead.unconfirmedTitle}>
      {leadsCopy.lead.unconfirmed}
    </span>
  )
