import { Hono } from 'hono'
import { within } from '../../supabase/functions/_shared/mail-delivery.ts'
import type { Queryable } from '../db/database.ts'

/**
 * GET /healthz for an uptime monitor (decision 052): the server is up, the database answers,
 * how long each queue's oldest item has waited, and which incidents are open. Counts and ages
 * only, no personal data. It will be polled, by anyone: every server asks the database at most
 * once per `cacheMs` however often it is asked (concurrent requests share one query), and a
 * database that does not answer within `timeoutMs` is reported down without a second query
 * piling up behind the first.
 *
 * 200 with "ok" or "degraded" (an incident is open: the site still serves and takes leads, so
 * a load balancer must keep the server), 503 with "down" when the database does not answer.
 */

export interface HealthOptions {
  cacheMs: number
  timeoutMs: number
}

interface Snapshot {
  status: 200 | 503
  body: Record<string, unknown>
  at: number
}

const HEALTH_SQL = 'select private.pipeline_health() as health'

export const createHealthRoutes = (
  db: Queryable,
  { cacheMs, timeoutMs }: HealthOptions = { cacheMs: 5_000, timeoutMs: 2_000 },
) => {
  let last: Snapshot | undefined
  let pending: Promise<Snapshot> | undefined

  const down = (): Snapshot => ({
    status: 503,
    body: { status: 'down', database: 'unreachable', checked_at: new Date().toISOString() },
    at: Date.now(),
  })
  const probe = async (): Promise<Snapshot> => {
    try {
      const { rows } = await db.query<{ health: { queues: unknown; incidents: string[] } }>(
        HEALTH_SQL,
      )
      const health = rows[0]?.health
      const incidents = Array.isArray(health?.incidents) ? health.incidents : []
      return {
        status: 200,
        body: {
          status: incidents.length > 0 ? 'degraded' : 'ok',
          database: 'ok',
          checked_at: new Date().toISOString(),
          queues: health?.queues ?? {},
          incidents,
        },
        at: Date.now(),
      }
    } catch {
      return down()
    }
  }
  const snapshot = async (): Promise<Snapshot> => {
    if (last && Date.now() - last.at < cacheMs) return last
    pending ??= probe().finally(() => {
      pending = undefined
    })
    const answered = await within(pending, timeoutMs)
    last = answered === 'deadline' ? down() : answered
    return last
  }

  return new Hono().get('/healthz', async (c) => {
    const { status, body } = await snapshot()
    c.header('Cache-Control', 'no-store')
    return c.json(body, status)
  })
}
