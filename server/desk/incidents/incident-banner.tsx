/** @jsxImportSource hono/jsx */
import {
  companyClock,
  describeIncident,
  type IncidentKind,
} from '../../../supabase/functions/_shared/incident-copy.ts'
import { BRAZIL_TIME_ZONE } from '../leads/export/brazil-time.ts'
import { deskCopy } from '../copy.ts'
import { deskPaths } from '../desk-paths.ts'
import { useDeskNav } from '../frame/desk-nav.tsx'

/** Where in the desk each kind of incident is dealt with. */
const PLACES: Partial<Record<IncidentKind, string>> = {
  mail_refused: deskPaths.leads,
  busy_calendar: deskPaths.agenda,
  webhook_set_apart: deskPaths.webhooks,
  quarantine_full: deskPaths.quarantine,
  mail_failing: deskPaths.home,
}

/**
 * Across the top of every desk page while the pipeline has an open incident: what broke, since
 * when, and what to do (decision 052). It goes away by itself when the problem does.
 */
export const IncidentBanner = () => {
  const incidents = useDeskNav().incidents ?? []
  if (incidents.length === 0) return null
  const now = new Date()
  const at = companyClock(BRAZIL_TIME_ZONE)
  const copy = deskCopy.incidents
  return (
    <section class="incident-banner" aria-labelledby="alertas-titulo">
      <h2 id="alertas-titulo">{copy.heading(incidents.length)}</h2>
      <ul>
        {incidents.map((incident) => {
          const words = describeIncident(incident, now, at)
          const place = PLACES[incident.kind]
          return (
            <li>
              <strong>{words.title}.</strong> {words.summary}{' '}
              <span class="incident-action">
                {copy.action} {words.action}
              </span>
              {place && (
                <>
                  {' '}
                  <a href={place}>{copy.open}</a>
                </>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
