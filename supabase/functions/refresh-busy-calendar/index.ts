// The Supabase Edge Function that reads the company's calendar feed into private.busy_times,
// when pg_cron asks (every ten minutes, with the sweep secret). Everything else lives in
// ../_shared/ and is what the Node server runs on its timer. Secrets: BOOKING_BUSY_CALENDAR_URL
// (the calendar's secret iCal address) and MAIL_SWEEP_SECRET; the platform provides
// SUPABASE_DB_URL.
// @ts-types="npm:@types/pg@8.23.1"
import process from 'node:process'
import pg from 'pg'
import {
  handleRefreshBusyCalendar,
  readRefreshFunctionSettings,
  type RefreshFunctionSettings,
} from '../_shared/refresh-busy-calendar.ts'

const log = (level: 'info' | 'error', event: string, fields?: Record<string, unknown>) =>
  console[level === 'error' ? 'error' : 'log'](
    JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }),
  )

/**
 * Every address a host a feed's redirect names has (A and AAAA), for the check that it is on
 * the public internet. Deno.resolveDns asks DNS itself; Supabase's runtime provides it.
 */
const resolveHost = async (hostname: string): Promise<string[]> => {
  const found = await Promise.allSettled([
    Deno.resolveDns(hostname, 'A'),
    Deno.resolveDns(hostname, 'AAAA'),
  ])
  return found.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []))
}

/**
 * The process's CPU time, for the read's work time (busy-feed-guards.ts takes the smaller of
 * it and wall time). On a runtime that does not tell it, wall time alone bounds the read.
 */
const cpuClock = (() => {
  const read = () => {
    const { user, system } = process.cpuUsage()
    return (user + system) / 1000
  }
  try {
    read()
    return read
  } catch {
    return undefined
  }
})()

const loaded = readRefreshFunctionSettings(Deno.env.toObject())

const serveMisconfigured = (problems: string[]) => {
  log('error', 'function_not_configured', { problems })
  return () =>
    new Response(
      JSON.stringify({ error: { code: 'not_configured', message: problems.join(' ') } }),
      { status: 500, headers: { 'Content-Type': 'application/json; charset=utf-8' } },
    )
}

const serveConfigured = (settings: RefreshFunctionSettings) => {
  for (const warning of settings.warnings) log('error', 'function_setting_warning', { warning })
  const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 2 })
  const deps = {
    feed: settings.feed,
    sweepSecret: settings.sweepSecret,
    query: async (sql: string, params: unknown[]) => await pool.query(sql, params),
    resolveHost,
    cpuClock,
    log: {
      info: (event: string, fields?: Record<string, string | number>) => log('info', event, fields),
      error: (event: string, fields?: Record<string, string | number>) =>
        log('error', event, fields),
    },
  }
  return (req: Request) => handleRefreshBusyCalendar(req, deps)
}

Deno.serve(loaded.ok ? serveConfigured(loaded.settings) : serveMisconfigured(loaded.problems))
