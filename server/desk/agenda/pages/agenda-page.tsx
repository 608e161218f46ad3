/** @jsxImportSource hono/jsx */
import { layoutCopy } from '../../layout/layout-copy.ts'
import { agendaCopy } from '../agenda-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { DeskDocument, Notice } from '../../layout/desk-document.tsx'
import type { NoticeMessage } from '../../layout/notices.ts'
import { Pager } from '../../layout/pager.tsx'
import type { AgendaList, BusyFeedState } from '../agenda-store.ts'
import { AgendaTabs } from './agenda-tabs.tsx'
import { BusyFeedPanel } from './busy-feed-panel.tsx'
import { CancelledTable, DayGroups } from './agenda-table.tsx'

const copy = agendaCopy.list

export interface AgendaPageProps {
  list: AgendaList
  busyFeed: BusyFeedState
  csrfToken: string
  notice?: NoticeMessage
}

/** Today and the days ahead (or past, or cancelled meetings), on the company's clock. */
export const AgendaPage = ({ list, busyFeed, csrfToken, notice }: AgendaPageProps) => (
  <DeskDocument
    title={layoutCopy.pageTitle(`${copy.title}: ${copy.views[list.view]}`, list.page)}
    csrfToken={csrfToken}
  >
    <h1>{copy.title}</h1>
    {notice && <Notice tone={notice.tone} text={notice.text} />}
    <p class="hint">
      {copy.intro} ({list.clock.zone}).
    </p>
    <AgendaTabs current={list.view} />
    {list.view === 'proximas' && <BusyFeedPanel state={busyFeed} zone={list.clock.zone} />}
    <div class="summary">
      <p>
        {copy.views[list.view]}: {copy.total(list.total)}
      </p>
    </div>
    {list.bookings.length === 0 ? (
      <p class="panel">{copy.empty[list.view]}</p>
    ) : list.view === 'canceladas' ? (
      <CancelledTable bookings={list.bookings} zone={list.clock.zone} />
    ) : (
      <DayGroups bookings={list.bookings} today={list.clock.today} />
    )}
    <Pager
      page={list.page}
      pages={list.pages}
      href={(page) => deskPaths.agendaView(list.view, page)}
      label={copy.pager}
    />
  </DeskDocument>
)
