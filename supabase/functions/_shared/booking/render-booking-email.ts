import {
  bookingEmailCopyFor,
  meetingShort,
  meetingWhen,
  type BookingEmailCopy,
} from './booking-email-copy.ts'
import { bookingInvitation, type Invitation } from './booking-invitation.ts'
import { bookAgainLink, manageLink } from './booking-pages.ts'
import {
  meetingTime,
  readClock,
  sameClock,
  usableTimeZone,
  type MeetingTime,
} from './booking-times.ts'
import { toHeaderText } from '../mail/mail-header.ts'
import { escapeHtml } from '../mail/render-contact-email.ts'
import { company, type Company } from '../company/company.ts'
import { whatsappLink } from '../company/whatsapp.ts'

/**
 * Turns one row of the booking outbox into its e-mail: the request to confirm a new booking
 * (the visitor's only, without invitation), a confirmation, update or cancellation to the
 * visitor or the company (each with the calendar invitation), or the visitor's reminder. It renders the booking as it is now with the row's sequence, which the claim
 * guarantees is the booking's own for every invitation (private.claim_booking_mail drops the
 * older ones). Runtime-neutral: the Node server and the Edge Function both run it.
 */

export type BookingMailKind = 'request' | 'confirmation' | 'reminder' | 'update' | 'cancellation'
export type BookingMailRecipient = 'visitor' | 'company'

/** The booking as public.bookings holds it now. */
export interface BookedMeeting {
  id: string
  leadId: string
  status: string
  startsAt: Date
  endsAt: Date
  name: string
  email: string
  company: string | null
  note: string
  /** The visitor's IANA time zone. */
  timeZone: string
  /** The company's (private.booking_settings). */
  companyTimeZone: string
  meetingUrl: string
  cancelledBy: 'visitor' | 'company' | null
  cancelMessage: string | null
  /** Until when a booking waits for its confirmation from the inbox (null before holds). */
  holdUntil: Date | null
}

/** A row of private.booking_messages, with its booking. */
export interface BookingMailRow {
  id: string
  kind: BookingMailKind
  recipient: BookingMailRecipient
  sequence: number
  /** Only on the visitor's rows that link to the manage page, until sent. */
  manageToken: string | null
  booking: BookedMeeting
}

export interface BookingEmailContext {
  /** The site's public address, without a trailing slash: the links point there. */
  siteUrl: string
  /** The company's inbox: the invitation's organizer. */
  companyInbox: string
  /** When the e-mail is written: the invitation's DTSTAMP. */
  stamp: Date
  /**
   * The company the e-mail speaks for (its name with its article, its signature and WhatsApp):
   * company.ts's unless given.
   */
  company?: Company
}

export interface BookingEmail {
  subject: string
  text: string
  html: string
  /** Every e-mail but the reminder carries the event. */
  invitation?: Invitation
}

/** A block of the e-mail: a label and its value, a paragraph, or a link. */
type Block =
  | { label: string; value: string; quoted?: boolean }
  | { paragraph: string }
  | { label: string; link: string }

const isJitsiRoom = (url: string) => /^https:\/\/meet\.jit\.si\//.test(url)

/**
 * Visitor text in the text part: each line behind "> ", so no line of a note (a forged
 * "Videochamada: …") can pass for one of the e-mail's own (Unicode line separators count, as
 * some readers show them).
 */
const quote = (text: string) =>
  text
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n')

const textOf = (blocks: Block[]) =>
  blocks
    .map((block) => {
      if ('paragraph' in block) return block.paragraph
      if ('link' in block) return `${block.label}: ${block.link}`
      return block.quoted
        ? `${block.label}:\n${quote(block.value)}`
        : `${block.label}: ${block.value}`
    })
    .join('\n\n')

const htmlOf = (title: string, blocks: Block[]) =>
  [
    '<!doctype html><html lang="pt-BR"><body style="font-family:sans-serif;line-height:1.5">',
    `<h1 style="font-size:18px">${escapeHtml(title)}</h1>`,
    ...blocks.map((block) => {
      if ('paragraph' in block) {
        return `<p style="white-space:pre-wrap">${escapeHtml(block.paragraph)}</p>`
      }
      if ('link' in block) {
        const href = escapeHtml(block.link)
        return `<p><strong>${escapeHtml(block.label)}:</strong> <a href="${href}">${href}</a></p>`
      }
      return block.quoted
        ? `<p><strong>${escapeHtml(block.label)}:</strong></p><blockquote style="white-space:pre-wrap;margin:0 0 0 12px">${escapeHtml(block.value)}</blockquote>`
        : `<p><strong>${escapeHtml(block.label)}:</strong> ${escapeHtml(block.value)}</p>`
    }),
    '</body></html>',
  ].join('\n')

interface Clocks {
  /** The zone the visitor's times are written on. */
  visitorZone: string
  visitor: MeetingTime
  company: MeetingTime
  /** Whether the two clocks read differently at the meeting (Manaus, abroad). */
  differ: boolean
}

const clocksOf = (booking: BookedMeeting): Clocks => {
  const companyZone = usableTimeZone(booking.companyTimeZone, 'America/Sao_Paulo')
  const visitorZone = usableTimeZone(booking.timeZone, companyZone)
  return {
    visitorZone,
    visitor: meetingTime(booking.startsAt, booking.endsAt, visitorZone),
    company: meetingTime(booking.startsAt, booking.endsAt, companyZone),
    differ: !sameClock(booking.startsAt, visitorZone, companyZone),
  }
}

const minutesOf = (booking: BookedMeeting) =>
  Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000)

/** The link to the manage page, or what to do without one (a row queued before links). */
const manageBlock = (
  copy: BookingEmailCopy,
  row: BookingMailRow,
  context: BookingEmailContext,
): Block =>
  row.manageToken
    ? { label: copy.visitor.manage, link: manageLink(context.siteUrl, row.manageToken) }
    : { paragraph: copy.visitor.manageByReply }

const meetingBlocks = (copy: BookingEmailCopy, booking: BookedMeeting): Block[] => [
  { label: copy.visitor.meeting, link: booking.meetingUrl },
  {
    paragraph: isJitsiRoom(booking.meetingUrl)
      ? `${copy.visitor.meetingHint} ${copy.visitor.noAccountNeeded}`
      : copy.visitor.meetingHint,
  },
]

const visitorOpening = (copy: BookingEmailCopy, row: BookingMailRow) => {
  const { opening } = copy.visitor
  switch (row.kind) {
    case 'request':
      return copy.visitor.request.opening(minutesOf(row.booking))
    case 'confirmation':
      return opening.confirmation(minutesOf(row.booking))
    case 'update':
      return opening.update()
    case 'reminder':
      return opening.reminder()
    case 'cancellation':
      return row.booking.cancelledBy === 'company'
        ? opening.cancelledByCompany()
        : opening.cancelledByVisitor()
  }
}

/** '10:30 de 10/03/2027 (Horário de Brasília, GMT-3)', on the visitor's clock. */
const holdEnd = (booking: BookedMeeting, clocks: Clocks) => {
  const until = readClock(booking.holdUntil ?? booking.startsAt, clocks.visitorZone)
  return `${until.time} de ${until.date} (${until.zoneName}, ${until.offset})`
}

/**
 * The request to confirm: the company's words, the time asked for and the link, and nothing a
 * visitor typed, not even the name.
 */
const requestBlocks = (
  copy: BookingEmailCopy,
  row: BookingMailRow,
  context: BookingEmailContext,
  clocks: Clocks,
  when: Block[],
): Block[] => {
  const { request } = copy.visitor
  return [
    { paragraph: request.greeting },
    { paragraph: visitorOpening(copy, row) },
    ...when,
    { paragraph: request.confirm(holdEnd(row.booking, clocks)) },
    row.manageToken
      ? { label: request.link, link: manageLink(context.siteUrl, row.manageToken) }
      : { paragraph: copy.visitor.manageByReply },
    { paragraph: request.notMe },
    { paragraph: [copy.visitor.closing, ...copy.signature].join('\n') },
  ]
}

const visitorBlocks = (
  copy: BookingEmailCopy,
  whatsapp: string | undefined,
  row: BookingMailRow,
  context: BookingEmailContext,
  clocks: Clocks,
) => {
  const { booking } = row
  const when: Block[] = [
    { label: copy.visitor.when, value: meetingWhen(clocks.visitor) },
    ...(clocks.differ
      ? [{ label: copy.visitor.companyClock, value: meetingWhen(clocks.company) }]
      : []),
  ]
  if (row.kind === 'request') return requestBlocks(copy, row, context, clocks, when)
  const closing: Block[] = [
    ...(whatsapp ? [{ label: copy.visitor.whatsapp, link: whatsapp }] : []),
    { paragraph: [copy.visitor.closing, ...copy.signature].join('\n') },
  ]
  if (row.kind === 'cancellation') {
    return [
      { paragraph: copy.visitor.greeting(booking.name) },
      { paragraph: visitorOpening(copy, row) },
      ...when,
      ...(booking.cancelledBy === 'company' && booking.cancelMessage
        ? [{ label: copy.visitor.companyMessage, value: booking.cancelMessage, quoted: true }]
        : []),
      { label: copy.visitor.bookAgain, link: bookAgainLink(context.siteUrl) },
      { paragraph: copy.visitor.invitationRemoves },
      ...closing,
    ]
  }
  return [
    { paragraph: copy.visitor.greeting(booking.name) },
    { paragraph: visitorOpening(copy, row) },
    ...when,
    ...meetingBlocks(copy, booking),
    { label: copy.visitor.note, value: booking.note, quoted: true },
    manageBlock(copy, row, context),
    ...(row.kind === 'reminder' ? [] : [{ paragraph: copy.visitor.invitationAdds }]),
    ...closing,
  ]
}

const companyBlocks = (copy: BookingEmailCopy, row: BookingMailRow, clocks: Clocks): Block[] => {
  const { booking } = row
  const { opening } = copy.company
  const cancelled = row.kind === 'cancellation'
  const byCompany = booking.cancelledBy === 'company'
  return [
    {
      paragraph: !cancelled
        ? opening[row.kind === 'update' ? 'update' : 'confirmation']
        : byCompany
          ? opening.cancelledByCompany
          : opening.cancelledByVisitor,
    },
    { label: copy.company.when, value: meetingWhen(clocks.company) },
    ...(clocks.differ
      ? [{ label: copy.company.visitorClock, value: meetingWhen(clocks.visitor) }]
      : []),
    { label: copy.company.name, value: booking.name },
    { label: copy.company.email, value: booking.email },
    { label: copy.company.company, value: booking.company ?? '—' },
    ...(cancelled ? [] : [{ label: copy.company.meeting, link: booking.meetingUrl }]),
    { label: copy.company.note, value: booking.note, quoted: true },
    ...(cancelled && booking.cancelMessage
      ? [
          {
            label: byCompany ? copy.company.messageSent : copy.company.visitorMessage,
            value: booking.cancelMessage,
            quoted: true,
          },
        ]
      : []),
    { paragraph: copy.company.replyHint },
    { paragraph: cancelled ? copy.company.invitationRemoves : copy.company.invitationAdds },
  ]
}

/** The invitation's description: the e-mail's essentials as calendar text, the note last. */
const invitationDescription = (
  copy: BookingEmailCopy,
  row: BookingMailRow,
  context: BookingEmailContext,
) => {
  const { booking } = row
  const lines =
    row.recipient === 'visitor'
      ? [
          copy.eventTitle.visitor,
          `${copy.visitor.meeting}: ${booking.meetingUrl}`,
          ...(row.manageToken
            ? [`${copy.visitor.manage}: ${manageLink(context.siteUrl, row.manageToken)}`]
            : []),
          ...(row.kind === 'cancellation' &&
          booking.cancelledBy === 'company' &&
          booking.cancelMessage
            ? [`${copy.visitor.companyMessage}: ${booking.cancelMessage}`]
            : []),
          `${copy.visitor.note}: ${booking.note}`,
        ]
      : [
          `${copy.company.name}: ${booking.name}`,
          `${copy.company.email}: ${booking.email}`,
          `${copy.company.company}: ${booking.company ?? '—'}`,
          `${copy.company.meeting}: ${booking.meetingUrl}`,
          ...(row.kind === 'cancellation' && booking.cancelMessage
            ? [`${copy.company.visitorMessage}: ${booking.cancelMessage}`]
            : []),
          `${copy.company.note}: ${booking.note}`,
        ]
  return lines.join('\n\n')
}

const invitationOf = (
  copy: BookingEmailCopy,
  facts: Company,
  row: BookingMailRow,
  context: BookingEmailContext,
): Invitation =>
  bookingInvitation({
    method: row.kind === 'cancellation' ? 'CANCEL' : 'REQUEST',
    uid: row.booking.id,
    sequence: row.sequence,
    stamp: context.stamp,
    start: row.booking.startsAt,
    end: row.booking.endsAt,
    summary:
      row.recipient === 'visitor'
        ? copy.eventTitle.visitor
        : copy.eventTitle.company(toHeaderText(row.booking.name)),
    description: invitationDescription(copy, row, context),
    meetingUrl: row.booking.meetingUrl,
    organizerName: facts.name,
    organizerEmail: context.companyInbox,
    attendee: { name: row.booking.name, email: row.booking.email },
  })

export const renderBookingEmail = (
  row: BookingMailRow,
  context: BookingEmailContext,
): BookingEmail => {
  const facts = context.company ?? company
  const copy = bookingEmailCopyFor(facts)
  const clocks = clocksOf(row.booking)
  // The reminder answers nothing; the request is not a meeting yet.
  const invitation =
    row.kind === 'reminder' || row.kind === 'request'
      ? undefined
      : invitationOf(copy, facts, row, context)
  if (row.recipient === 'visitor') {
    const subject = copy.visitor.subject[row.kind](meetingShort(clocks.visitor))
    const blocks = visitorBlocks(copy, whatsappLink(facts.whatsapp), row, context, clocks)
    return { subject, text: textOf(blocks), html: htmlOf(subject, blocks), invitation }
  }
  // The company is never sent a reminder or a request (none is queued); were one, it reads as
  // the confirmation it would become.
  const kind = row.kind === 'reminder' || row.kind === 'request' ? 'confirmation' : row.kind
  const subject = copy.company.subject[kind](
    toHeaderText(row.booking.name),
    meetingShort(clocks.company),
  )
  const blocks = companyBlocks(copy, row, clocks)
  return { subject, text: textOf(blocks), html: htmlOf(subject, blocks), invitation }
}
