/** @jsxImportSource hono/jsx */
import { layoutCopy } from '../../layout/layout-copy.ts'
import { quarantineCopy } from '../quarantine-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { SourceName } from '../../layout/source-name.tsx'
import { VisitorText } from '../../layout/visitor-text.tsx'
import { formatBrazilDateTime } from '../../leads/export/brazil-time.ts'
import type { QuarantinedSubmission } from '../quarantine-store.ts'
import { RowAction } from '../../forms/panel-form.tsx'

const copy = quarantineCopy

/** One quarantined message, whole, with why it is here and what can be done with it. */
export const QuarantineEntry = ({
  entry,
  csrfToken,
}: {
  entry: QuarantinedSubmission
  csrfToken: string
}) => {
  const heading = `quarentena-${entry.id}`
  return (
    <article class="panel" aria-labelledby={heading}>
      <h2 id={heading}>
        {copy.entryHeading} <VisitorText text={entry.name} />
      </h2>
      <dl class="facts">
        <dt>{copy.received}</dt>
        <dd>{formatBrazilDateTime(entry.quarantinedAt)}</dd>
        <dt>{copy.email}</dt>
        <dd>
          <VisitorText text={entry.email} />
        </dd>
        <dt>{copy.company}</dt>
        <dd>
          {entry.company === null ? layoutCopy.noValue : <VisitorText text={entry.company} />}
        </dd>
        <dt>{copy.source}</dt>
        <dd>
          <SourceName source={entry.source} />
          {entry.campaign === null ? null : (
            <>
              {copy.campaignSeparator}
              <VisitorText text={entry.campaign} />
            </>
          )}
        </dd>
        <dt>{copy.reason}</dt>
        <dd>{copy.reasons[entry.reason]}</dd>
        <dt>{copy.message}</dt>
        <dd class="message">
          <VisitorText text={entry.message} />
        </dd>
      </dl>
      <div class="actions">
        <RowAction
          action={deskPaths.quarantineRestore(entry.id)}
          text={copy.restore}
          describedBy={heading}
          csrfToken={csrfToken}
        />
        <RowAction
          action={deskPaths.quarantineDelete(entry.id)}
          text={copy.delete}
          describedBy={heading}
          csrfToken={csrfToken}
          tone="danger"
        />
      </div>
    </article>
  )
}
