import { bookingEmailCopy } from '#shared/booking/booking-email-copy.ts'
import { company } from '#shared/company/company.ts'
import type { MailMessage } from '#shared/mail/mail-transport.ts'
import { headerValue, isHeaderSafeAddress, toHeaderText } from '#shared/mail/mail-header.ts'
import type { MailSettings } from '#shared/mail/mail-settings.ts'
import { escapeHtml } from '#shared/mail/render-contact-email.ts'
import { companyWhatsappLink } from '#shared/company/whatsapp.ts'

/**
 * The e-mail a visitor receives when the team answers from the desk (decision 051): from the
 * company's sending address under its name, Reply-To the team's inbox, the team's text, the
 * company's signature, and the visitor's own message quoted below, as a mail client quotes
 * what it answers. It goes to the lead's own address only: the claim reads it from the lead.
 *
 * To an address nobody confirmed (decision 060) it carries nothing the visitor typed: no
 * quote, no "… escreveu", no name beside the address. Anyone can send the form in someone
 * else's name; the company's signed reply must not carry a stranger's words to that inbox.
 */

/** A claimed reply, with the lead it answers as it is now. */
export interface ClaimedReply {
  id: string
  subject: string
  body: string
  lead: {
    id: string
    createdAt: Date
    name: string
    email: string
    company: string | null
    message: string
    /** Whether the address's inbox confirmed it (private.is_address_confirmed, at the claim). */
    emailConfirmed: boolean
  }
}

export interface ReplyContext {
  /** The company's clock, for the quote's "Em … escreveu". */
  timeZone: string
}

const quote = (text: string) =>
  text
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n')

const when = (date: Date, zone: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: zone })
    .format(date)
    .replace(', ', ' às ')

export const renderLeadReply = (reply: ClaimedReply, context: ReplyContext) => {
  const whatsapp = companyWhatsappLink()
  const signature = [...bookingEmailCopy.signature, ...(whatsapp ? [`WhatsApp: ${whatsapp}`] : [])]
  const quoted = reply.lead.emailConfirmed
  const wrote = `Em ${when(reply.lead.createdAt, context.timeZone)}, ${toHeaderText(reply.lead.name)} escreveu:`
  const text = [
    reply.body.trimEnd(),
    '',
    '--',
    ...signature,
    ...(quoted ? ['', wrote, quote(reply.lead.message)] : []),
  ].join('\n')
  const html = [
    '<!doctype html><html lang="pt-BR"><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    '<body style="font-family:sans-serif;line-height:1.5;max-width:640px">',
    `<div style="white-space:pre-wrap">${escapeHtml(reply.body.trimEnd())}</div>`,
    `<p style="color:#555;white-space:pre-wrap">--\n${escapeHtml(bookingEmailCopy.signature.join('\n'))}${
      whatsapp
        ? `\n<a href="${escapeHtml(whatsapp)}">${escapeHtml(bookingEmailCopy.visitor.whatsapp)}</a>`
        : ''
    }</p>`,
    ...(quoted
      ? [
          `<p style="color:#555">${escapeHtml(wrote)}</p>`,
          `<blockquote style="white-space:pre-wrap;margin:0 0 0 8px;padding-left:12px;border-left:3px solid #ccc;color:#555">${escapeHtml(reply.lead.message)}</blockquote>`,
        ]
      : []),
    '</body></html>',
  ].join('\n')
  return { subject: toHeaderText(reply.subject), text, html }
}

/**
 * The message the transport is given: to the lead's address (with its name when that can be
 * written safely and the address is confirmed), from the company, answers to the team's inbox,
 * X-Lead-Id for erasure.
 */
export const toReplyMessage = (
  reply: ClaimedReply,
  rendered: ReturnType<typeof renderLeadReply>,
  settings: Pick<MailSettings, 'to' | 'from'>,
): MailMessage => ({
  from: { name: company.name, address: settings.from.address },
  to:
    reply.lead.emailConfirmed && isHeaderSafeAddress(reply.lead.email)
      ? { name: headerValue(toHeaderText(reply.lead.name)), address: reply.lead.email }
      : reply.lead.email,
  replyTo: { name: company.name, address: settings.to },
  subject: headerValue(rendered.subject),
  text: rendered.text,
  html: rendered.html,
  headers: { 'X-Lead-Id': reply.lead.id },
})
