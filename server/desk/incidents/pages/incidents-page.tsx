/** @jsxImportSource hono/jsx */
import { companyClock } from '#shared/alerts/incident-copy.ts'
import { BRAZIL_TIME_ZONE } from '../../leads/export/brazil-time.ts'
import { incidentsCopy } from '../incidents-copy.ts'
import { DeskDocument, Notice } from '../../layout/desk-document.tsx'
import type { NoticeMessage } from '../../layout/notices.ts'
import type { PastIncident } from '../open-incidents.ts'
import { DismissIncidentForm, IncidentWords } from './incident-banner.tsx'

const copy = incidentsCopy

export interface IncidentsPageProps {
  incidents: PastIncident[]
  csrfToken: string
  notice?: NoticeMessage
}

const isOpen = (incident: PastIncident) => incident.resolvedAt === null

/** How an incident stands: when it was told, and when and how it ended (or that it has not). */
const Outcome = ({ incident }: { incident: PastIncident }) => {
  const at = companyClock(BRAZIL_TIME_ZONE)
  const ends = [
    ...(incident.dismissedAt
      ? [copy.dismissed(at(incident.dismissedAt), incident.dismissedBy ?? 'sql')]
      : []),
    incident.resolvedAt ? copy.resolved(at(incident.resolvedAt)) : copy.stillOpen,
  ]
  return (
    <p class="hint">
      {copy.opened(at(incident.openedAt))}; {ends.join('; ')}.
    </p>
  )
}

/**
 * The pipeline's alerts of the last 90 days (decisions 052, 060): the open ones first, each
 * with "Dispensar" while nobody has, then the past ones with how each ended and who dismissed
 * it. Words of our own and counts only: no visitor's data.
 */
export const IncidentsPage = ({ incidents, csrfToken, notice }: IncidentsPageProps) => {
  const now = new Date()
  const open = incidents.filter(isOpen)
  const past = incidents.filter((incident) => !isOpen(incident))
  const list = (items: PastIncident[]) => (
    <ul class="stack incident-list">
      {items.map((incident) => (
        <li class="panel stack">
          <p>
            <IncidentWords incident={incident} now={incident.resolvedAt ?? now} />
          </p>
          <Outcome incident={incident} />
          {isOpen(incident) && incident.dismissedAt === null && (
            <DismissIncidentForm id={incident.id} csrfToken={csrfToken} />
          )}
        </li>
      ))}
    </ul>
  )
  return (
    <DeskDocument title={copy.title} csrfToken={csrfToken}>
      <h1>{copy.title}</h1>
      {notice && <Notice tone={notice.tone} text={notice.text} />}
      <p>{copy.intro}</p>
      {incidents.length === 0 && <p class="panel">{copy.none}</p>}
      {open.length > 0 && (
        <section aria-labelledby="alertas-abertos">
          <h2 id="alertas-abertos">{copy.openNow}</h2>
          {list(open)}
        </section>
      )}
      {past.length > 0 && (
        <section aria-labelledby="alertas-anteriores">
          <h2 id="alertas-anteriores">{copy.past}</h2>
          {list(past)}
        </section>
      )}
    </DeskDocument>
  )
}
