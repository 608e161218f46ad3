import type { ContactMessage } from './contact-message.ts'

/** What the mail transport needs besides the fixed sender and recipient. */
export interface ContactEmail {
  subject: string
  text: string
  html: string
  replyTo: { name: string; address: string }
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
// eslint-disable-next-line no-control-regex -- stripping control characters is the point
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
