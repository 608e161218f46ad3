import {
  isIncidentKind,
  isOutbox,
  type IncidentFacts,
  type Outbox,
} from '#shared/alerts/incident-copy.ts'
import { describeWebhookUrl } from '#shared/webhooks/webhook-receivers.ts'
import type { Queryable } from '../../db/database.ts'
import { readForNav } from '../layout/nav-reading.ts'

/** An incident the company was told about (decision 052), as the desk shows it. */
export interface OpenIncident extends IncidentFacts {
  id: string
  openedAt: Date
  /** The outbox holding what it is about (decision 060), when it concerns one. */
  outbox?: Outbox
}

/** An incident of the last 90 days, with how it ended: the desk's history of alerts. */
export interface PastIncident extends OpenIncident {
  resolvedAt: Date | null
  dismissedAt: Date | null
  /** How it was dismissed: 'painel' or 'sql'. */
  dismissedBy: string | null
}

const instant = (value: unknown) => (value instanceof Date ? value : new Date(String(value)))
const maybeInstant = (value: unknown) => (value === null ? null : instant(value))

const COLUMNS = `i.id::text as id, i.kind, i.since, i.opened_at, i.detail, i.resolved_at,
  i.dismissed_at, i.dismissed_by, r.url as receiver_url`
const FROM = `private.pipeline_incidents i
  left join private.webhook_receivers r
    on i.kind = 'webhook_set_apart' and r.id::text = i.subject`

const readIncident = (row: Record<string, unknown>): PastIncident[] => {
  if (!isIncidentKind(row.kind)) return []
  const detail =
    typeof row.detail === 'object' && row.detail !== null
      ? (row.detail as Record<string, unknown>)
      : {}
  return [
    {
      id: String(row.id),
      kind: row.kind,
      since: instant(row.since),
      openedAt: instant(row.opened_at),
      detail,
      ...(isOutbox(detail.outbox) ? { outbox: detail.outbox } : {}),
      ...(typeof row.receiver_url === 'string'
        ? { receiver: describeWebhookUrl(row.receiver_url) }
        : {}),
      resolvedAt: maybeInstant(row.resolved_at),
      dismissedAt: maybeInstant(row.dismissed_at),
      dismissedBy: typeof row.dismissed_by === 'string' ? row.dismissed_by : null,
    },
  ]
}

/**
 * The open incidents nobody dismissed, oldest first: a small table, read for every desk page.
 * A dismissed one is known to the team: it leaves the banner (and /healthz) and ends with its
 * problem.
 */
export const readOpenIncidents = async (db: Queryable): Promise<OpenIncident[]> => {
  const { rows } = await db.query<Record<string, unknown>>(
    `select ${COLUMNS} from ${FROM}
      where i.resolved_at is null and i.opened_at is not null and i.dismissed_at is null
      order by i.opened_at, i.id`,
  )
  return rows.flatMap(readIncident)
}

/** How many incidents the history shows at most (they are kept 90 days). */
export const HISTORY_LIMIT = 200

/** The incidents told in the last 90 days, newest first, open ones included. */
export const readIncidentHistory = async (db: Queryable): Promise<PastIncident[]> => {
  const { rows } = await db.query<Record<string, unknown>>(
    `select ${COLUMNS} from ${FROM}
      where i.opened_at is not null
      order by i.opened_at desc, i.id desc
      limit ${HISTORY_LIMIT}`,
  )
  return rows.flatMap(readIncident)
}

/** Dismisses one open incident from the desk; false when there is none such to dismiss. */
export const dismissIncident = async (db: Queryable, id: string): Promise<boolean> => {
  const { rows } = await db.query<{ dismissed: boolean }>(
    "select private.dismiss_incident($1::bigint, 'painel') as dismissed",
    [id],
  )
  return rows[0]?.dismissed === true
}

/** For every page (a GET outside /api/): the incidents the banner shows across the desk. */
export const readIncidentsForBanner = readForNav('incidents', readOpenIncidents)
