import type { MiddlewareHandler } from 'hono'
import {
  isIncidentKind,
  type IncidentFacts,
} from '../../../supabase/functions/_shared/incident-copy.ts'
import { describeWebhookUrl } from '../../../supabase/functions/_shared/webhook-receivers.ts'
import type { Queryable } from '../../db/database.ts'
import { deskPaths } from '../desk-paths.ts'
import type { DeskDeps, DeskEnv } from '../http/desk-env.ts'

/** An incident the company was told about and that is still going on (decision 052). */
export interface OpenIncident extends IncidentFacts {
  openedAt: Date
}

const instant = (value: unknown) => (value instanceof Date ? value : new Date(String(value)))

/** The open incidents, oldest first: a small table, read for every desk page. */
export const readOpenIncidents = async (db: Queryable): Promise<OpenIncident[]> => {
  const { rows } = await db.query<Record<string, unknown>>(
    `select i.kind, i.since, i.opened_at, i.detail, r.url as receiver_url
       from private.pipeline_incidents i
       left join private.webhook_receivers r
         on i.kind = 'webhook_set_apart' and r.id::text = i.subject
      where i.resolved_at is null and i.opened_at is not null
      order by i.opened_at, i.id`,
  )
  return rows.flatMap((row) =>
    isIncidentKind(row.kind)
      ? [
          {
            kind: row.kind,
            since: instant(row.since),
            openedAt: instant(row.opened_at),
            detail:
              typeof row.detail === 'object' && row.detail !== null
                ? (row.detail as Record<string, unknown>)
                : {},
            ...(typeof row.receiver_url === 'string'
              ? { receiver: describeWebhookUrl(row.receiver_url) }
              : {}),
          },
        ]
      : [],
  )
}

/** For every page (a GET outside /api/): the incidents the banner shows across the desk. */
export const readIncidentsForBanner =
  (deps: Pick<DeskDeps, 'db'>): MiddlewareHandler<DeskEnv> =>
  async (c, next) => {
    if (c.req.method === 'GET' && !c.req.path.startsWith(`${deskPaths.home}/api/`)) {
      c.set('deskNav', { ...c.get('deskNav'), incidents: await readOpenIncidents(deps.db) })
    }
    await next()
  }
