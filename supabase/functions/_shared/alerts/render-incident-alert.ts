import { companyName } from '../company/company-name.ts'
import { companyClock, describeIncident, type IncidentFacts } from './incident-copy.ts'
import { escapeHtml } from '../mail/render-contact-email.ts'
import type { RenderedAlert } from './render-overdue-alert.ts'

/**
 * The e-mail that tells the company its pipeline has a problem (decision 052): what, since
 * when, what to do, and where the desk shows it. Sent once per incident, to the company's
 * inbox (never for mail failing: it would not arrive; a webhook says that one).
 */
export interface IncidentAlert extends IncidentFacts {
  timeZone: string
  /** The desk's home, when there is a desk. */
  deskUrl: string | null
  resolvedAt: Date | null
}

export const renderIncidentAlert = (incident: IncidentAlert, now: Date): RenderedAlert => {
  const at = companyClock(incident.timeZone)
  const words = describeIncident(incident, now, at)
  const subject = `Alerta do site ${companyName.of}: ${words.title}`
  const resolved = incident.resolvedAt
    ? `Já resolvido às ${at(incident.resolvedAt)}: nada mais a fazer.`
    : undefined
  const text = [
    words.title,
    '',
    words.summary,
    ...(resolved ? ['', resolved] : []),
    '',
    `O que fazer: ${words.action}`,
    ...(incident.deskUrl ? ['', `Painel: ${incident.deskUrl}`] : []),
    '',
    'Este aviso é enviado uma vez por problema; o painel mostra um alerta até ele acabar.',
  ].join('\n')
  const html = [
    '<!doctype html><html lang="pt-BR"><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    '<body style="font-family:sans-serif;line-height:1.5;max-width:600px;margin:0 auto;padding:12px">',
    `<h1 style="font-size:18px">${escapeHtml(words.title)}</h1>`,
    `<p>${escapeHtml(words.summary)}</p>`,
    resolved ? `<p><strong>${escapeHtml(resolved)}</strong></p>` : '',
    `<p><strong>O que fazer:</strong> ${escapeHtml(words.action)}</p>`,
    incident.deskUrl
      ? `<p><a href="${escapeHtml(incident.deskUrl)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">Abrir o painel</a></p>`
      : '',
    '<p style="color:#555;font-size:14px">Este aviso é enviado uma vez por problema; o painel mostra um alerta até ele acabar.</p>',
    '</body></html>',
  ].join('\n')
  return { subject, text, html }
}
