import { isBookingOutcome, type BookingOutcome } from '../agenda/booking.ts'
import { readCalendarDay } from '../leads/export/brazil-time.ts'
import { isLeadId } from '../leads/lead.ts'

/**
 * Every value the desk takes from a URL, a form or the API's JSON is read here, one function
 * per kind, before anything else sees it: what is not plainly that kind of value is refused
 * (404, 400) or dropped, so nothing unchecked reaches SQL text, a Location header or a page.
 */

/** Beyond any list the desk will hold; a larger page number shows the last page. */
export const MAX_PAGE_NUMBER = 1_000_000

/**
 * ?pagina=: absent is page 1; digits only and at least 1 (`1e20`, `-1`, `2.5`, `0x10`,
 * `Infinity` are no page numbers: undefined, which the list answers with 404). A number past
 * the last page is the list's to clamp.
 */
export const readPageNumber = (text: string | undefined): number | undefined => {
  if (text === undefined) return 1
  if (!/^\d+$/.test(text)) return undefined
  const page = Number(text)
  return page >= 1 ? Math.min(page, MAX_PAGE_NUMBER) : undefined
}

/** A lead's id from a path: a UUID (lower case), or undefined for anything else (404). */
export const readLeadId = (text: string | undefined): string | undefined =>
  text !== undefined && isLeadId(text) ? text.toLowerCase() : undefined

/** A booking's id from a path: a UUID (lower case), or undefined for anything else (404). */
export const readBookingId = readLeadId

/**
 * A calendar day from a form (`<input type="date">` sends YYYY-MM-DD) or a path: a real date
 * (no 2026-02-30), else undefined (the form says so; a path answers 404).
 */
export const readDay = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? readCalendarDay(value)
    : undefined

/**
 * A local date and time (`<input type="datetime-local">`: YYYY-MM-DDTHH:MM, seconds allowed):
 * a real day and time, returned as 'YYYY-MM-DD HH:MM' for the database to place in the
 * company's time zone; else undefined.
 */
export const readLocalDateTime = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined
  const match = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(value)
  const day = match?.[1] === undefined ? undefined : readDay(match[1])
  return day === undefined || !match ? undefined : `${day} ${match[2]}:${match[3]}`
}

/** A meeting's outcome from the booking's form: held or no_show, else undefined (400). */
export const readOutcome = (value: unknown): BookingOutcome | undefined =>
  isBookingOutcome(value) ? value : undefined

/** Which junk to free from a booking's page: by its e-mail or by its address. */
export const readReleaseScope = (value: unknown): 'email' | 'endereco' | undefined =>
  value === 'email' || value === 'endereco' ? value : undefined

/** A table's own number from a path (a receiver's, an incident's): digits only, as the database numbers them. */
export const readTableId = (text: string | undefined): string | undefined =>
  text !== undefined && /^[1-9]\d{0,14}$/.test(text) ? text : undefined

/** A webhook receiver's id from a path. */
export const readReceiverId = readTableId

/** Leads one erasure can report; the count is ours (a redirect), a larger one is made up. */
const MAX_NOTICE_COUNT = 99_999

/** ?n= after an erasure: a small positive integer, else undefined (the notice is dropped). */
export const readNoticeCount = (text: string | undefined): number | undefined =>
  text !== undefined && /^[1-9]\d{0,4}$/.test(text) && Number(text) <= MAX_NOTICE_COUNT
    ? Number(text)
    : undefined

// C0 and C1 controls: PostgreSQL refuses NUL in text, and none of them is anything a person
// types into a search or a note (a line break in a note is kept).
const CONTROLS = /(?![\n\t])\p{Cc}/gu

/**
 * Text typed into a desk form (a search, a note): a string, line breaks as \n, without control
 * characters. Anything that is not a string is empty.
 */
export const readFormText = (value: unknown): string =>
  typeof value === 'string' ? value.replace(/\r\n?/g, '\n').replace(CONTROLS, '') : ''

/** The longest address RFC 5321 lets through (local part, @, domain). */
const MAX_EMAIL_LENGTH = 320

/**
 * An e-mail address the command line asks to erase: one @, no spaces or control characters,
 * at most 320 characters; else undefined (400). The database compares it case-insensitively.
 */
export const readEmailAddress = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined
  const email = value.trim()
  return email.length <= MAX_EMAIL_LENGTH && /^[^@\s\p{C}]+@[^@\s\p{C}]+$/u.test(email)
    ? email
    : undefined
}

/**
 * A network typed or posted to block or unblock: an IPv4 or IPv6 address, or a block in CIDR
 * notation (the database reads it and refuses what is not one); else undefined.
 */
export const readNetwork = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined
  const network = value.trim()
  return network.length <= 50 && /^[0-9A-Fa-f.:]+(\/\d{1,3})?$/.test(network) ? network : undefined
}
