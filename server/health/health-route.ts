import { Hono } from 'hono'
import { within } from '#shared/support/within.ts'
import { secretMatches } from '#shared/http/sweep-secret.ts'
import type { Queryable } from '../db/database.ts'

/**
 * GET /healthz for an uptime monitor (decisions 052 and 057): the server is up, the database
 * answers, how long each queue's oldest item has waited, and which incidents are open. It will
 * be polled, by anyone: every server asks the database at most once per `cacheMs` however
 * often it is asked (concurrent requests share one query), and a database that does not
 * answer within `timeoutMs` is reported down without a second query piling up behind the first.
 *
 * 200 with "ok" or "degraded" (an incident is open: the site still serves and takes leads, so
 * a load balancer must keep the server), 503 with "down" when the database does not answer.
 * Anyone gets the status alone; the queues and the incidents' kinds (that mail is failing, say)
 * only a caller that sends HEALTH_TOKEN as `Authorization: Bearer …`. A wrong bearer gets 401,
 * so a monitor set up with a stale token says so instead of quietly seeing less.
 */

export interface HealthOptions {
  cacheMs: number
  timeoutMs: number
  /** HEALTH_TOKEN; without it nobody sees more than the status. */
  token?: string
}

type Access = 'status' | 'details' | 'refused'

/** Another scheme (a proxy's Basic auth in front of the whole site) is not ours to judge. */
const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i

const readAccess = async (authorization: string | undefined, token?: string): Promise<Access> => {
  if (authorization === undefined || !/^Bearer\b/i.test(authorization)) return 'status'
  const given = BEARER.exec(authorization)?.[1] ?? null
  return (await secretMatches(given, token)) ? 'details' : 'refused'
}

interface Snapshot {
  status: 200 | 503
  body: Record<string, unknown>
  at: number
}

const HEALTH_SQL = 'select private.pipeline_health() as health'

export const createHealthRoutes = (
  db: Queryable,
  { cacheMs = 5_000, timeoutMs = 2_000, token }: Partial<HealthOptions> = {},
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
    c.header('Cache-Control', 'no-store')
    c.header('Vary', 'Authorization')
    const access = await readAccess(c.req.header('authorization'), token)
    if (access === 'refused') {
      c.header('WWW-Authenticate', 'Bearer')
      return c.json(
        {
          error: 'invalid_token',
          message:
            'This bearer token is not HEALTH_TOKEN. Send HEALTH_TOKEN for the details, or no Authorization header for the status alone.',
        },
        401,
      )
    }
    const { status, body } = await snapshot()
    return c.json(access === 'details' ? body : { status: body.status }, status)
  })
}
