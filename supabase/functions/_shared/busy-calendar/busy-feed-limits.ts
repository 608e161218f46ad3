/**
 * What reading a busy calendar's feed gives (busy times, or the problem that stopped it) and
 * what it may spend doing so (decision 042). busy-feed-expand.ts does the reading.
 */

export interface BusyInterval {
  /** Epoch ms. */
  startsAt: number
  endsAt: number
  /** The event's UID, with the instance's original start for a recurring one. */
  sourceUid: string
}

/** Epoch ms; only what touches [from, until) is kept, and cut to it. */
export interface FeedWindow {
  from: number
  until: number
}

export type FeedContentProblem =
  /** Not iCalendar that ical.js reads; eventDate when one event was the trouble. */
  | { kind: 'unparsable'; eventDate?: string }
  /** A recurrence that would take too long to expand up to the window. */
  | { kind: 'too_complex'; eventDate: string }
  | { kind: 'too_many_events'; limit: number }
  /** A time zone no real place has (busy-feed-guards.ts). */
  | { kind: 'absurd_zone'; zone: string }
  | { kind: 'too_many_zones'; limit: number }
  /** The feed's work as a whole passed its time. */
  | { kind: 'too_slow'; seconds: number }
  /** Reading it needed more memory than it may have (only where a worker runs it). */
  | { kind: 'too_much_memory'; megabytes: number }

export type Expansion =
  { ok: true; intervals: BusyInterval[] } | { ok: false; problem: FeedContentProblem }

export interface ExpansionLimits {
  /** Busy times in the window: a real calendar has a few dozen a week. */
  maxIntervals: number
  /**
   * Instances one series may yield from its start to the window's end: a daily meeting
   * since 1972, an hourly one for two years. ical.js has no way to start a series later
   * than its first instance, and each step costs some 40 µs.
   */
  maxStepsPerSeries: number
  /** The same for the whole feed. */
  maxStepsPerFeed: number
  /**
   * Candidate instants ical.js may test against a rule's BY… parts before it finds the next
   * instance. A rule no date satisfies (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30) makes it search
   * for ever (kewisch/ical.js#1038, open in 2.2.1); a real rule needs at most a few thousand
   * (a leap day, as a daily rule: 1 461).
   */
  maxRuleChecksPerInstance: number
  /**
   * Clock changes one zone may be expanded into (busy-feed-guards.ts), and all of them. A
   * zone with a yearly rule since 1601, as Outlook writes them, makes some 430 per
   * observance up to five years from now; a zone listing its whole history, some 200.
   */
  maxChangesPerZone: number
  maxZoneChanges: number
  /**
   * Milliseconds of work (scanning, parsing, expanding; not the time the runtime spends on
   * others between the pieces) the whole feed may take, counted as the smaller of wall time
   * and the process's CPU time (busy-feed-guards.ts), both never less than the read's own
   * CPU time. The Edge Function's CPU limit is 2 s per request; the Node server runs the
   * expansion in a worker and may allow more.
   */
  maxWorkMs: number
}

export const EXPANSION_LIMITS: ExpansionLimits = {
  maxIntervals: 10_000,
  maxStepsPerSeries: 20_000,
  maxStepsPerFeed: 300_000,
  maxRuleChecksPerInstance: 20_000,
  maxChangesPerZone: 2_000,
  maxZoneChanges: 20_000,
  maxWorkMs: 1_500,
}
