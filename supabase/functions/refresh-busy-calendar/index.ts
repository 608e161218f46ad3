// The Supabase Edge Function that reads the company's calendar feed into private.busy_times,
// when pg_cron asks (every ten minutes, with the sweep secret). Everything else lives in
// ../_shared/ and is what the Node server runs on its timer. Secrets: BOOKING_BUSY_CALENDAR_URL
// (the calendar's secret iCal address) and MAIL_SWEEP_SECRET; the platform provides
// SUPABASE_DB_URL.
import process from 'node:process'
import { serveScheduled } from '../_shared/http/edge-function.ts'
import {
  handleRefreshBusyCalendar,
  readRefreshFunctionSettings,
} from '../_shared/busy-calendar/refresh-busy-calendar.ts'

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

Deno.serve(
  serveScheduled(readRefreshFunctionSettings(Deno.env.toObject()), 2, (settings, basics) => {
    const deps = { ...basics, feed: settings.feed, resolveHost, cpuClock }
    return (req) => handleRefreshBusyCalendar(req, deps)
  }),
)
