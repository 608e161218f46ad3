import ICAL from 'ical.js'
import {
  GuardTripped,
  guarded,
  newFeedWork,
  tick,
  type CpuClock,
  type GuardStop,
} from './busy-feed-guards.ts'
import { scanFeed, type EventBlock, type Scan, type ScannedCalendar } from './busy-feed-scan.ts'
import {
  EXPANSION_LIMITS,
  type BusyInterval,
  type Expansion,
  type ExpansionLimits,
  type FeedContentProblem,
  type FeedWindow,
} from './busy-feed-limits.ts'
import { isKnownTimeZone, wallClockToEpochMs } from '../support/zoned-time.ts'

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
 *
 * The feed is someone else's text, so it is read in pieces (busy-feed-scan.ts: events that
 * cannot touch the window are never parsed) with every ical.js loop counted
 * (busy-feed-guards.ts), within EXPANSION_LIMITS; a feed past them is refused with the
 * reason (decision 042).
 */

class ExpansionStopped extends Error {
  constructor(readonly problem: FeedContentProblem) {
    super(problem.kind)
  }
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
  master?: EventBlock
  /** The VEVENTs that replace one instance each (RECURRENCE-ID). */
  overrides: EventBlock[]
}

/** VEVENTs by UID: a series and the instances it moved or cancelled. */
const seriesOf = (events: EventBlock[]): Map<string, SeriesParts> => {
  const series = new Map<string, SeriesParts>()
  events.forEach((event, index) => {
    let uid = event.uid || `sem-uid-${index}`
    // A second VEVENT with a master's UID and no RECURRENCE-ID: keep it as an event of its own.
    if (!event.override && series.get(uid)?.master) uid = `${uid}#${index}`
    const parts = series.get(uid) ?? { overrides: [] }
    if (event.override) parts.overrides.push(event)
    else parts.master = event
    series.set(uid, parts)
  })
  return series
}

/** Days since 1970 (UTC) of an instant. */
const utcDay = (epochMs: number) => Math.floor(epochMs / 86_400_000)

/**
 * Whether an event may touch the window, from the days the scan read, with two days to spare
 * for any zone's offset: a meeting of three years ago is never parsed. A repeating one may
 * touch it unless it starts after the window; one whose dates the scan cannot read always may.
 */
const mayTouch = (event: EventBlock, window: FeedWindow): boolean => {
  const { startDay, endDay, recurrenceDay } = event
  if (startDay === undefined || (event.override && recurrenceDay === undefined)) return true
  const first = utcDay(window.from) - 2
  const last = utcDay(window.until) + 2
  const starts = recurrenceDay === undefined ? [startDay] : [startDay, recurrenceDay]
  if (Math.min(...starts) > last) return false
  if (event.recurring || event.duration) return true
  // Without DTEND or DURATION an event ends as it starts (a date: at the end of that day).
  return Math.max(endDay ?? startDay + 1, ...starts) >= first
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
  limits: ExpansionLimits,
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
    try {
      return expansion.next()
    } catch (error) {
      const searched = error instanceof GuardTripped && error.stop.kind === 'rule_search'
      throw searched ? tooComplex() : error
    }
  }
  // Instances that end days before the window are only stepped over: reading one's instant
  // costs as much as finding it.
  const wholeDays = Math.ceil(duration.toSeconds() / 86_400)
  const firstDay = Math.floor(window.from / 86_400_000) - 2 - wholeDays
  let steps = 0
  for (let instance = next(); instance; instance = next()) {
    steps += 1
    budget.feedStepsLeft -= 1
    if (steps > limits.maxStepsPerSeries || budget.feedStepsLeft < 0) throw tooComplex()
    if (Date.UTC(instance.year, instance.month - 1, instance.day) / 86_400_000 < firstDay) continue
    const startsAt = instantOf(instance, startTzid, zones)
    if (startsAt >= window.until) break
    if (overridden.has(startsAt)) continue
    const end = instance.clone()
    end.addDuration(duration)
    out.add(startsAt, instantOf(end, endTzid, zones), `${uid} ${isoOf(startsAt)}`)
  }
}

/** A piece of the feed (its zones, or one event) parsed alone by ical.js. */
const parsePiece = (text: string, name: string): ICAL.Component => {
  const component = new ICAL.Component(ICAL.parse(text) as unknown[])
  if (component.name !== name) throw new Error(`expected ${name}, got ${component.name}`)
  return component
}

/**
 * The calendar's zones in a VCALENDAR of their own. Each event is attached to it while it is
 * read, so that ical.js finds the zones its times name (and keeps each zone's expansion for
 * the next event), and detached after, so that looking a zone up never walks other events.
 */
const zonesOf = (calendar: ScannedCalendar) =>
  parsePiece(`BEGIN:VCALENDAR\r\n${calendar.zones.join('')}END:VCALENDAR\r\n`, 'vcalendar')

/** Lets the event loop serve others between series, so a large feed never holds it long. */
const YIELD_EVERY_MS = 10
const breathe = () => new Promise((resolve) => setTimeout(resolve, 0))

const problemOf = (stop: GuardStop, eventDate: string | undefined): FeedContentProblem => {
  switch (stop.kind) {
    case 'too_slow':
      return { kind: 'too_slow', seconds: stop.seconds }
    case 'absurd_zone':
      return { kind: 'absurd_zone', zone: stop.zone }
    case 'rule_search':
      return { kind: 'too_complex', eventDate: eventDate ?? '?' }
  }
}

interface Reading {
  /** The event being read, for a message about it. */
  current?: EventBlock
}

/** One UID's events that may touch the window, each parsed and attached to the zones. */
const addSeriesParts = (
  zonesRoot: ICAL.Component,
  { master, overrides }: SeriesParts,
  uid: string,
  zones: Zones,
  out: Collector,
  window: FeedWindow,
  limits: ExpansionLimits,
  budget: StepBudget,
  reading: Reading,
) => {
  const attached: ICAL.Component[] = []
  const attach = (event: EventBlock) => {
    reading.current = event
    const component = parsePiece(event.text, 'vevent')
    zonesRoot.addSubcomponent(component)
    attached.push(component)
    return { event, component }
  }
  try {
    const changed = overrides.filter((override) => mayTouch(override, window)).map(attach)
    if (master && mayTouch(master, window)) {
      const { component } = attach(master)
      if (master.recurring) {
        const replaced = changed.map((override) => override.component)
        addSeries(component, replaced, uid, zones, out, window, limits, budget)
      } else {
        addSingle(component, uid, zones, out)
      }
    }
    for (const { event, component } of changed) {
      reading.current = event
      addSingle(component, uid, zones, out)
    }
  } finally {
    for (const component of attached) zonesRoot.removeSubcomponent(component)
  }
}

/**
 * The busy intervals of `text` that touch `window`, sorted by start; all-day dates and
 * floating times without X-WR-TIMEZONE are read in `companyZone`.
 */
export const expandBusyTimes = async (
  text: string,
  window: FeedWindow,
  companyZone: string,
  limits: ExpansionLimits = EXPANSION_LIMITS,
  cpuClock?: CpuClock,
): Promise<Expansion> => {
  const work = newFeedWork(limits, cpuClock)
  const reading: Reading = {}
  const stopped = (error: unknown): Expansion => {
    const eventDate = reading.current?.startText
    if (error instanceof ExpansionStopped) return { ok: false, problem: error.problem }
    if (error instanceof GuardTripped) {
      return { ok: false, problem: problemOf(error.stop, eventDate) }
    }
    return { ok: false, problem: { kind: 'unparsable', eventDate } }
  }
  let scan: Scan
  try {
    scan = guarded(work, () => scanFeed(text, tick))
  } catch (error) {
    return stopped(error)
  }
  if (!scan.ok) return { ok: false, problem: scan.problem }
  const out = new Collector(window, limits.maxIntervals)
  const budget = { feedStepsLeft: limits.maxStepsPerFeed }
  let lastBreath = Date.now()
  try {
    for (const calendar of scan.calendars) {
      const declared = calendar.declaredZone
      const zones = {
        calendar: declared && isKnownTimeZone(declared) ? declared : companyZone,
        company: companyZone,
      }
      reading.current = undefined
      const zonesRoot = guarded(work, () => zonesOf(calendar))
      for (const [uid, parts] of seriesOf(calendar.events)) {
        if (Date.now() - lastBreath > YIELD_EVERY_MS) {
          await breathe()
          lastBreath = Date.now()
        }
        guarded(work, () =>
          addSeriesParts(zonesRoot, parts, uid, zones, out, window, limits, budget, reading),
        )
      }
    }
  } catch (error) {
    return stopped(error)
  }
  out.intervals.sort((a, b) => a.startsAt - b.startsAt)
  return { ok: true, intervals: out.intervals }
}
