import type { Logger } from '../support/log.ts'
import { bookingEmailCopy } from './booking-email-copy.ts'
import { company, type Company } from '../company/company.ts'
import {
  CLAIM_LEASE_MINUTES,
  mailMarks,
  type AnswersWithinDeadline,
} from '../mail/mail-delivery.ts'
import {
  sendThrough,
  type MailMessage,
  type MailTransport,
  type SendEmailResult,
} from '../mail/mail-transport.ts'
import type { RunQuery } from '../db/run-query.ts'
import { within } from '../support/within.ts'
import { headerValue, isHeaderSafeAddress, toHeaderText } from '../mail/mail-header.ts'
import { sendDue, sendEach, type Outbox, type OutboxTally } from '../support/outbox.ts'
import type { MailSettings } from '../mail/mail-settings.ts'
import {
  renderBookingEmail,
  type BookedMeeting,
  type BookingEmail,
  type BookingMailKind,
  type BookingMailRow,
} from './render-booking-email.ts'

/**
 * The booking e-mails' one way out, the lead e-mails' way (mail-delivery.ts, decision 016):
 * claim rows of private.booking_messages in the database with a lease, render, send, record.
 * The booking page's request right after a change, the Node server's minute sweep and the Edge
 * Function's sweep (pg_cron) all go through here. Every row goes out at least once, and once
 * unless a sender dies between the mail server's "accepted" and the record of it (decision 029).
 */

/** Sends one prepared message; a refusal is a value (mail-delivery.ts's sendThrough). */
export type SendBookingEmail = (message: MailMessage) => Promise<SendEmailResult>

export const createBookingMailSender =
  (transport: MailTransport): SendBookingEmail =>
  (message) =>
    sendThrough(transport, message)

export interface BookingMailSettings extends Pick<MailSettings, 'to' | 'from'> {
  /** The site's public address, without a trailing slash: where the e-mails' links point. */
  siteUrl: string
}

export interface BookingMailDeps {
  query: RunQuery
  sendBookingEmail: SendBookingEmail
  settings: BookingMailSettings
  log?: Logger
}

/** Rows one sweep sends at most; the agenda holds a few meetings a day, each a few e-mails. */
export const BOOKING_SWEEP_LIMIT = 20

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const KINDS: readonly BookingMailKind[] = [
  'request',
  'confirmation',
  'reminder',
  'update',
  'cancellation',
]

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const nullableText = (value: unknown) => (typeof value === 'string' ? value : null)
const instant = (value: unknown) => (value instanceof Date ? value : new Date(String(value)))

/** A row of private.claim_booking_mail as the renderer takes it. */
const readClaim = (row: Record<string, unknown>): BookingMailRow => {
  const kind = KINDS.find((known) => known === row.kind) ?? 'confirmation'
  const cancelledBy = row.cancelled_by === 'company' || row.cancelled_by === 'visitor'
  const booking: BookedMeeting = {
    id: text(row.booking_id),
    leadId: text(row.lead_id),
    status: text(row.status),
    startsAt: instant(row.starts_at),
    endsAt: instant(row.ends_at),
    name: text(row.name),
    email: text(row.email),
    company: nullableText(row.company),
    note: text(row.note),
    timeZone: text(row.time_zone),
    companyTimeZone: text(row.company_time_zone),
    meetingUrl: text(row.meeting_url),
    cancelledBy: cancelledBy ? (row.cancelled_by as 'company' | 'visitor') : null,
    cancelMessage: nullableText(row.cancel_message),
    holdUntil:
      row.hold_until === null || row.hold_until === undefined ? null : instant(row.hold_until),
  }
  return {
    id: String(row.message_id),
    kind,
    recipient: row.recipient === 'company' ? 'company' : 'visitor',
    sequence: Number(row.sequence),
    manageToken: nullableText(row.manage_token),
    booking,
  }
}

/**
 * The message a transport is given. The visitor's e-mail goes to the booking's address only
 * (the claim read it from the booking: no open relay), from the company, replies going to the
 * company's inbox; the request to confirm names no one in its To. The company's copy goes to its inbox, replies going to the visitor. Visitor
 * text in headers is written so a mail client shows it as typed (mail-header.ts), an address
 * that cannot be written safely gets no Reply-To, and X-Lead-Id names the booking's lead, by
 * which erasure and retention find the outbox's copies. The sender's name is the company's
 * (company.ts's unless given).
 */
export const toBookingMailMessage = (
  row: BookingMailRow,
  email: BookingEmail,
  settings: BookingMailSettings,
  facts: Pick<Company, 'name'> = company,
): MailMessage => {
  const { booking } = row
  const visitor = {
    name: headerValue(toHeaderText(booking.name)),
    address: booking.email,
  }
  // The request goes to whoever the address belongs to, who may not be who typed the name.
  const named = isHeaderSafeAddress(booking.email) && row.kind !== 'request'
  const addressed =
    row.recipient === 'visitor'
      ? {
          from: { name: facts.name, address: settings.from.address },
          to: named ? visitor : booking.email,
          replyTo: { name: facts.name, address: settings.to },
        }
      : {
          from: settings.from,
          to: settings.to,
          ...(isHeaderSafeAddress(booking.email) ? { replyTo: visitor } : {}),
        }
  return {
    ...addressed,
    subject: headerValue(toHeaderText(email.subject)),
    text: email.text,
    html: email.html,
    ...(UUID.test(booking.leadId) ? { headers: { 'X-Lead-Id': booking.leadId } } : {}),
    ...(email.invitation
      ? {
          icalEvent: {
            method: email.invitation.method,
            content: email.invitation.content,
            filename: bookingEmailCopy.invitationFile,
            contentTransferEncoding: 'base64' as const,
          },
        }
      : {}),
  }
}

export interface BookingSweepResult {
  sent: number
  failed: number
  refused: number
}

const toSweepResult = ({ sent, failed, refused }: OutboxTally): BookingSweepResult => ({
  sent,
  failed,
  refused,
})

/**
 * The booking e-mails' outbox: one row, one e-mail. The send is never abandoned: only the SMTP
 * time limits end it, well inside the claim's lease. A row that cannot be rendered is recorded
 * as failed, so it is retried and its reason is there to read.
 */
const bookingOutbox = (
  deps: BookingMailDeps,
  limit = BOOKING_SWEEP_LIMIT,
): Outbox<BookingMailRow, SendEmailResult> => ({
  claim: async () => {
    const { rows } = await deps.query('select * from private.claim_booking_mail(null, $1, $2)', [
      limit,
      CLAIM_LEASE_MINUTES,
    ])
    return rows.map(readClaim)
  },
  send: async (row) => {
    try {
      const email = renderBookingEmail(row, {
        siteUrl: deps.settings.siteUrl,
        companyInbox: deps.settings.to,
        stamp: new Date(),
      })
      return await deps.sendBookingEmail(toBookingMailMessage(row, email, deps.settings))
    } catch (error) {
      return {
        ok: false,
        reason: `not rendered: ${error instanceof Error ? error.message : String(error)}`,
        permanent: false,
      }
    }
  },
  ...mailMarks(
    deps.query,
    { finish: 'private.finish_booking_mail', refuse: 'private.refuse_booking_mail' },
    (row: BookingMailRow) => row.id,
    (row) => row.recipient === 'visitor',
  ),
  names: {
    sent: 'booking_mail_sent',
    failed: 'booking_mail_failed',
    refused: 'booking_mail_refused',
  },
  fields: (row) => ({ message: row.id, kind: row.kind, recipient: row.recipient }),
  log: deps.log,
})

/**
 * Sends every due row (reminders whose day has come, and what failed and waited its back-off).
 * Run every minute by the Node server and, on hosted Supabase, by pg_cron through the
 * function's /sweep path.
 */
export const sendDueBookingMail = async (
  deps: BookingMailDeps,
  limit = BOOKING_SWEEP_LIMIT,
): Promise<BookingSweepResult> => toSweepResult(await sendDue(bookingOutbox(deps, limit)))

export interface SendNowDeps extends BookingMailDeps, AnswersWithinDeadline {}

/**
 * - sent: every due e-mail of the booking went out;
 * - nothing_due: none was due (all sent already, or the token opens no booking: alike);
 * - queued: the mail server is slow, and the sends finish after the answer;
 * - failed: the mail server refused one for now; the sweep retries it;
 * - refused: it refused one for good; the row is kept, set apart (decision 022).
 */
export type SendNowOutcome = 'sent' | 'nothing_due' | 'queued' | 'failed' | 'refused'

/**
 * Sends the due e-mails of the booking a manage token opens, and only those: what the booking
 * page asks for right after booking, moving or cancelling, so both sides hear of it at once
 * rather than at the next sweep.
 */
export const sendBookingMailNow = async (
  deps: SendNowDeps,
  token: string,
): Promise<SendNowOutcome> => {
  const { rows } = await deps.query(
    'select * from private.claim_booking_mail_by_token($1, $2, $3)',
    [token, BOOKING_SWEEP_LIMIT, CLAIM_LEASE_MINUTES],
  )
  if (rows.length === 0) return 'nothing_due'
  const sending = sendEach(bookingOutbox(deps), rows.map(readClaim))
  const tally = await within(sending, deps.responseDeadlineMs)
  if (tally === 'deadline') {
    deps.waitUntil?.(sending.catch(() => undefined))
    return 'queued'
  }
  if (tally.failed > 0) return 'failed'
  return tally.refused > 0 ? 'refused' : 'sent'
}
