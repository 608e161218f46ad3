import ICAL from 'ical.js'
import { isKnownTimeZone, wallClockToEpochMs } from './zoned-time.ts'

/**
 * An iCalendar feed's busy times over a window, with Mozilla's ical.js: recurring events
 * expanded (RRULE, RDATE, EXDATE), an instance moved or cancelled by its own VEVENT
 * (RECURRENCE-ID) taken as that VEVENT says, cancelled events and transparent ("free") ones
 * left out, times in a zone the feed defines (VTIMEZONE) read with that definition. Only the
 * times leave this file: titles, attendees and descriptions may name other clients.
 *
 * Times that name no zone the feed defines:
 * - a TZID the feed does not define but the runtime knows (an IANA name): read with the
 *   runtime's zone data;
 * - floating times (no zone at all): the calendar's zone (X-WR-TIMEZONE, as Google writes
 *   it), else the company's;
 * - all-day dates: the whole day on the company's clock, the days the agenda is made of.
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

export type Expansion =
  { ok: true; intervals: BusyInterval[] } | { ok: false; problem: FeedContentProblem }

export const EXPANSION_LIMITS = {
  /** Busy times in the window: a real calendar has a few dozen a week. */
  maxIntervals: 10_000,
  /**
   * Instances one series may yield from its start to the window's end: a daily meeting
   * since 1972, an hourly one for two years. ical.js has no way to start a series later
   * than its first instance, and each step costs some 40 µs.
   */
  maxStepsPerSeries: 20_000,
  /** The same for the whole feed. */
  maxStepsPerFeed: 300_000,
  /**
   * Candidate instants ical.js may test against a rule's BY… parts before it finds the next
   * instance. A rule no date satisfies (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30) makes it search
   * for ever (kewisch/ical.js#1038, open in 2.2.1); a real rule needs at most a few thousand
   * (a leap day, as a daily rule: 1 461).
   */
  maxRuleChecksPerInstance: 20_000,
}

class ExpansionStopped extends Error {
  constructor(readonly problem: FeedContentProblem) {
    super(problem.kind)
  }
}

class RuleSearchExhausted extends Error {}

// The search of #1038 happens inside one synchronous next(); the only way in is the check it
// repeats. Counted from each next() of an expansion (nothing else in the process uses
// ical.js), unbounded otherwise. Remove once ical.js bounds the search itself.
let ruleChecksLeft = Number.POSITIVE_INFINITY
const iteratorPrototype = ICAL.RecurIterator.prototype
const checkContractingRules = iteratorPrototype.check_contracting_rules
iteratorPrototype.check_contracting_rules = function (this: ICAL.RecurIterator) {
  ruleChecksLeft -= 1
  if (ruleChecksLeft < 0) throw new RuleSearchExhausted()
  return checkContractingRules.call(this)
}

/**
 * An ical.js Event over one VEVENT. Its exceptions are given (none: this file pairs a series
 * with its changed instances itself), since without them the constructor searches every
 * other VEVENT of the calendar for them: quadratic in the feed's size.
 */
const eventOf = (component: ICAL.Component) => new ICAL.Event(component, { exceptions: [] })

const textOf = (component: ICAL.Component, name: string): string => {
  const value = component.getFirstPropertyValue(name)
  return typeof value === 'string' ? value : ''
}

const tzidOf = (component: ICAL.Component, name: string): string | undefined => {
  const tzid = component.getFirstProperty(name)?.getParameter('tzid')
  return typeof tzid === 'string' ? tzid : undefined
}

/** Cancelled, or "show me as free": not busy. Anything else (tentative too) is. */
const isBusy = (component: ICAL.Component): boolean =>
  textOf(component, 'status').toUpperCase() !== 'CANCELLED' &&
  textOf(component, 'transp').toUpperCase() !== 'TRANSPARENT'

/** The day on the event's own clock, for a message the company can find the event by. */
const dayOf = (time: ICAL.Time | null | undefined): string =>
  time
    ? `${String(time.day).padStart(2, '0')}/${String(time.month).padStart(2, '0')}/${time.year}`
    : '?'

/** dayOf an event that may be what failed to read. */
const startDayOf = (component: ICAL.Component): string | undefined => {
  try {
    return dayOf(eventOf(component).startDate)
  } catch {
    return undefined
  }
}

interface Zones {
  /** Floating times. */
  calendar: string
  /** All-day dates. */
  company: string
}

const wallClock = (time: ICAL.Time) => ({
  year: time.year,
  month: time.month,
  day: time.day,
  hour: time.isDate ? 0 : time.hour,
  minute: time.isDate ? 0 : time.minute,
  second: time.isDate ? 0 : time.second,
})

const instantOf = (time: ICAL.Time, tzid: string | undefined, zones: Zones): number => {
  if (time.isDate) return wallClockToEpochMs(wallClock(time), zones.company)
  // UTC, or a zone the feed defines (or one ical.js knows): ical.js knows the offset.
  if (time.zone && time.zone.tzid !== 'floating') return time.toUnixTime() * 1000
  const zone = tzid !== undefined && isKnownTimeZone(tzid) ? tzid : zones.calendar
  return wallClockToEpochMs(wallClock(time), zone)
}

interface SeriesParts {
  /** The VEVENT without RECURRENCE-ID (absent when the feed holds only changed instances). */
  master?: ICAL.Component
  /** The VEVENTs that replace one instance each (RECURRENCE-ID). */
  overrides: ICAL.Component[]
}

/** VEVENTs by UID: a series and the instances it moved or cancelled. */
const seriesOf = (events: ICAL.Component[]): Map<string, SeriesParts> => {
  const series = new Map<string, SeriesParts>()
  events.forEach((event, index) => {
    let uid = textOf(event, 'uid') || `sem-uid-${index}`
    const isOverride = event.hasProperty('recurrence-id')
    // A second VEVENT with a master's UID and no RECURRENCE-ID: keep it as an event of its own.
    if (!isOverride && series.get(uid)?.master) uid = `${uid}#${index}`
    const parts = series.get(uid) ?? { overrides: [] }
    if (isOverride) parts.overrides.push(event)
    else parts.master = event
    series.set(uid, parts)
  })
  return series
}

const isoOf = (epochMs: number) => new Date(epochMs).toISOString().replace('.000Z', 'Z')

class Collector {
  readonly intervals: BusyInterval[] = []
  constructor(
    private readonly window: FeedWindow,
    private readonly maxIntervals: number,
  ) {}

  add(startsAt: number, endsAt: number, sourceUid: string) {
    const { from, until } = this.window
    if (!(endsAt > startsAt) || endsAt <= from || startsAt >= until) return
    this.intervals.push({
      startsAt: Math.max(startsAt, from),
      endsAt: Math.min(endsAt, until),
      sourceUid,
    })
    if (this.intervals.length > this.maxIntervals) {
      throw new ExpansionStopped({ kind: 'too_many_events', limit: this.maxIntervals })
    }
  }
}

/** One VEVENT as it stands: a single event, or one changed instance of a series. */
const addSingle = (component: ICAL.Component, uid: string, zones: Zones, out: Collector) => {
  if (!isBusy(component)) return
  const event = eventOf(component)
  if (!event.startDate) return
  const startsAt = instantOf(event.startDate, tzidOf(component, 'dtstart'), zones)
  const endsAt = instantOf(event.endDate, tzidOf(component, 'dtend'), zones)
  const recurrenceId = component.hasProperty('recurrence-id')
    ? ` ${isoOf(instantOf(event.recurrenceId, tzidOf(component, 'recurrence-id'), zones))}`
    : ''
  out.add(startsAt, endsAt, `${uid}${recurrenceId}`)
}

/**
 * Whether every rule of the series ended a week or more before `from` (and no RDATE adds
 * more): none of its instances, even a long one, can reach the window.
 */
const endedBefore = (master: ICAL.Component, from: number): boolean => {
  if (master.hasProperty('rdate')) return false
  const rules = master.getAllProperties('rrule').map((rule) => rule.getFirstValue())
  return (
    rules.length > 0 &&
    rules.every(
      (rule) =>
        rule instanceof ICAL.Recur &&
        rule.until !== null &&
        rule.until.toUnixTime() * 1000 < from - 7 * 86_400_000,
    )
  )
}

interface StepBudget {
  /** Instances the rest of the feed may still yield. */
  feedStepsLeft: number
}

/** Every instance of a recurring VEVENT up to the window's end, but those overridden. */
const addSeries = (
  master: ICAL.Component,
  overrides: ICAL.Component[],
  uid: string,
  zones: Zones,
  out: Collector,
  window: FeedWindow,
  limits: typeof EXPANSION_LIMITS,
  budget: StepBudget,
) => {
  if (!isBusy(master)) return
  const event = eventOf(master)
  if (!event.startDate || endedBefore(master, window.from)) return
  const tooComplex = () =>
    new ExpansionStopped({ kind: 'too_complex', eventDate: dayOf(event.startDate) })
  const startTzid = tzidOf(master, 'dtstart')
  const endTzid = tzidOf(master, 'dtend') ?? startTzid
  const overridden = new Set(
    overrides.map((override) =>
      instantOf(eventOf(override).recurrenceId, tzidOf(override, 'recurrence-id'), zones),
    ),
  )
  const duration = event.duration
  const expansion = event.iterator()
  const next = () => {
    ruleChecksLeft = limits.maxRuleChecksPerInstance
    try {
      return expansion.next()
    } catch (error) {
      throw error instanceof RuleSearchExhausted ? tooComplex() : error
    } finally {
      ruleChecksLeft = Number.POSITIVE_INFINITY
    }
  }
  let steps = 0
  for (let instance = next(); instance; instance = next()) {
    steps += 1
    budget.feedStepsLeft -= 1
    if (steps > limits.maxStepsPerSeries || budget.feedStepsLeft < 0) throw tooComplex()
    const startsAt = instantOf(instance, startTzid, zones)
    if (startsAt >= window.until) break
    if (overridden.has(startsAt)) continue
    const end = instance.clone()
    end.addDuration(duration)
    out.add(startsAt, instantOf(end, endTzid, zones), `${uid} ${isoOf(startsAt)}`)
  }
}

const calendarsIn = (text: string): ICAL.Component[] => {
  const parsed: unknown = ICAL.parse(text)
  // One calendar parses to a jCal array ['vcalendar', …]; several to an array of those.
  const list = Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : parsed
  if (!Array.isArray(list)) return []
  return list.map((jcal) => new ICAL.Component(jcal as unknown[]))
}

/** Lets the event loop serve others between series, so a large feed never holds it long. */
const YIELD_EVERY_MS = 10
const breathe = () => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * The busy intervals of `text` that touch `window`, sorted by start; all-day dates and
 * floating times without X-WR-TIMEZONE are read in `companyZone`.
 */
export const expandBusyTimes = async (
  text: string,
  window: FeedWindow,
  companyZone: string,
  limits = EXPANSION_LIMITS,
): Promise<Expansion> => {
  let calendars: ICAL.Component[]
  try {
    calendars = calendarsIn(text)
  } catch {
    return { ok: false, problem: { kind: 'unparsable' } }
  }
  if (calendars.length === 0 || calendars.some((calendar) => calendar.name !== 'vcalendar')) {
    return { ok: false, problem: { kind: 'unparsable' } }
  }
  const out = new Collector(window, limits.maxIntervals)
  const budget = { feedStepsLeft: limits.maxStepsPerFeed }
  let current: ICAL.Component | undefined
  let lastBreath = Date.now()
  try {
    for (const calendar of calendars) {
      const declared = textOf(calendar, 'x-wr-timezone')
      const zones = {
        calendar: declared && isKnownTimeZone(declared) ? declared : companyZone,
        company: companyZone,
      }
      const events = calendar.getAllSubcomponents('vevent')
      for (const [uid, { master, overrides }] of seriesOf(events)) {
        if (Date.now() - lastBreath > YIELD_EVERY_MS) {
          await breathe()
          lastBreath = Date.now()
        }
        current = master
        if (master && eventOf(master).isRecurring()) {
          addSeries(master, overrides, uid, zones, out, window, limits, budget)
        } else if (master) {
          addSingle(master, uid, zones, out)
        }
        for (const override of overrides) {
          current = override
          addSingle(override, uid, zones, out)
        }
      }
    }
  } catch (error) {
    if (error instanceof ExpansionStopped) return { ok: false, problem: error.problem }
    return { ok: false, problem: { kind: 'unparsable', eventDate: current && startDayOf(current) } }
  }
  out.intervals.sort((a, b) => a.startsAt - b.startsAt)
  return { ok: true, intervals: out.intervals }
}
