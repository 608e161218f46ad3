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

/** A webhook receiver's id from a path: digits only, as the database numbers them. */
export const readReceiverId = (text: string | undefined): string | undefined =>
  text !== undefined && /^[1-9]\d{0,14}$/.test(text) ? text : undefined

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
