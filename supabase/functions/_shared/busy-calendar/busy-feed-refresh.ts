import type { BusyCalendarFeed } from './busy-calendar-settings.ts'
import { expandBusyTimes } from './busy-feed-expand.ts'
import type { Logger } from '../support/log.ts'
import type { RunQuery } from '../db/run-query.ts'
import { EXPANSION_LIMITS, type Expansion, type FeedWindow } from './busy-feed-limits.ts'
import type { CpuClock } from './busy-feed-guards.ts'
import { fetchFeed, type FeedLimits } from './busy-feed-fetch.ts'
import { contentProblemMessage, feedProblemMessage } from './busy-feed-messages.ts'
import type { ResolveHost } from './public-address.ts'

/**
 * One refresh of the company's busy times: read the feed, expand it over the agenda's horizon
 * and a margin, and replace private.busy_times with the result in one transaction
 * (private.replace_busy_times). When anything fails, the busy times stay as they were and
 * private.busy_feed_status says why (private.record_busy_feed_error). The Node server runs it
 * on a timer, the refresh-busy-calendar Edge Function when pg_cron asks.
 */

export interface BusyRefreshDeps {
  query: RunQuery
  /** The runtime's resolver: a redirect is followed only to a public host. */
  resolveHost: ResolveHost
  /** Lines carry the feed's host and counts only, never its address or its events. */
  log?: Logger
  /** The instant the window is counted from (tests pass a fixed one). */
  now?: () => Date
  limits?: FeedLimits
  /** Aborts the read (the server is stopping): nothing is written or recorded. */
  signal?: AbortSignal
  /**
   * How the feed's text becomes busy times: here, in this thread (the Edge Function, which
   * has no workers); the Node server passes one that runs it in a worker thread.
   */
  expand?: (
    text: string,
    window: FeedWindow,
    companyZone: string,
    signal?: AbortSignal,
  ) => Promise<Expansion>
  /** The process's CPU time, where the runtime tells it, for the read's work time. */
  cpuClock?: CpuClock
}

export type BusyRefreshOutcome =
  | { status: 'refreshed'; events: number }
  | { status: 'failed'; error: string }
  | { status: 'stopped' }

/**
 * Days past the horizon also imported. They are how long the feed may stay unreadable before
 * the horizon's last days have no busy times from it: two weeks (decision 031).
 */
export const MARGIN_DAYS = 14

const DAY_MS = 86_400_000

const isoOf = (epochMs: number) => new Date(epochMs).toISOString()

const recordFailure = async (
  feed: BusyCalendarFeed,
  deps: BusyRefreshDeps,
  message: string,
  kind: string,
): Promise<BusyRefreshOutcome> => {
  await deps.query('select private.record_busy_feed_error($1)', [message])
  deps.log?.error('busy_calendar_unreadable', { host: feed.host, problem: kind })
  return { status: 'failed', error: message }
}

export const refreshBusyTimes = async (
  feed: BusyCalendarFeed,
  deps: BusyRefreshDeps,
): Promise<BusyRefreshOutcome> => {
  const started = Date.now()
  const now = (deps.now?.() ?? new Date()).getTime()
  const { rows } = await deps.query(
    'select time_zone, horizon_days from private.booking_settings',
    [],
  )
  const companyZone = String(rows[0]?.time_zone ?? 'America/Sao_Paulo')
  const horizonDays = Number(rows[0]?.horizon_days ?? 21)
  // From a day back (what is on now), through the horizon's last local day, with a day to
  // spare for the company's offset from UTC, and the margin.
  const window = { from: now - DAY_MS, until: now + (horizonDays + 2 + MARGIN_DAYS) * DAY_MS }

  const read = await fetchFeed(feed.url, {
    resolveHost: deps.resolveHost,
    limits: deps.limits,
    signal: deps.signal,
  })
  if (!read.ok) {
    if ('aborted' in read) return { status: 'stopped' }
    return recordFailure(feed, deps, feedProblemMessage(feed.host, read.problem), read.problem.kind)
  }
  const expansion = deps.expand
    ? await deps.expand(read.text, window, companyZone, deps.signal)
    : await expandBusyTimes(read.text, window, companyZone, EXPANSION_LIMITS, deps.cpuClock)
  if (deps.signal?.aborted) return { status: 'stopped' }
  if (!expansion.ok) {
    const { problem } = expansion
    return recordFailure(feed, deps, contentProblemMessage(feed.host, problem), problem.kind)
  }

  const times = expansion.intervals.map((interval) => ({
    starts_at: isoOf(interval.startsAt),
    ends_at: isoOf(interval.endsAt),
    source_uid: interval.sourceUid,
  }))
  const { rows: stored } = await deps.query(
    'select private.replace_busy_times($1::jsonb) as events',
    [JSON.stringify(times)],
  )
  const events = Number(stored[0]?.events ?? 0)
  deps.log?.info('busy_calendar_refreshed', {
    host: feed.host,
    events,
    in_window: times.length,
    ms: Date.now() - started,
  })
  return { status: 'refreshed', events }
}
