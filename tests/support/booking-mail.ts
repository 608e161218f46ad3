import ICAL from 'ical.js'
import type { ParsedMail } from 'mailparser'

/**
 * Reading booking e-mails as a calendar and a mail client do: the invitation parsed back by
 * Mozilla's iCalendar parser (ical.js, what Thunderbird uses), the MIME part found by
 * mailparser.
 */

export interface ParsedAttendee {
  /** 'mailto:ana@example.com', lower-cased scheme. */
  address: string
  name: string | undefined
  rsvp: string | undefined
  partstat: string | undefined
}

export interface ParsedInvitation {
  method: string
  /** How many VEVENTs the file holds (a forged END:VEVENT would make two). */
  events: number
  uid: string
  sequence: number
  stamp: string
  /** As written: '2027-03-10T12:00:00Z' when in UTC. */
  start: string
  end: string
  /** Whether a TZID parameter names a zone on DTSTART or DTEND (it must not). */
  zoned: boolean
  summary: string
  description: string
  location: string
  url: string
  status: string
  organizer: { address: string; name: string | undefined }
  attendees: ParsedAttendee[]
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value))

const addressOf = (property: ICAL.Property) =>
  text(property.getFirstValue()).replace(/^mailto:/i, 'mailto:')

const parameter = (property: ICAL.Property, name: string) => {
  const value = property.getParameter(name)
  return Array.isArray(value) ? value.join(',') : (value ?? undefined)
}

export const parseInvitation = (content: string): ParsedInvitation => {
  const calendar = new ICAL.Component(ICAL.parse(content))
  const events = calendar.getAllSubcomponents('vevent')
  const event = events[0]
  if (!event) throw new Error(`No VEVENT in:\n${content}`)
  const timeOf = (name: string) => {
    const property = event.getFirstProperty(name)
    return {
      value: text(property?.getFirstValue()),
      zoned: property?.getParameter('tzid') !== undefined,
    }
  }
  const start = timeOf('dtstart')
  const end = timeOf('dtend')
  const organizer = event.getFirstProperty('organizer')
  return {
    method: text(calendar.getFirstPropertyValue('method')),
    events: events.length,
    uid: text(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    stamp: text(event.getFirstPropertyValue('dtstamp')),
    start: start.value,
    end: end.value,
    zoned: start.zoned || end.zoned,
    summary: text(event.getFirstPropertyValue('summary')),
    description: text(event.getFirstPropertyValue('description')),
    location: text(event.getFirstPropertyValue('location')),
    url: text(event.getFirstPropertyValue('url')),
    status: text(event.getFirstPropertyValue('status')),
    organizer: {
      address: organizer ? addressOf(organizer) : '',
      name: organizer ? parameter(organizer, 'cn') : undefined,
    },
    attendees: event.getAllProperties('attendee').map((attendee) => ({
      address: addressOf(attendee),
      name: parameter(attendee, 'cn'),
      rsvp: parameter(attendee, 'rsvp'),
      partstat: parameter(attendee, 'partstat'),
    })),
  }
}

export interface CalendarPart {
  /** The part's Content-Type and its parameters, as mailparser read them. */
  type: string
  params: Record<string, string>
  content: string
}

/** The e-mail's text/calendar part (the one mail clients show as an event), if it has one. */
export const calendarPartOf = (mail: ParsedMail): CalendarPart | undefined => {
  const part = mail.attachments.find((attachment) => attachment.contentType === 'text/calendar')
  if (!part) return undefined
  const header = part.headers.get('content-type') as
    { value: string; params: Record<string, string> } | undefined
  return {
    type: header?.value ?? part.contentType,
    params: Object.fromEntries(
      Object.entries(header?.params ?? {}).map(([key, value]) => [key.toLowerCase(), value]),
    ),
    content: part.content.toString('utf8'),
  }
}

/** The e-mail's .ics attachment's file name, if it has one. */
export const icsAttachmentOf = (mail: ParsedMail): string | undefined =>
  mail.attachments.find((attachment) => attachment.contentType === 'application/ics')?.filename

/** The manage token the e-mail's link carries (…/agendar/gerenciar#<token>). */
export const manageTokenIn = (body: string): string | undefined =>
  /\/agendar\/gerenciar#([0-9a-f]{64})\b/.exec(body)?.[1]

/** The first address of a parsed To/Reply-To. */
export const addressIn = (field: ParsedMail['to'] | ParsedMail['replyTo']): string | undefined => {
  const first = Array.isArray(field) ? field[0] : field
  return first?.value[0]?.address
}
