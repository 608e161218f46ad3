/**
 * A first pass over a calendar feed, in one linear walk of its lines and without ical.js:
 * where each calendar, time zone and event is, and what choosing and pairing the events
 * needs (UID, RECURRENCE-ID, repetition, the days it starts and ends on). ical.js then parses
 * each zone and each event that may touch the agenda's window on its own (busy-feed-expand.ts),
 * so that:
 * - no single parse holds the runtime for long: the work is counted between pieces, and a
 *   Deno Edge Function, which has no workers, can stop in time (a 5 MB feed parsed in one piece
 *   took 2.6 s of CPU and 330 MB there, past the platform's 2 s and 256 MB);
 * - years of past meetings are never parsed at all: only their dates are read here.
 *
 * Lines are unfolded as ical.js unfolds them (a line starting with a space or a tab continues
 * the previous one). Nothing here interprets times: a day is only the first eight digits of a
 * value, used with two days to spare for any zone's offset.
 */

/** One VEVENT as the scan found it. */
export interface EventBlock {
  /** The component's own lines, as in the feed (folded), for ical.js to parse alone. */
  text: string
  /** Its UID ('' without one). */
  uid: string
  /** It replaces one instance of a series (RECURRENCE-ID). */
  override: boolean
  /** It repeats (RRULE or RDATE), as ical.js's Event#isRecurring says. */
  recurring: boolean
  /** Days since 1970 of DTSTART, DTEND and RECURRENCE-ID, when their value starts with a date. */
  startDay?: number
  endDay?: number
  recurrenceDay?: number
  /** It has a DURATION, which the scan does not read: its end is not known here. */
  duration: boolean
  /** Where the feed says it starts, dd/mm/yyyy, for a message about it ('?' if unknown). */
  startText: string
}

export interface ScannedCalendar {
  /** X-WR-TIMEZONE, as Google writes the calendar's own zone ('' without one). */
  declaredZone: string
  /** Each VTIMEZONE, as in the feed. */
  zones: string[]
  events: EventBlock[]
}

export type ScanProblem =
  /** Not iCalendar that ical.js would read; eventDate when an event was the trouble. */
  | { kind: 'unparsable'; eventDate?: string }
  | { kind: 'too_many_zones'; limit: number }
  /** A zone with more observances than a whole history has: parsed in one piece otherwise. */
  | { kind: 'absurd_zone'; zone: string }
  /** An event listing more added or excluded dates than any real one (ical.js sorts them all). */
  | { kind: 'too_complex'; eventDate: string }

export type Scan = { ok: true; calendars: ScannedCalendar[] } | { ok: false; problem: ScanProblem }

export const SCAN_LIMITS = {
  /** Google writes one VTIMEZONE per zone used; a company works with a handful. */
  maxZones: 100,
  /**
   * STANDARD and DAYLIGHT parts of one zone: a rule-based zone has two, one that lists its
   * whole history (as some exporters write São Paulo's) a few hundred.
   */
  maxObservancesPerZone: 1_000,
  /** VCALENDAR > VEVENT > VALARM is three; nothing real nests deeper than a few. */
  maxDepth: 8,
  /**
   * RDATE and EXDATE values of one event: a daily meeting of ten years with every holiday
   * taken out has a few hundred. ical.js reads and sorts them all at once, which no count
   * can interrupt.
   */
  maxDatesPerEvent: 5_000,
}

/** Days since 1970 of the yyyymmdd a value starts with, or undefined. */
const dayOf = (value: string): number | undefined => {
  if (!/^\d{8}/.test(value)) return undefined
  const year = Number(value.slice(0, 4))
  const month = Number(value.slice(4, 6))
  const day = Number(value.slice(6, 8))
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined
  return Math.floor(Date.UTC(year, month - 1, day) / 86_400_000)
}

const dayText = (value: string): string =>
  /^\d{8}/.test(value) ? `${value.slice(6, 8)}/${value.slice(4, 6)}/${value.slice(0, 4)}` : '?'

/** A content line's name (upper case) and value: the value starts at the first colon outside quotes. */
const split = (line: string): { name: string; value: string } | undefined => {
  let nameEnd = -1
  let quoted = false
  for (let i = 0; i < line.length; i += 1) {
    const ch = line.charCodeAt(i)
    if (ch === 0x22 /* " */) quoted = !quoted
    else if (!quoted && ch === 0x3b /* ; */ && nameEnd < 0) nameEnd = i
    else if (!quoted && ch === 0x3a /* : */) {
      return {
        name: line.slice(0, nameEnd < 0 ? i : nameEnd).toUpperCase(),
        value: line.slice(i + 1),
      }
    }
  }
  return undefined
}

/** A TEXT value as ical.js decodes it (RFC 5545 3.3.11). */
const unescapeText = (value: string): string =>
  value.replace(/\\[\\;,Nn]/g, (escape) =>
    escape[1] === 'n' || escape[1] === 'N' ? '\n' : (escape[1] ?? ''),
  )

interface OpenEvent {
  start: number
  uid: string
  override: boolean
  recurring: boolean
  startValue: string
  endValue: string
  recurrenceValue: string
  duration: boolean
  dates: number
}

/**
 * Walks the feed's logical lines once: each is given with the offset where its first physical
 * line starts and the offset just past its last. Empty lines are skipped, as ical.js does.
 */
function* logicalLines(text: string): Generator<{ line: string; start: number; end: number }> {
  let pos = 0
  let current: { line: string; start: number; end: number } | undefined
  const length = text.length
  while (pos < length) {
    let next = text.indexOf('\n', pos)
    if (next < 0) next = length
    const contentEnd = next > pos && text.charCodeAt(next - 1) === 0x0d ? next - 1 : next
    const after = next < length ? next + 1 : length
    const first = text.charCodeAt(pos)
    if ((first === 0x20 || first === 0x09) && current) {
      current.line += text.slice(pos + 1, contentEnd)
      current.end = after
    } else if (contentEnd > pos) {
      if (current) yield current
      current = { line: text.slice(pos, contentEnd), start: pos, end: after }
    }
    pos = after
  }
  if (current) yield current
}

/**
 * Where everything is in `text`, or why it is not iCalendar. `tick` is called every few hundred
 * lines, so a caller counting its work can stop a scan that takes too long.
 */
export const scanFeed = (text: string, tick: () => void = () => {}, limits = SCAN_LIMITS): Scan => {
  const calendars: ScannedCalendar[] = []
  const stack: string[] = []
  let calendar: ScannedCalendar | undefined
  let event: OpenEvent | undefined
  let zoneStart: number | undefined
  let zoneName = ''
  let observances = 0
  let zoneCount = 0
  let lines = 0
  const unparsable = (): Scan => ({
    ok: false,
    problem: { kind: 'unparsable', eventDate: event ? dayText(event.startValue) : undefined },
  })
  for (const { line, start, end } of logicalLines(text)) {
    if ((++lines & 0x1ff) === 0) tick()
    const parts = split(line)
    if (!parts) return unparsable()
    const { name, value } = parts
    const depth = stack.length
    if (name === 'BEGIN') {
      const component = value.trim().toUpperCase()
      if (depth === 0 && component !== 'VCALENDAR') return unparsable()
      if (depth >= limits.maxDepth) return unparsable()
      if (depth === 0) calendar = { declaredZone: '', zones: [], events: [] }
      if (depth === 1 && component === 'VEVENT') {
        event = {
          start,
          uid: '',
          override: false,
          recurring: false,
          startValue: '',
          endValue: '',
          recurrenceValue: '',
          duration: false,
          dates: 0,
        }
      }
      if (depth === 1 && component === 'VTIMEZONE') {
        zoneCount += 1
        if (zoneCount > limits.maxZones) {
          return { ok: false, problem: { kind: 'too_many_zones', limit: limits.maxZones } }
        }
        zoneStart = start
        zoneName = ''
        observances = 0
      }
      if (depth === 2 && zoneStart !== undefined && ++observances > limits.maxObservancesPerZone) {
        return { ok: false, problem: { kind: 'absurd_zone', zone: zoneName || '?' } }
      }
      stack.push(component)
      continue
    }
    if (name === 'END') {
      const component = value.trim().toUpperCase()
      if (stack.pop() !== component) return unparsable()
      if (depth === 1 && calendar) {
        calendars.push(calendar)
        calendar = undefined
      } else if (depth === 2 && event && calendar) {
        calendar.events.push({
          text: text.slice(event.start, end),
          uid: event.uid,
          override: event.override,
          recurring: event.recurring,
          startDay: dayOf(event.startValue),
          endDay: dayOf(event.endValue),
          recurrenceDay: dayOf(event.recurrenceValue),
          duration: event.duration,
          startText: dayText(event.startValue),
        })
        event = undefined
      } else if (depth === 2 && zoneStart !== undefined && calendar) {
        calendar.zones.push(text.slice(zoneStart, end))
        zoneStart = undefined
      }
      continue
    }
    if (depth === 1 && name === 'X-WR-TIMEZONE' && calendar) calendar.declaredZone = value.trim()
    if (depth === 2 && zoneStart !== undefined && name === 'TZID') zoneName = value
    if (depth === 2 && event) {
      if (name === 'UID') event.uid = unescapeText(value)
      else if (name === 'RECURRENCE-ID') {
        event.override = true
        event.recurrenceValue = value
      } else if (name === 'RRULE' || name === 'RDATE') event.recurring = true
      else if (name === 'DTSTART') event.startValue = value
      else if (name === 'DTEND') event.endValue = value
      else if (name === 'DURATION') event.duration = true
      if (name === 'RDATE' || name === 'EXDATE') {
        event.dates += value.split(',').length
        if (event.dates > limits.maxDatesPerEvent) {
          return {
            ok: false,
            problem: { kind: 'too_complex', eventDate: dayText(event.startValue) },
          }
        }
      }
    }
  }
  if (stack.length > 0 || calendars.length === 0) return unparsable()
  return { ok: true, calendars }
}
