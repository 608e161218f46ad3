import { company } from '../company/company.ts'
import { describeDuration, describePromiseHours, type ReplyClock } from '../support/durations.ts'
import { toHeaderText } from '../mail/mail-header.ts'
import { escapeHtml } from '../mail/render-contact-email.ts'

/**
 * The e-mail that warns the company a lead is about to break the page's promise (decision
 * 051): who wrote, how long they have waited, when the promise breaks, the message, and where
 * to answer. Replying to it answers the visitor (Reply-To is theirs, as in the notification);
 * the desk's "Responder" also records the answer.
 */

/** A lead still waiting, as the alert shows it. */
export interface OverdueLead {
  id: string
  name: string
  email: string
  company: string | null
  message: string
  createdAt: Date
  /** When the company's clock started (created_at, or a restore from quarantine). */
  waitingSince: Date
  promiseHours: number
  /** Which hours the promise counts (decision 070). */
  replyClock: ReplyClock
  /** When the promise breaks: waitingSince plus its hours on that clock (private.reply_deadline). */
  deadline: Date
  /** The company's time zone: the deadline is written on its clock. */
  timeZone: string
  /** The lead's page in the desk, when there is a desk. */
  deskUrl: string | null
}

export interface RenderedAlert {
  subject: string
  text: string
  html: string
}

const clock = (when: Date, zone: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: zone })
    .format(when)
    .replace(', ', ' às ')

const quote = (text: string) =>
  text
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n')

export const renderOverdueAlert = (lead: OverdueLead, now: Date): RenderedAlert => {
  const waited = describeDuration(now.getTime() - lead.waitingSince.getTime())
  const { deadline } = lead
  const late = deadline.getTime() <= now.getTime()
  const subject = toHeaderText(`Contato sem resposta há ${waited}: ${lead.name}`)
  const promise = `O site promete resposta em até ${describePromiseHours(lead.promiseHours, lead.replyClock)}`
  const due = late
    ? `${promise}, e o prazo venceu em ${clock(deadline, lead.timeZone)}.`
    : `${promise}: o prazo vence em ${clock(deadline, lead.timeZone)} (${lead.timeZone}).`
  const opening = `Este contato está sem resposta há ${waited}. ${due}`
  const howTo = lead.deskUrl
    ? 'Responda pelo painel, que registra a resposta:'
    : 'Responda a este e-mail (a resposta vai para a pessoa).'
  const facts: [string, string][] = [
    ['Nome', lead.name],
    ['E-mail', lead.email],
    ['Empresa', lead.company ?? '—'],
    ['Recebido em', clock(lead.createdAt, lead.timeZone)],
  ]
  const text = [
    opening,
    '',
    lead.deskUrl ? `${howTo} ${lead.deskUrl}` : howTo,
    lead.deskUrl ? 'Se responder por este e-mail, marque o contato como respondido no painel.' : '',
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    'Mensagem:',
    quote(lead.message),
    '',
    `— ${company.name}`,
  ].join('\n')
  const html = [
    '<!doctype html><html lang="pt-BR"><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    '<body style="font-family:sans-serif;line-height:1.5;max-width:600px;margin:0 auto;padding:12px">',
    `<h1 style="font-size:18px">${escapeHtml(subject)}</h1>`,
    `<p>${escapeHtml(opening)}</p>`,
    lead.deskUrl
      ? `<p><a href="${escapeHtml(lead.deskUrl)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">Responder pelo painel</a></p><p>Se responder por este e-mail, marque o contato como respondido no painel.</p>`
      : `<p>${escapeHtml(howTo)}</p>`,
    '<table>',
    ...facts.map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${label}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    `<blockquote style="white-space:pre-wrap;margin:12px 0 0 0;padding-left:12px;border-left:3px solid #ccc">${escapeHtml(lead.message)}</blockquote>`,
    '</body></html>',
  ].join('\n')
  return { subject, text, html }
}
