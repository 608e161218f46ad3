/**
 * The booking page's summary in the browser (booking-summary-card.tsx): the visitor's zone,
 * and the day and time as they pick them, on their own clock. A fact not picked yet shows the
 * prerendered words that ask for it, so the script carries none of them.
 */
import { company } from '#shared/company/company.ts'
import { bookingMessages } from '../../content/booking-messages.ts'
import { bookingIds } from './booking-ids.ts'
import { dayLabel, slotTime, zoneName, zoneOffset } from './slot-times.ts'

export interface BookingSummary {
  /** The day whose times are shown ('YYYY-MM-DD'), or none. */
  day(day: string | null): void
  /** The time picked (an instant), or none. */
  time(slot: string | null): void
}

export function createBookingSummary(
  doc: Document,
  visitorZone: string,
  companyZone: string,
): BookingSummary {
  const fact = (id: string) => {
    const shown = doc.getElementById(id)
    if (!shown) throw new Error(`The booking page has no #${id}`)
    return (text: string | null) => {
      shown.textContent = text ?? shown.dataset.empty ?? ''
      shown.toggleAttribute('data-chosen', text !== null)
    }
  }
  const zone = fact(bookingIds.summaryZone)
  const day = fact(bookingIds.summaryDay)
  const time = fact(bookingIds.summaryTime)
  const companyZoneName = doc.getElementById(bookingIds.summaryZone)?.dataset.companyZone
  // Named at the instant it matters: a zone abroad may change its offset within the horizon.
  // On the company's clock (as the picker counts it: the same offset then), the name the build
  // wrote; only a visitor elsewhere has the browser look a zone's name up.
  const zoneAt = (instant: Date) => {
    const offset = zoneOffset(instant, visitorZone)
    const onCompanyClock =
      companyZoneName !== undefined && offset === zoneOffset(instant, companyZone)
    zone(
      bookingMessages.zoneLabel({
        name: onCompanyClock ? companyZoneName : zoneName(instant, visitorZone),
        offset,
      }),
    )
  }
  zoneAt(new Date())
  const clock = (instant: Date) => slotTime(instant.toISOString(), visitorZone, visitorZone).time

  return {
    day: (shown) => day(shown === null ? null : bookingMessages.dayName(dayLabel(shown).name)),
    time(slot) {
      if (slot === null) return time(null)
      const start = new Date(slot)
      const end = new Date(start.getTime() + company.consultationMinutes * 60_000)
      time(bookingMessages.timeSpan(clock(start), clock(end)))
      zoneAt(start)
    },
  }
}
