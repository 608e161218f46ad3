import type { MailSettings } from './mail-settings.ts'
import { headerValue, isHeaderSafeAddress, toHeaderText } from './mail-header.ts'
import type { ContactEmail } from './render-contact-email.ts'

/**
 * How an e-mail leaves: what a mail transport (nodemailer's, or anything with its method)
 * takes, and one send through it that answers a refusal as a value. Every outbox of e-mails
 * sends through here.
 */

/** A mailbox as nodemailer takes it: the name is written into the header for us. */
export interface Mailbox {
  name: string
  address: string
}

/** What nodemailer's transports offer; anything with the same method will do. */
export interface MailTransport {
  sendMail(message: {
    from: Mailbox
    to: string | Mailbox
    replyTo?: Mailbox
    subject: string
    text: string
    html: string
    headers?: Record<string, string>
    /**
     * A calendar invitation: nodemailer adds it as a `text/calendar; method=…` alternative
     * (what Gmail, Outlook and Apple Mail show as an event) and as an .ics attachment.
     */
    icalEvent?: {
      method: string
      content: string
      filename: string
      /** base64 carries the text's CRLF line ends and 75-octet folds through untouched. */
      contentTransferEncoding: 'base64'
    }
  }): Promise<unknown>
}

/**
 * How a send ended. `permanent`: the mail server refused this message's content for good
 * (see isPermanentRefusal), so sending the same message again cannot succeed.
 */
export type SendEmailResult =
  | { ok: true }
  /** `code`: nodemailer's error code when it gave one (ECONNECTION, EAUTH, EENVELOPE…). */
  | { ok: false; reason: string; permanent: boolean; code?: string }

/** Sends one rendered e-mail to the company; never throws for a mail server's refusal. */
export type SendEmail = (email: ContactEmail) => Promise<SendEmailResult>

/**
 * A refusal of the message itself, for good: the server answered its content (after DATA)
 * with a 5xx, or nodemailer refused it before sending (larger than the server takes). A 5xx
 * to the envelope or the sign-in (sender, the company's inbox, the password) is about the
 * settings, not about this message: like 4xx answers and lost connections it is retried with
 * back-off, so fixing the settings delivers every lead.
 */
export const isPermanentRefusal = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown }
  if (code !== 'EMESSAGE') return false
  return typeof responseCode === 'number' ? responseCode >= 500 && responseCode <= 599 : true
}

export type MailMessage = Parameters<MailTransport['sendMail']>[0]

/**
 * The message a transport is given for a rendered e-mail: visitor text in headers written so
 * a mail client shows it as typed (mail-header.ts), a Reply-To only for an address that can be
 * written safely, and the leads it carries in X-Lead-Id (ids only, no personal data).
 */
export const toMailMessage = (
  email: ContactEmail,
  { from, to }: Pick<MailSettings, 'from' | 'to'>,
): MailMessage => {
  const replyTo =
    email.replyTo && isHeaderSafeAddress(email.replyTo.address)
      ? { name: headerValue(toHeaderText(email.replyTo.name)), address: email.replyTo.address }
      : undefined
  const leadIds = (email.leadIds ?? []).filter((id) => /^[0-9a-f-]{36}$/i.test(id))
  return {
    from,
    to,
    ...(replyTo ? { replyTo } : {}),
    subject: headerValue(toHeaderText(email.subject)),
    text: email.text,
    html: email.html,
    ...(leadIds.length > 0 ? { headers: { 'X-Lead-Id': leadIds.join(', ') } } : {}),
  }
}

/** Hands one message to the transport; a mail server's refusal is a value, never thrown. */
export const sendThrough = async (
  transport: MailTransport,
  message: MailMessage,
): Promise<SendEmailResult> => {
  try {
    await transport.sendMail(message)
    return { ok: true }
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code
    return {
      ok: false,
      reason: error instanceof Error ? error.message : String(error),
      permanent: isPermanentRefusal(error),
      ...(typeof code === 'string' ? { code } : {}),
    }
  }
}

export const createMailSender =
  (transport: MailTransport, settings: MailSettings): SendEmail =>
  (email) =>
    sendThrough(transport, toMailMessage(email, settings))
