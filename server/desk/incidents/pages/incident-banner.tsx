/** @jsxImportSource hono/jsx */
import { companyClock, describeIncident, outboxNames } from '#shared/alerts/incident-copy.ts'
import { BRAZIL_TIME_ZONE } from '../../leads/export/brazil-time.ts'
import { incidentsCopy } from '../incidents-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { useDeskNav } from '../../layout/desk-nav.tsx'
import type { OpenIncident } from '../open-incidents.ts'
import { placeOf } from './incident-place.ts'

const copy = incidentsCopy

/** What broke, since when, what to do, which outbox, and where in the desk (decisions 052, 060). */
export const IncidentWords = ({ incident, now }: { incident: OpenIncident; now: Date }) => {
  const words = describeIncident(incident, now, companyClock(BRAZIL_TIME_ZONE))
  const place = placeOf(incident)
  return (
    <>
      <strong>{words.title}.</strong> {words.summary}{' '}
      {incident.outbox && <>{copy.outbox(outboxNames[incident.outbox])} </>}
      <span class="incident-action">
        {copy.action} {words.action}
      </span>
      {place && (
        <>
          {' '}
          <a href={place}>{copy.open}</a>
        </>
      )}
    </>
  )
}

/** "Dispensar": known to the team, off the banner; it ends when its problem does. */
export const DismissIncidentForm = ({ id, csrfToken }: { id: string; csrfToken: string }) => (
  <form method="post" action={deskPaths.incidentDismiss(id)} class="incident-dismiss">
    <input type="hidden" name="_csrf" value={csrfToken} />
    <button type="submit" class="secondary" title={copy.dismissHint}>
      {copy.dismiss}
    </button>
  </form>
)

/**
 * Across the top of every desk page while the pipeline has an open incident nobody dismissed:
 * what broke, since when, what to do, and where in the desk (decision 052). It goes away by
 * itself when the problem does, or when someone dismisses it (decision 060).
 */
export const IncidentBanner = ({ csrfToken }: { csrfToken: string }) => {
  const incidents = useDeskNav().incidents ?? []
  if (incidents.length === 0) return null
  const now = new Date()
  return (
    <section class="incident-banner" aria-labelledby="alertas-titulo">
      <h2 id="alertas-titulo">{copy.heading(incidents.length)}</h2>
      <ul>
        {incidents.map((incident) => (
          <li>
            <IncidentWords incident={incident} now={now} />{' '}
            <DismissIncidentForm id={incident.id} csrfToken={csrfToken} />
          </li>
        ))}
      </ul>
      <p class="incident-history">
        <a href={deskPaths.incidents}>{copy.history}</a>
      </p>
    </section>
  )
}
