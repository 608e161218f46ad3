/**
 * BOOKING_BUSY_CALENDAR_URL: the company's calendar as an iCalendar feed (Google Calendar's
 * "secret address in iCal format", Outlook's published ICS link), whose busy times the agenda
 * keeps free. The address is a capability: whoever has it reads the whole calendar. So it is
 * never logged or echoed in a message; only its host is (`feed.host`).
 */
export const BUSY_CALENDAR_URL_SETTING = 'BOOKING_BUSY_CALENDAR_URL'

export interface BusyCalendarFeed {
  /** https:// (webcal:// is read as https://), or http:// on this machine's loopback (tests). */
  url: string
  /** What logs and the desk may show. */
  host: string
}

export type BusyCalendarUrlResult =
  { ok: true; feed: BusyCalendarFeed | undefined } | { ok: false; problem: string }

/** Longer than any feed address Google or Microsoft hands out (about 150 characters). */
const MAX_URL_LENGTH = 2048

/** localhost, 127.0.0.0/8, [::1]: a feed server on this machine, which only tests run. */
export const isLoopbackHost = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname)

/** Whether the feed may be read from this address (also each address a redirect names). */
export const isAllowedFeedAddress = (url: URL): boolean =>
  url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))

const problem = (what: string): BusyCalendarUrlResult => ({
  ok: false,
  problem: `${BUSY_CALENDAR_URL_SETTING} must be the calendar's https:// (or webcal://) address, at most ${MAX_URL_LENGTH} characters (${what}).`,
})

/**
 * Reads the setting: unset or empty turns the import off. A problem never repeats the value,
 * only its scheme and host, since the rest of it is the secret.
 */
export const readBusyCalendarUrl = (value: string | undefined): BusyCalendarUrlResult => {
  const text = value?.trim() ?? ''
  if (text === '') return { ok: true, feed: undefined }
  if (text.length > MAX_URL_LENGTH) return problem(`got ${text.length} characters`)
  let url: URL
  try {
    url = new URL(text.replace(/^webcals?:\/\//i, 'https://'))
  } catch {
    return problem('got text that is not an address')
  }
  if (/\s/.test(text)) return problem('got an address with spaces')
  if (!isAllowedFeedAddress(url)) {
    return problem(`got a ${url.protocol}// address for ${url.host || 'no host'}`)
  }
  return { ok: true, feed: { url: url.href, host: url.host } }
}
