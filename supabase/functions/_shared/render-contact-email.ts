// Control characters are what some of these patterns are about.
// deno-lint-ignore-file no-control-regex
/* eslint-disable no-control-regex */
import type { ContactMessage } from './contact-message.ts'

/** What the mail transport needs besides the fixed sender and recipient. */
export interface ContactEmail {
  subject: string
  text: string
  html: string
  /** The visitor, so that answering the e-mail answers them; a digest has none. */
  replyTo?: { name: string; address: string }
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

// Line breaks would end a header; bidi overrides (U+202A–U+202E, U+2066–U+2069) and the
// marks around them can make a subject read differently from what it contains.
const HEADER_UNSAFE = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g

/** A value made safe for a single-line header: unsafe characters become one space. */
export const toHeaderText = (value: string): string =>
  value.replace(HEADER_UNSAFE, ' ').replace(/\s+/g, ' ').trim()

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
 * One e-mail for many leads, sent once the hourly cap of single e-mails is spent, so a flood
 * of submissions costs the inbox one message instead of hours of them.
 */
export const renderDigestEmail = (submissions: StoredSubmission[]): ContactEmail => {
  const leads = [...submissions].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
  const subject = `Resumo: ${leads.length} novas mensagens pelo site`
  const intro =
    'O limite de e-mails por hora foi atingido; estas mensagens chegaram juntas. ' +
    'Responda a cada pessoa pelo endereço indicado.'
  const text = [
    intro,
    ...leads.map((lead) =>
      [
        '',
        '—'.repeat(20),
        `Data: ${brazilTime.format(lead.createdAt)}`,
        `Nome: ${lead.name}`,
        `E-mail: ${lead.email}`,
        `Empresa: ${lead.company ?? '—'}`,
        '',
        excerpt(lead.message),
      ].join('\n'),
    ),
  ].join('\n')
  const html = [
    '<!doctype html><html lang="pt-BR"><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">${escapeHtml(subject)}</h1>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...leads.map((lead) =>
      [
        '<hr>',
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
