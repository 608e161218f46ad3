import ical, { ICalEventStatus } from 'ical-generator'
import { bookingsFeedCopy as copy } from './bookings-feed-copy.ts'
import { company } from '../company/company.ts'
import type { CountsCalls } from '../http/function-call-limit.ts'
import type { BookedMeeting } from './render-booking-email.ts'
import type { RunQuery } from '../db/run-query.ts'
import { visitorTextAsPlain } from '../contact/visitor-text-parts.ts'

/**
 * The private iCalendar feed of the bookings, which the team subscribes to by URL in its own
 * calendar app (Google Calendar, Outlook, Apple Calendar cannot sign in): the URL carries a
 * token, stored in the database as its SHA-256 only (private.booking_feed_token). Served by
 * the Node server at GET /painel/agenda.ics?chave=… and on hosted Supabase by the
 * bookings-feed Edge Function; this handler is the same for both (Web Request/Response, Web
 * Crypto, no Node or Deno API). Decision 030.
 */

/** The query parameter that carries the token. */
export const FEED_TOKEN_PARAMETER = 'chave'

/** Past meetings stay in the feed this many days, so the week before is still there. */
export const FEED_PAST_DAYS = 30

/** How often the feed asks to be read again (calendar apps decide; Google takes hours). */
const REFRESH_SECONDS = 15 * 60

/** A token we could have made: 64 lower-case hex characters (new_booking_feed_token). */
export const isFeedToken = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)

export const sha256Hex = async (text: string): Promise<string> => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Compares two hex digests in time that depends on their length only. */
export const sameDigest = (a: string, b: string): boolean => {
  if (a.length !== b.length) return false
  let difference = 0
  for (let index = 0; index < a.length; index += 1) {
    difference |= a.charCodeAt(index) ^ b.charCodeAt(index)
  }
  return difference === 0
}

/** One meeting as the feed shows it (private.booking_feed_events): the booking's own words. */
export type FeedEvent = Pick<
  BookedMeeting,
  'id' | 'status' | 'startsAt' | 'endsAt' | 'name' | 'email' | 'company' | 'note' | 'meetingUrl'
> & {
  sequence: number
  updatedAt: Date
}

const dateOf = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)))
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '')

const readEvent = (row: Record<string, unknown>): FeedEvent => ({
  id: textOf(row.id),
  status: textOf(row.status),
  startsAt: dateOf(row.starts_at),
  endsAt: dateOf(row.ends_at),
  name: textOf(row.name),
  email: textOf(row.email),
  company: typeof row.company === 'string' ? row.company : null,
  note: textOf(row.note),
  meetingUrl: textOf(row.meeting_url),
  sequence: Number(row.sequence) || 0,
  updatedAt: dateOf(row.updated_at),
})

/** The calendar's text, CRLF lines folded at 75 octets, every time in UTC. */
export const renderBookingsFeed = (
  events: FeedEvent[],
  deskLink?: (id: string) => string,
): string => {
  const calendar = ical({
    name: copy.calendarName,
    description: copy.calendarDescription,
    prodId: { company: company.name, product: 'agenda', language: 'PT-BR' },
    ttl: REFRESH_SECONDS,
  })
  for (const event of events) {
    // What the visitor typed is written with hidden characters as markers (⟨U+202E⟩) and
    // isolated, as the desk shows it: a calendar app would otherwise let it reorder the line.
    const lines = [
      `${copy.email}: ${visitorTextAsPlain(event.email)}`,
      ...(event.company === null ? [] : [`${copy.company}: ${visitorTextAsPlain(event.company)}`]),
      `${copy.note}: ${visitorTextAsPlain(event.note.replace(/\r\n?/g, '\n'))}`,
      `${copy.meeting}: ${event.meetingUrl}`,
      ...(copy.outcomes[event.status] ? [`${copy.outcome}: ${copy.outcomes[event.status]}`] : []),
      ...(deskLink ? [`${copy.desk}: ${deskLink(event.id)}`] : []),
    ]
    calendar.createEvent({
      // The booking's id, as in the invitations the booking e-mails carry: one meeting, one UID.
      id: event.id,
      sequence: event.sequence,
      stamp: event.updatedAt,
      start: event.startsAt,
      end: event.endsAt,
      summary: copy.summary(visitorTextAsPlain(event.name)),
      description: lines.join('\n'),
      location: event.meetingUrl,
      url: event.meetingUrl,
      status: ICalEventStatus.CONFIRMED,
    })
  }
  return calendar.toString()
}

export interface BookingsFeedDeps extends CountsCalls {
  query: RunQuery
  /** Where a meeting opens in the lead desk (the Node server only). */
  deskLink?: (id: string) => string
}

const PRIVATE_HEADERS = {
  // Whoever holds the URL sees the meetings: no cache on the way may keep a copy.
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
}

/** A wrong token, an old one, a malformed one and none at all get this same answer. */
const notFound = (method: string) =>
  new Response(method === 'HEAD' ? null : copy.notFound, {
    status: 404,
    headers: { ...PRIVATE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  })

/** Whether the token opens the feed: its SHA-256 against the one stored, in constant time. */
const opensFeed = async (query: RunQuery, token: string | null): Promise<boolean> => {
  const { rows } = await query('select token_hash from private.booking_feed_token', [])
  const stored = rows[0]?.token_hash
  if (typeof stored !== 'string' || !isFeedToken(token)) return false
  return sameDigest(await sha256Hex(token), stored)
}

export const handleBookingsFeed = async (
  req: Request,
  deps: BookingsFeedDeps,
): Promise<Response> => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { ...PRIVATE_HEADERS, Allow: 'GET, HEAD' } })
  }
  // Each token look-up is a call in its caller's budget, a wrong token's too.
  const overLimit = await deps.countCall?.(req)
  if (overLimit) {
    const text = overLimit.hint ? `${overLimit.message} ${overLimit.hint}` : overLimit.message
    return new Response(req.method === 'HEAD' ? null : `${text}\n`, {
      status: overLimit.status,
      headers: {
        ...PRIVATE_HEADERS,
        ...overLimit.headers,
        'Content-Type': 'text/plain; charset=utf-8',
      },
    })
  }
  const token = new URL(req.url).searchParams.get(FEED_TOKEN_PARAMETER)
  if (!(await opensFeed(deps.query, token))) return notFound(req.method)
  const { rows } = await deps.query('select * from private.booking_feed_events($1)', [
    FEED_PAST_DAYS,
  ])
  const body = renderBookingsFeed(rows.map(readEvent), deps.deskLink)
  return new Response(req.method === 'HEAD' ? null : body, {
    status: 200,
    headers: {
      ...PRIVATE_HEADERS,
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="agenda.ics"',
    },
  })
}
