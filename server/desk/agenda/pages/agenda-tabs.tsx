/** @jsxImportSource hono/jsx */
import { agendaCopy } from '../agenda-copy.ts'
import { AGENDA_VIEWS, deskPaths, type AgendaView } from '../../desk-paths.ts'

const copy = agendaCopy.list

/** The agenda's lists and its tools, on every agenda page. */
export const AgendaTabs = ({ current }: { current?: AgendaView }) => (
  <>
    <nav class="tabs" aria-label={copy.viewsLabel}>
      {AGENDA_VIEWS.map((view) => (
        <a href={deskPaths.agendaView(view)} aria-current={view === current ? 'page' : undefined}>
          {copy.views[view]}
        </a>
      ))}
    </nav>
    <nav class="tools" aria-label={copy.tools}>
      <a href={deskPaths.closedDays}>{copy.toolLinks.closedDays}</a>
      <a href={deskPaths.networks}>{copy.toolLinks.networks}</a>
      <a href={deskPaths.releaseSince}>{copy.toolLinks.release}</a>
      <a href={deskPaths.feedSettings}>{copy.toolLinks.feed}</a>
    </nav>
  </>
)
