import { company } from '../company/company.ts'
import { companyName } from '../company/company-name.ts'
import { describeDuration, describePromiseHours } from '../support/durations.ts'
import { companyClock, describeIncident } from './incident-copy.ts'
import { toHeaderText } from '../mail/mail-header.ts'
import { escapeHtml } from '../mail/render-contact-email.ts'
import type { IncidentAlert } from './render-incident-alert.ts'
import type { OverdueLead, RenderedAlert } from './render-overdue-alert.ts'

/**
 * The digests of the company's outbox (decision 060): once the hour's cap of single alert
 * e-mails of a kind is spent, the rest of that kind arrive together, one e-mail every digest
 * turn, instead of one each. An overdue digest lists each lead (who, how long it has waited,
 * when the promise breaks, where to answer) without the messages, which the desk and each
 * lead's single alert show; an incident digest lists each incident in its own words.
 */

const clock = (when: Date, zone: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: zone })
    .format(when)
    .replace(', ', ' às ')

const why =
  'Chegaram muitos alertas deste tipo na última hora: para não lotar a caixa de entrada, os próximos vêm juntos, em resumos como este, até a hora seguinte.'

const page = (title: string, body: string[]) =>
  [
    '<!doctype html><html lang="pt-BR"><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    '<body style="font-family:sans-serif;line-height:1.5;max-width:600px;margin:0 auto;padding:12px">',
    `<h1 style="font-size:18px">${escapeHtml(title)}</h1>`,
    ...body,
    `<p style="color:#555;font-size:14px">${escapeHtml(why)}</p>`,
    '</body></html>',
  ].join('\n')

const button = (url: string, label: string) =>
  `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`

/** The desk's list of leads, from a lead's address there (…/painel/contatos/<id>). */
const leadListOf = (deskUrl: string | null) => deskUrl?.replace(/\/[^/]*$/, '') ?? null

/** Several leads about to break the promise, in one e-mail; `leads` oldest wait first. */
export const renderOverdueDigest = (leads: OverdueLead[], now: Date): RenderedAlert => {
  const count = leads.length
  const subject = `${count.toLocaleString('pt-BR')} contatos sem resposta: o prazo está acabando`
  const first = leads[0]
  const promise = first
    ? `O site promete resposta em até ${describePromiseHours(first.promiseHours, first.replyClock)}.`
    : ''
  const opening = `${count.toLocaleString('pt-BR')} contatos estão sem resposta. ${promise}`
  const list = leadListOf(first?.deskUrl ?? null)
  const lines = leads.map((lead, index) => {
    const waited = describeDuration(now.getTime() - lead.waitingSince.getTime())
    const { deadline } = lead
    const who = `${toHeaderText(lead.name)} <${lead.email}>${lead.company ? ` (${toHeaderText(lead.company)})` : ''}`
    const when = `esperando há ${waited}; o prazo vence em ${clock(deadline, lead.timeZone)} (${lead.timeZone})`
    return { index: index + 1, who, when, url: lead.deskUrl }
  })
  const text = [
    opening,
    '',
    ...lines.flatMap((line) => [
      `${line.index}. ${line.who}`,
      `   ${line.when}`,
      ...(line.url ? [`   Responder: ${line.url}`] : []),
    ]),
    '',
    ...(list ? [`Todos os contatos no painel: ${list}`, ''] : []),
    why,
    '',
    `— ${company.name}`,
  ].join('\n')
  const html = page(subject, [
    `<p>${escapeHtml(opening)}</p>`,
    '<ol>',
    ...lines.map(
      (line) =>
        `<li style="margin-bottom:8px;overflow-wrap:anywhere">${escapeHtml(line.who)}<br><span style="color:#555">${escapeHtml(line.when)}</span>${
          line.url ? `<br><a href="${escapeHtml(line.url)}">Responder pelo painel</a>` : ''
        }</li>`,
    ),
    '</ol>',
    list ? button(list, 'Abrir os contatos no painel') : '',
  ])
  return { subject: toHeaderText(subject), text, html }
}

/** Several incidents of the pipeline in one e-mail, each in its own words (incident-copy.ts). */
export const renderIncidentDigest = (incidents: IncidentAlert[], now: Date): RenderedAlert => {
  const count = incidents.length
  const subject = `Alertas do site ${companyName.of}: ${count.toLocaleString('pt-BR')} problemas`
  const deskUrl = incidents.find((incident) => incident.deskUrl)?.deskUrl ?? null
  const items = incidents.map((incident) => {
    const words = describeIncident(incident, now, companyClock(incident.timeZone))
    const resolved = incident.resolvedAt
      ? `Já resolvido às ${companyClock(incident.timeZone)(incident.resolvedAt)}.`
      : undefined
    return { ...words, resolved }
  })
  const text = [
    `${count.toLocaleString('pt-BR')} problemas no site precisam de atenção.`,
    '',
    ...items.flatMap((item, index) => [
      `${index + 1}. ${item.title}`,
      `   ${item.summary}`,
      ...(item.resolved ? [`   ${item.resolved}`] : []),
      `   O que fazer: ${item.action}`,
      '',
    ]),
    ...(deskUrl ? [`Painel: ${deskUrl}`, ''] : []),
    why,
  ].join('\n')
  const html = page(subject, [
    '<ol>',
    ...items.map(
      (item) =>
        `<li style="margin-bottom:12px;overflow-wrap:anywhere"><strong>${escapeHtml(item.title)}</strong><br>${escapeHtml(item.summary)}${
          item.resolved ? `<br><strong>${escapeHtml(item.resolved)}</strong>` : ''
        }<br><strong>O que fazer:</strong> ${escapeHtml(item.action)}</li>`,
    ),
    '</ol>',
    deskUrl ? button(deskUrl, 'Abrir o painel') : '',
  ])
  return { subject, text, html }
}
