/** @jsxImportSource hono/jsx */
import { deskCopy } from '../../copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { isFiltered, type LeadFilter } from '../lead-filter.ts'
import type { LeadPage } from '../lead-store.ts'
import { DeskDocument, Notice } from '../../frame/desk-document.tsx'
import { LeadFilterForm } from './lead-filter-form.tsx'
import { LeadTable } from './lead-table.tsx'
import { Pager } from '../../frame/pager.tsx'
import type { NoticeMessage } from '../../frame/notices.ts'

const copy = deskCopy.list

export interface LeadListPageProps {
  result: LeadPage
  filter: LeadFilter
  csrfToken: string
  notice?: NoticeMessage
}

export const LeadListPage = ({ result, filter, csrfToken, notice }: LeadListPageProps) => (
  <DeskDocument title={deskCopy.layout.pageTitle(copy.title, result.page)} csrfToken={csrfToken}>
    <h1>{copy.title}</h1>
    {notice && <Notice tone={notice.tone} text={notice.text} />}
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
      <LeadTable leads={result.leads} />
    )}
    <Pager page={result.page} pages={result.pages} />
  </DeskDocument>
)
