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

const part = (instant: Date, timeZone: string, options: Intl.DateTimeFormatOptions, type: string) =>
  new Intl.DateTimeFormat(LOCALE, { timeZone, ...options })
    .formatToParts(instant)
    .find((piece) => piece.type === type)?.value ?? ''

/** 'GMT-3', 'GMT', 'GMT+1': the zone's offset from UTC at that instant. */
export const zoneOffset = (instant: Date, timeZone: string): string =>
  // Some ICU versions write UTC itself as 'GMT+0': one spelling, whatever the browser.
  part(instant, timeZone, { timeZoneName: 'shortOffset' }, 'timeZoneName').replace(
    /^GMT[+-]0$/,
    'GMT',
  )

/** Whether a visitor in `visitorZone` needs the zone named to read `instant` right. */
export const namesZone = (instant: Date, visitorZone: string, companyZone: string): boolean =>
  zoneOffset(instant, visitorZone) !== zoneOffset(instant, companyZone)

export const slotTime = (instant: string, visitorZone: string, companyZone: string): SlotTime => {
  const at = new Date(instant)
  return {
    weekday: part(at, visitorZone, { weekday: 'long' }, 'weekday'),
    date: new Intl.DateTimeFormat(LOCALE, {
      timeZone: visitorZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(at),
    time: new Intl.DateTimeFormat(LOCALE, {
      timeZone: visitorZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at),
    zone: namesZone(at, visitorZone, companyZone)
      ? {
          name: part(at, visitorZone, { timeZoneName: 'longGeneric' }, 'timeZoneName'),
          offset: zoneOffset(at, visitorZone),
        }
      : null,
  }
}

/** The visitor's local day of an instant, 'YYYY-MM-DD', to group the free times by day. */
export const localDay = (instant: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(instant))
