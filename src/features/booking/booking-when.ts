import { bookingMessages } from '../../content/booking-messages.ts'
import { slotTime, zoneName } from './slot-times.ts'

/**
 * A meeting's time as the visitor reads it: on their own clock, the zone named when it is not
 * the company's, and then the company's clock too, so both sides mean the same instant.
 */
export function describeWhen(
  startsAt: string,
  visitorZone: string,
  companyZone: string,
): { when: string; companyWhen: string | null } {
  const visitor = slotTime(startsAt, visitorZone, companyZone)
  if (!visitor.zone) return { when: bookingMessages.when(visitor), companyWhen: null }
  const company = slotTime(startsAt, companyZone, companyZone)
  return {
    when: bookingMessages.when(visitor),
    companyWhen: bookingMessages.companyWhen(company, zoneName(new Date(startsAt), companyZone)),
  }
}

/**
 * Until when a hold waits for its confirmation, on the visitor's clock: the time alone when it
 * is today, with the date otherwise.
 */
export function describeHoldUntil(
  holdUntil: string,
  visitorZone: string,
  now = new Date(),
): string {
  const until = slotTime(holdUntil, visitorZone, visitorZone)
  const today = slotTime(now.toISOString(), visitorZone, visitorZone)
  return bookingMessages.holdUntil(until.time, until.date === today.date ? null : until.date)
}

/** Only a web address becomes a link: what the database answers is shown, never run. */
export const isWebAddress = (url: string): boolean => /^https?:\/\/\S+$/i.test(url)

const LINK = 'font-medium break-all text-accent-ink underline'

/** The meeting's room as a link (as text, if it is no web address). */
export function webLink(doc: Document, url: string): HTMLElement {
  const node = doc.createElement(isWebAddress(url) ? 'a' : 'span')
  node.textContent = url
  if (node instanceof HTMLAnchorElement) {
    node.href = url
    node.className = LINK
  }
  return node
}
