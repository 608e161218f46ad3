/**
 * How the booking page shows a free time: the API gives UTC instants (booking_free_times), the
 * visitor reads them on their own clock. The zone is named only when the visitor's clock and
 * the company's differ at that instant (Manaus, Noronha, Acre, abroad), so most visitors read
 * plain times. Intl only: no library reaches the browser for this.
 */
export interface SlotTime {
  /** 'quarta-feira' */
  weekday: string
  /** '10/03/2027', the visitor's local date. */
  date: string
  /** '08:00', 24-hour. */
  time: string
  /** The visitor's zone, when it must be named: 'Horário do Amazonas', 'GMT-4'. */
  zone: { name: string; offset: string } | null
}

const LOCALE = 'pt-BR'

const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * Making a formatter costs many times what using one does, and the page reads a few hundred
 * slots on a phone before the visitor has done anything: each kind is made once.
 */
const formatter = (
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat => {
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`
  let made = formatters.get(key)
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { timeZone, ...options })
    formatters.set(key, made)
  }
  return made
}

const part = (instant: Date, timeZone: string, options: Intl.DateTimeFormatOptions, type: string) =>
  formatter(LOCALE, timeZone, options)
    .formatToParts(instant)
    .find((piece) => piece.type === type)?.value ?? ''

/** 'GMT-3', 'GMT', 'GMT+1': the zone's offset from UTC at that instant. */
export const zoneOffset = (instant: Date, timeZone: string): string =>
  // Some ICU versions write UTC itself as 'GMT+0': one spelling, whatever the browser.
  part(instant, timeZone, { timeZoneName: 'shortOffset' }, 'timeZoneName').replace(
    /^GMT[+-]0$/,
    'GMT',
  )

/**
 * 'Horário de Brasília', 'Horário do Amazonas': how pt-BR names a zone. A zone with no name
 * (UTC, Etc/GMT+3) is named by its offset, spelled as zoneOffset spells it, so the page says
 * 'GMT' once rather than 'GMT+00:00 (GMT)'.
 */
export const zoneName = (instant: Date, timeZone: string): string => {
  const name = part(instant, timeZone, { timeZoneName: 'longGeneric' }, 'timeZoneName')
  return /^GMT([+-]\d|$)/.test(name) ? zoneOffset(instant, timeZone) : name
}

/** Whether a visitor in `visitorZone` needs the zone named to read `instant` right. */
export const namesZone = (instant: Date, visitorZone: string, companyZone: string): boolean =>
  zoneOffset(instant, visitorZone) !== zoneOffset(instant, companyZone)

export const slotTime = (instant: string, visitorZone: string, companyZone: string): SlotTime => {
  const at = new Date(instant)
  return {
    weekday: part(at, visitorZone, { weekday: 'long' }, 'weekday'),
    date: formatter(LOCALE, visitorZone, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(at),
    time: formatter(LOCALE, visitorZone, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at),
    zone: namesZone(at, visitorZone, companyZone)
      ? { name: zoneName(at, visitorZone), offset: zoneOffset(at, visitorZone) }
      : null,
  }
}

/** The visitor's local day of an instant, 'YYYY-MM-DD', to group the free times by day. */
export const localDay = (instant: string, timeZone: string): string =>
  formatter('en-CA', timeZone, {}).format(new Date(instant))

/** How a local day ('YYYY-MM-DD') is shown in the picker. */
export interface DayLabel {
  /** 'qua.' */
  weekday: string
  /** '10/03' */
  date: string
  /** 'quarta-feira, 10 de março': what a screen reader says. */
  name: string
}

export const dayLabel = (day: string): DayLabel => {
  // Noon UTC of that date, read in UTC: the same calendar day whatever the visitor's zone.
  const noon = new Date(`${day}T12:00:00Z`)
  return {
    weekday: part(noon, 'UTC', { weekday: 'short' }, 'weekday'),
    date: formatter(LOCALE, 'UTC', { day: '2-digit', month: '2-digit' }).format(noon),
    name: formatter(LOCALE, 'UTC', { weekday: 'long', day: 'numeric', month: 'long' }).format(noon),
  }
}

/** 'novembro de 2026': a month of the calendar ('YYYY-MM'), as its title reads. */
export const monthLabel = (month: string): string =>
  formatter(LOCALE, 'UTC', { month: 'long', year: 'numeric' }).format(
    new Date(`${month}-15T12:00:00Z`),
  )
