import type { BusyCalendarFeed } from '#shared/busy-calendar/busy-calendar-settings.ts'
import { refreshBusyTimes } from '#shared/busy-calendar/busy-feed-refresh.ts'
import type { RunQuery } from '#shared/db/run-query.ts'
import { startRepeatingJob } from '../jobs/repeating-job.ts'
import type { Logger } from '../log.ts'
import { expandInWorker } from './expand-in-worker.ts'
import { resolveHost } from './resolve-host.ts'

export interface BusyCalendarSchedule {
  feed: BusyCalendarFeed
  /** From the end of one read to the start of the next. */
  intervalMs: number
}

/**
 * Reads the company's calendar at once, then every intervalMs after each read ends (what
 * pg_cron does for the Edge Function on hosted Supabase), so reads never overlap. stop()
 * abandons a read in progress (a server that never answers would hold the shutdown for the
 * whole timeout) without recording it as the feed's failure, and waits for it to end.
 */
export const startBusyCalendarRefresh = (
  { feed, intervalMs }: BusyCalendarSchedule,
  query: RunQuery,
  log: Logger,
) =>
  startRepeatingJob({
    // Failing runs are the database's: the feed's own failures are recorded and logged inside.
    name: 'busy_calendar_refresh',
    fields: { host: feed.host },
    firstAfterMs: 0,
    everyMs: intervalMs,
    from: 'end',
    log,
    run: (signal) =>
      refreshBusyTimes(feed, {
        query,
        log,
        resolveHost,
        signal,
        expand: (text, window, zone, signal) => expandInWorker(text, window, zone, { signal }),
      }),
  })

/**
 * Without a feed nothing is read or changed; busy times an earlier import left stay in force
 * until they pass. Says so at start, so an operator who removed the setting knows.
 */
export const reportBusyCalendarOff = async (query: RunQuery, log: Logger) => {
  const { rows } = await query(
    'select count(*)::integer as kept from private.busy_times where ends_at > now()',
    [],
  )
  const kept = Number(rows[0]?.kept ?? 0)
  if (kept > 0) log.info('busy_calendar_off', { kept })
}
