import type { ContactMessage } from '../contact/contact-message.ts'
import { toHeaderText } from './mail-header.ts'

/** What the mail transport needs besides the fixed sender and recipient. */
export interface ContactEmail {
  /** What the company reads as the subject; the transport writes it safely (mail-header.ts). */
  subject: string
  text: string
  html: string
  /** The visitor, so that answering the e-mail answers them; a digest has none. */
  replyTo?: { name: string; address: string }
  /** The leads it carries, for the X-Lead-Id header (the outbox finds its copies by it). */
  leadIds?: string[]
}

/** A submission as stored: what an e-mail about it may show. */
export interface StoredSubmission extends ContactMessage {
  id: string
  createdAt: Date
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character)

const row = (label: string, value: string) =>
  `<tr><th align="left" style="padding:4px 12px 4px 0">${label}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`

/** Turns a stored submission into the e-mail the company receives (Portuguese, like the site). */
export const renderContactEmail = (message: ContactMessage): ContactEmail => {
  const name = toHeaderText(message.name)
  const company = message.company ?? '—'
  const subject = toHeaderText(`Nova mensagem pelo site: ${name}`)
  const text = [
    `Nome: ${message.name}`,
    `E-mail: ${message.email}`,
    `Empresa: ${company}`,
    '',
    'Mensagem:',
    message.message,
  ].join('\n')
  const html = [
    '<!doctype html><html lang="pt-BR"><body style="font-family:sans-serif">',
    '<h1 style="font-size:18px">Nova mensagem pelo site</h1>',
    '<table>',
    row('Nome', message.name),
    row('E-mail', message.email),
    row('Empresa', company),
    '</table>',
    `<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`,
    '</body></html>',
  ].join('\n')
  return { subject, text, html, replyTo: { name, address: message.email } }
}

/** How much of each message a digest shows; the whole text stays in the database. */
export const DIGEST_EXCERPT_CHARACTERS = 500

const excerpt = (text: string) => {
  const characters = Array.from(text)
  return characters.length <= DIGEST_EXCERPT_CHARACTERS
    ? text
    : `${characters.slice(0, DIGEST_EXCERPT_CHARACTERS).join('')}…`
}

const brazilTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})

/**
 * A message's lines in a digest's text part, each behind "> " (Unicode line and paragraph
 * separators count as line breaks, as some readers show them): whatever a visitor writes (a
 * line of dashes, "Nome: …", "Mensagem 2 de 3") stays inside their own quote, and only the
 * digest's own lines start at the margin.
 */
const quoted = (message: string) =>
  message
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n')

const digestSubject = (count: number) =>
  count === 1 ? 'Resumo: 1 nova mensagem pelo site' : `Resumo: ${count} novas mensagens pelo site`

/**
 * One e-mail for many leads, sent once the hourly cap of single e-mails is spent, so a flood
 * of submissions costs the inbox one message instead of hours of them. No lead's text can
 * change how the others read: the HTML escapes every value, and in the text part each
 * message is quoted under a heading of the digest's own.
 */
export const renderDigestEmail = (submissions: StoredSubmission[]): ContactEmail => {
  const leads = [...submissions].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
  const subject = digestSubject(leads.length)
  const intro =
    'O limite de e-mails por hora foi atingido; as mensagens a seguir chegaram em resumo. ' +
    'Responda a cada pessoa pelo endereço indicado.'
  const heading = (index: number) => `Mensagem ${index + 1} de ${leads.length}`
  const text = [
    intro,
    ...leads.map((lead, index) =>
      [
        '',
        `==== ${heading(index)} ====`,
        `Data: ${brazilTime.format(lead.createdAt)}`,
        `Nome: ${lead.name}`,
        `E-mail: ${lead.email}`,
        `Empresa: ${lead.company ?? '—'}`,
        'Mensagem:',
        quoted(excerpt(lead.message)),
      ].join('\n'),
    ),
  ].join('\n')
  const html = [
    '<!doctype html><html lang="pt-BR"><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">${escapeHtml(subject)}</h1>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...leads.map((lead, index) =>
      [
        '<hr>',
        `<h2 style="font-size:16px">${escapeHtml(heading(index))}</h2>`,
        '<table>',
        row('Data', brazilTime.format(lead.createdAt)),
        row('Nome', lead.name),
        row('E-mail', lead.email),
        row('Empresa', lead.company ?? '—'),
        '</table>',
        `<p style="white-space:pre-wrap">${escapeHtml(excerpt(lead.message))}</p>`,
      ].join('\n'),
    ),
    '</body></html>',
  ].join('\n')
  return { subject, text, html }
}
