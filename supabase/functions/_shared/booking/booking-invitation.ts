import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator'
import { toHeaderText } from '../mail/mail-header.ts'

/**
 * A booking as a calendar invitation (iCalendar, RFC 5545, with RFC 5546's methods): what
 * Gmail, Outlook and Apple Calendar show as an event with its answer buttons. One event for
 * the booking's whole life: its UID is the booking's id, and every change raises SEQUENCE, so a
 * calendar replaces what it holds rather than adding a second meeting. Times are UTC (`…Z`),
 * so no VTIMEZONE is needed and no calendar can read them on the wrong clock.
 *
 * ical-generator writes the text: escaping of text values (`\`, `;`, `,`, line breaks), lines
 * folded at 75 octets without splitting a character, CRLF. One gap is closed here: it writes a
 * double quote inside a quoted parameter as `\"`, which RFC 5545 does not have, so a name like
 * `x":mailto:other@example.com` would end the CN and change the attendee's address for a
 * calendar that reads the file as the RFC says. Names go in as RFC 6868 writes them (`^'`).
 */

export type InvitationMethod = 'REQUEST' | 'CANCEL'

export interface Invitation {
  method: InvitationMethod
  /** The iCalendar text, CRLF line endings. */
  content: string
}

export interface InvitationInput {
  method: InvitationMethod
  /** The booking's id. */
  uid: string
  /** The message's sequence: the booking's when the e-mail was queued. */
  sequence: number
  /** When this invitation was written (DTSTAMP). */
  stamp: Date
  start: Date
  end: Date
  summary: string
  description: string
  /** The meeting's link: LOCATION and URL. */
  meetingUrl: string
  /** The company's name, the organizer's. */
  organizerName: string
  /** The company's inbox, which the visitor's answer goes to. */
  organizerEmail: string
  attendee: { name: string; email: string }
}

/**
 * A name as a quoted parameter value may hold it: one line without controls or direction
 * overrides (as headers get it, mail-header.ts), `^` and `"` in RFC 6868's caret encoding.
 */
export const parameterText = (name: string): string =>
  toHeaderText(name).replace(/\^/g, '^^').replace(/"/g, "^'")

export const bookingInvitation = (input: InvitationInput): Invitation => {
  const cancel = input.method === 'CANCEL'
  const method = cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST
  const calendar = ical({
    prodId: { company: input.organizerName, product: 'Agenda do site', language: 'PT-BR' },
    method,
  })
  calendar.createEvent({
    id: input.uid,
    sequence: input.sequence,
    stamp: input.stamp,
    start: input.start,
    end: input.end,
    summary: input.summary,
    description: input.description,
    location: input.meetingUrl,
    url: input.meetingUrl,
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: parameterText(input.organizerName), email: input.organizerEmail },
    attendees: [
      {
        name: parameterText(input.attendee.name),
        email: input.attendee.email,
        role: ICalAttendeeRole.REQ,
        // A request asks for an answer; a cancellation asks for none.
        ...(cancel ? {} : { status: ICalAttendeeStatus.NEEDSACTION, rsvp: true }),
      },
    ],
  })
  return { method: input.method, content: calendar.toString() }
}
