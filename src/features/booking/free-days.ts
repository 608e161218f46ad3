import { localDay } from './slot-times.ts'

/** What `booking_free_times` answers (docs/booking.md). */
export interface FreeTimes {
  time_zone: string
  slot_minutes: number
  first_day: string
  last_day: string
  slots: string[]
}

/** One day of the visitor's calendar with the free times that start on it, in order. */
export interface FreeDay {
  /** 'YYYY-MM-DD' on the visitor's clock. */
  day: string
  slots: string[]
}

/**
 * The free times by the visitor's own day: a slot at 17h30 in São Paulo is on the next day in
 * Tokyo, and that is where a visitor there looks for it. The slots come sorted, so each day's
 * times are in order and the days follow each other.
 */
export function freeDays(slots: readonly string[], visitorZone: string): FreeDay[] {
  const days: FreeDay[] = []
  for (const slot of slots) {
    const day = localDay(slot, visitorZone)
    const last = days.at(-1)
    if (last?.day === day) last.slots.push(slot)
    else days.push({ day, slots: [slot] })
  }
  return days
}

/** The visitor's IANA zone, or the company's where the browser names none. */
export function visitorTimeZone(companyZone: string): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || companyZone
  } catch {
    return companyZone
  }
}
