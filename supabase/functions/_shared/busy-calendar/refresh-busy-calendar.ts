import { schedulerHandler, schedulerJson } from '../http/scheduler-request.ts'
import {
  BUSY_CALENDAR_URL_SETTING,
  readBusyCalendarUrl,
  type BusyCalendarFeed,
} from './busy-calendar-settings.ts'
import { refreshBusyTimes, type BusyRefreshDeps } from './busy-feed-refresh.ts'
import { readDatabaseUrl, readSweepSecret } from '../http/function-env.ts'

/**
 * The refresh-busy-calendar Edge Function, runtime-neutral: pg_cron asks for it every ten
 * minutes through pg_net (private.request_edge_function), with the sweep secret. It answers
 * JSON for the scheduler's record (net._http_response) and the function's log.
 */

export interface RefreshBusyCalendarDeps extends BusyRefreshDeps {
  /** BOOKING_BUSY_CALENDAR_URL; without it the import is off and nothing is touched. */
  feed: BusyCalendarFeed | undefined
  /** MAIL_SWEEP_SECRET: only a caller that sends it may start a refresh. */
  sweepSecret: string | undefined
}

export interface RefreshFunctionSettings {
  databaseUrl: string
  feed: BusyCalendarFeed | undefined
  sweepSecret: string | undefined
  warnings: string[]
}

export type RefreshFunctionSettingsResult =
  { ok: true; settings: RefreshFunctionSettings } | { ok: false; problems: string[] }

/** What the function needs from its secrets: SUPABASE_DB_URL, the feed, the sweep secret. */
export const readRefreshFunctionSettings = (
  env: Readonly<Record<string, string | undefined>>,
): RefreshFunctionSettingsResult => {
  const problems: string[] = []
  const databaseUrl = readDatabaseUrl(env, problems)
  const feed = readBusyCalendarUrl(env[BUSY_CALENDAR_URL_SETTING])
  if (!feed.ok) problems.push(feed.problem)
  const sweepSecret = readSweepSecret(env, problems)
  if (!databaseUrl || !feed.ok || problems.length > 0) return { ok: false, problems }
  const warnings: string[] = []
  if (feed.feed === undefined) {
    warnings.push(
      `${BUSY_CALENDAR_URL_SETTING} is not set: the company's calendar is not read (docs/deploy.md).`,
    )
  } else if (sweepSecret === undefined) {
    warnings.push(
      'MAIL_SWEEP_SECRET is missing: the scheduled refresh is refused, so busy times are not read (docs/deploy.md).',
    )
  }
  return { ok: true, settings: { databaseUrl, feed: feed.feed, sweepSecret, warnings } }
}

export const handleRefreshBusyCalendar = schedulerHandler(
  'Only the scheduler may refresh the busy times.',
  async (deps: RefreshBusyCalendarDeps) => {
    if (deps.feed === undefined) return schedulerJson(200, { ok: true, status: 'off' })
    const outcome = await refreshBusyTimes(deps.feed, deps)
    if (outcome.status === 'refreshed') {
      return schedulerJson(200, { ok: true, status: 'refreshed', events: outcome.events })
    }
    if (outcome.status === 'failed') {
      return schedulerJson(502, { ok: false, status: 'failed', error: outcome.error })
    }
    return schedulerJson(503, { ok: false, status: 'stopped' })
  },
  (error, deps) => {
    // The database went away (or a bug): the busy times are as they were.
    deps.log?.error('busy_calendar_refresh_failed', {
      message: error instanceof Error ? error.message : 'unknown',
    })
    return schedulerJson(500, { ok: false, status: 'error' })
  },
)
