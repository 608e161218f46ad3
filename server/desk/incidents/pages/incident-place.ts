import type { Outbox } from '#shared/alerts/incident-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import type { OpenIncident } from '../open-incidents.ts'

/** Where in the desk each outbox's messages are dealt with. */
const OUTBOX_PLACES: Record<Outbox, string> = {
  lead_mail: deskPaths.leads,
  booking_mail: deskPaths.agenda,
  replies: deskPaths.leads,
  alerts: deskPaths.leads,
  webhooks: deskPaths.webhooks,
}

/** Where in the desk an incident is dealt with: its outbox's place, else its kind's. */
export const placeOf = (incident: OpenIncident): string | undefined => {
  if (incident.outbox) return OUTBOX_PLACES[incident.outbox]
  switch (incident.kind) {
    case 'busy_calendar':
      return deskPaths.agenda
    case 'quarantine_full':
      return deskPaths.quarantine
    case 'mail_failing':
      return deskPaths.home
    case 'mail_refused':
      return deskPaths.leads
    case 'webhook_set_apart':
      return deskPaths.webhooks
    case 'backup_failed':
      return undefined
  }
}
