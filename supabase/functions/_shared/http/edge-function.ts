// @ts-types="npm:@types/pg@8.23.1"
import pg from 'pg'
import type { InTransaction } from '../db/anon-request.ts'
import { prepareConnection } from '../db/connection-settings.ts'
import { errorAnswer } from './function-json.ts'
import type { SiteUrlResult } from './function-settings.ts'
import type { Logger } from '../support/log.ts'
import type { RunQuery } from '../db/run-query.ts'
import { schedulerJson } from './scheduler-request.ts'

/**
 * What every Supabase Edge Function's entry file does, once: read its settings, log what is
 * missing or doubtful, open its database, and serve its shared handler (which the Node server
 * runs too). An entry file only names its settings and wires its handler (`Deno.serve(…)`).
 */

type Handler = (req: Request) => Response | Promise<Response>

/** What a settings reader gives: the settings, or every problem that stops the function. */
export type LoadedSettings<S> = { ok: true; settings: S } | { ok: false; problems: string[] }

/** One JSON line per event: errors to stderr, the rest to stdout (the platform keeps both). */
export const functionLog = (
  level: 'info' | 'error',
  event: string,
  fields?: Record<string, unknown>,
) =>
  console[level === 'error' ? 'error' : 'log'](
    JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }),
  )

/** The shared core's logger, on the function's log. */
export const deliveryLog: Logger = {
  info: (event, fields) => functionLog('info', event, fields),
  error: (event, fields) => functionLog('error', event, fields),
}

/** One connection per request's transaction, as PostgREST holds one per request. */
const transactionsOn =
  (pool: pg.Pool): InTransaction =>
  async (fn) => {
    const client = await pool.connect()
    let broken: Error | undefined
    try {
      await client.query('begin')
      const result = await fn(client)
      await client.query('commit')
      return result
    } catch (error) {
      await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError))
      throw error
    } finally {
      // A connection that cannot even roll back is dropped rather than handed out again.
      client.release(broken)
    }
  }

/** The function's database: a small pool, the one way the shared core runs SQL, transactions. */
export const openDatabase = (databaseUrl: string, max: number) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, onConnect: prepareConnection })
  // An idle connection the database dropped (a restart) must not end the function.
  pool.on('error', () => {})
  const query: RunQuery = async (sql, params) => await pool.query(sql, params)
  return { query, inTransaction: transactionsOn(pool) }
}

/** Supabase's runtime keeps a request's background work alive through this, when present. */
export const waitUntil = (work: Promise<unknown>) => {
  const runtime = (globalThis as { EdgeRuntime?: { waitUntil(work: Promise<unknown>): void } })
    .EdgeRuntime
  runtime?.waitUntil(work)
}

/** How a function without its settings answers, by who calls it. */
export const notConfigured = {
  /** The browser: JSON with CORS headers, so it logs the real reason, not a CORS error. */
  browser:
    (problems: string[]): Handler =>
    (req) =>
      errorAnswer(500, 'not_configured', problems.join(' '), req.headers.get('origin')),
  /** pg_cron: JSON. */
  scheduler: (problems: string[]): Handler => {
    const body = { error: { code: 'not_configured', message: problems.join(' ') } }
    return () => schedulerJson(500, body)
  },
  /** A form or a calendar app: no page to send anyone to, so the reason, plainly. */
  text:
    (problems: string[], headers: Record<string, string> = {}): Handler =>
    () =>
      new Response(`This function is not configured: ${problems.join(' ')}\n`, {
        status: 500,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers },
      }),
}

/** The settings with SITE_URL, which the pages a function links to need. */
export const withSiteUrl = <S>(
  loaded: LoadedSettings<S>,
  site: SiteUrlResult,
): LoadedSettings<S & { siteUrl: string }> =>
  loaded.ok && site.ok
    ? { ok: true, settings: { ...loaded.settings, siteUrl: site.siteUrl } }
    : {
        ok: false,
        problems: [...(loaded.ok ? [] : loaded.problems), ...(site.ok ? [] : [site.problem])],
      }

/**
 * The function's handler: `configured` once its settings read whole (their warnings logged
 * once), else `misconfigured`, with what is missing logged once at start.
 */
export const serveFunction = <S extends { warnings?: string[] }>(
  loaded: LoadedSettings<S>,
  configured: (settings: S) => Handler,
  misconfigured: (problems: string[]) => Handler,
): Handler => {
  if (!loaded.ok) {
    functionLog('error', 'function_not_configured', { problems: loaded.problems })
    return misconfigured(loaded.problems)
  }
  for (const warning of loaded.settings.warnings ?? []) {
    functionLog('error', 'function_setting_warning', { warning })
  }
  return configured(loaded.settings)
}

/** What every function pg_cron calls gives its handler: its database, the secret, the log. */
export interface ScheduledBasics {
  query: RunQuery
  sweepSecret: string | undefined
  log: Logger
}

/**
 * A function only pg_cron calls: served like any other, with its database (a pool of `max`)
 * opened for `configured`, and the scheduler's JSON answer when its settings are missing.
 */
export const serveScheduled = <
  S extends { databaseUrl: string; sweepSecret: string | undefined; warnings?: string[] },
>(
  loaded: LoadedSettings<S>,
  max: number,
  configured: (settings: S, basics: ScheduledBasics) => Handler,
): Handler =>
  serveFunction(
    loaded,
    (settings) =>
      configured(settings, {
        query: openDatabase(settings.databaseUrl, max).query,
        sweepSecret: settings.sweepSecret,
        log: deliveryLog,
      }),
    notConfigured.scheduler,
  )
