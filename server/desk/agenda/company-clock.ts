/**
 * Dates as the agenda shows them, on the company's clock (private.booking_settings.time_zone,
 * from company.ts): the server may run in UTC, and the team reads Brasília time, or whatever
 * zone the company is in.
 */

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

const dateTimeFormat = (zone: string) => {
  let format = dateTimeFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('pt-BR', {
      timeZone: zone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    dateTimeFormats.set(zone, format)
  }
  return format
}

/** dd/mm/aaaa hh:mm in the zone. */
export const formatDateTimeIn = (date: Date, zone: string): string => {
  const part = Object.fromEntries(
    dateTimeFormat(zone)
      .formatToParts(date)
      .map(({ type, value }) => [type, value]),
  )
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`
}

// A calendar day has no zone: it is formatted as the UTC day it names.
const dayFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
})
const shortDayFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'UTC',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
})

const utcNoonOf = (day: string) => new Date(`${day}T12:00:00Z`)

/** "terça-feira, 24 de novembro de 2026" for 2026-11-24. */
export const formatLongDay = (day: string): string => dayFormat.format(utcNoonOf(day))

/** "24/11/2026" for 2026-11-24. */
export const formatShortDay = (day: string): string => shortDayFormat.format(utcNoonOf(day))

/** The day after a YYYY-MM-DD day. */
export const nextDay = (day: string): string => {
  const date = utcNoonOf(day)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}
