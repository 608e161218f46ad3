/** @jsxImportSource hono/jsx */
import { layoutCopy } from '../../layout/layout-copy.ts'
import { leadsCopy } from '../leads-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { isFiltered, type LeadFilter } from '../lead-filter.ts'
import type { LeadPage, WaitingLeads } from '../lead-store.ts'
import { DeskDocument, Notice } from '../../layout/desk-document.tsx'
import { LeadFilterForm } from './lead-filter-form.tsx'
import { LeadTable } from './lead-table.tsx'
import { Pager } from '../../layout/pager.tsx'
import type { NoticeMessage } from '../../layout/notices.ts'

const copy = leadsCopy.list

export interface LeadListPageProps {
  result: LeadPage
  filter: LeadFilter
  waiting: WaitingLeads
  now: Date
  csrfToken: string
  notice?: NoticeMessage
}

/**
 * How many leads wait for their first answer and since when, with one button to list them
 * oldest first (the filter is posted, as the filter form posts it).
 */
const WaitingPanel = ({ waiting, now, csrfToken }: Omit<LeadListPageProps, 'result' | 'filter'>) =>
  waiting.waiting === 0 ? (
    <p class="panel">{copy.waiting.none}</p>
  ) : (
    <form
      method="post"
      action={deskPaths.filter}
      class={`panel waiting${waiting.late > 0 ? ' late' : ''}`}
    >
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="answer" value="sem_resposta" />
      <p>
        {copy.waiting.summary(
          waiting.waiting,
          waiting.late,
          waiting.oldestSince === null ? 0 : now.getTime() - waiting.oldestSince.getTime(),
        )}
      </p>
      <button type="submit" class="secondary">
        {copy.waiting.show}
      </button>
    </form>
  )

export const LeadListPage = ({
  result,
  filter,
  waiting,
  now,
  csrfToken,
  notice,
}: LeadListPageProps) => (
  <DeskDocument title={layoutCopy.pageTitle(copy.title, result.page)} csrfToken={csrfToken}>
    <h1>{copy.title}</h1>
    {notice && <Notice tone={notice.tone} text={notice.text} />}
    <WaitingPanel waiting={waiting} now={now} csrfToken={csrfToken} />
    <LeadFilterForm filter={filter} csrfToken={csrfToken} />
    <div class="summary">
      <p>{copy.total(result.total, isFiltered(filter))}</p>
      <div class="actions" role="group" aria-labelledby="exportar">
        <span id="exportar" class="hint">
          {copy.exportHeading}: {copy.exportHint}
        </span>
        <a class="button secondary" href={deskPaths.export('csv')} download>
          {copy.exportCsv}
        </a>
        <a class="button secondary" href={deskPaths.export('json')} download>
          {copy.exportJson}
        </a>
      </div>
    </div>
    {result.leads.length === 0 ? (
      <p class="panel">{copy.empty}</p>
    ) : (
      <LeadTable
        leads={result.leads}
        now={now}
        caption={
          filter.answer === 'sem_resposta' || filter.answer === 'atrasado'
            ? copy.waitingCaption
            : copy.caption
        }
      />
    )}
    <Pager page={result.page} pages={result.pages} />
  </DeskDocument>
)
