/**
 * A meeting's times as its e-mails say them: in pt-BR, on a given clock (an IANA time zone),
 * named with the zone and its offset so that nobody has to guess which clock is meant. Intl
 * only, as the booking page's slot-times.ts, so Node and Deno write the same words.
 */

const LOCALE = 'pt-BR'

/** Whether this runtime's Intl knows the zone (PostgreSQL knows some names Intl does not). */
const isKnownZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat(LOCALE, { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** The zone to write times on: the visitor's, or the fallback when Intl cannot use it. */
export const usableTimeZone = (zone: string, fallback: string): string =>
  isKnownZone(zone) ? zone : fallback

const part = (instant: Date, timeZone: string, options: Intl.DateTimeFormatOptions, type: string) =>
  new Intl.DateTimeFormat(LOCALE, { timeZone, ...options })
    .formatToParts(instant)
    .find((piece) => piece.type === type)?.value ?? ''

/** 'GMT-3', 'GMT', 'GMT+1': the zone's offset from UTC at that instant. */
export const zoneOffset = (instant: Date, timeZone: string): string =>
  // Some ICU versions write UTC itself as 'GMT+0': one spelling, whatever the runtime.
  part(instant, timeZone, { timeZoneName: 'shortOffset' }, 'timeZoneName').replace(
    /^GMT[+-]0$/,
    'GMT',
  )

/** Whether two clocks read the same at that instant (Manaus and São Paulo do not). */
export const sameClock = (instant: Date, zone: string, other: string): boolean =>
  zoneOffset(instant, zone) === zoneOffset(instant, other)

export interface ClockReading {
  /** 'quarta-feira' */
  weekday: string
  /** '10/03/2027' */
  date: string
  /** '09:00', 24-hour. */
  time: string
  /** 'Horário de Brasília' */
  zoneName: string
  /** 'GMT-3' */
  offset: string
}

export const readClock = (instant: Date, timeZone: string): ClockReading => ({
  weekday: part(instant, timeZone, { weekday: 'long' }, 'weekday'),
  date: new Intl.DateTimeFormat(LOCALE, {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(instant),
  time: new Intl.DateTimeFormat(LOCALE, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant),
  zoneName: part(instant, timeZone, { timeZoneName: 'longGeneric' }, 'timeZoneName'),
  offset: zoneOffset(instant, timeZone),
})

/** A meeting on one clock: its start and end, with the zone named once. */
export interface MeetingTime {
  start: ClockReading
  end: ClockReading
}

export const meetingTime = (startsAt: Date, endsAt: Date, timeZone: string): MeetingTime => ({
  start: readClock(startsAt, timeZone),
  end: readClock(endsAt, timeZone),
})
