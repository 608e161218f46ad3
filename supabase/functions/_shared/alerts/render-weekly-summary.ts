import { company } from '../company/company.ts'
import { companyName } from '../company/company-name.ts'
import {
  describeDuration,
  describePromiseHours,
  isReplyClock,
  type ReplyClock,
} from '../support/durations.ts'
import { companyClock, describeIncident, isIncidentKind } from './incident-copy.ts'
import { escapeHtml } from '../mail/render-contact-email.ts'
import type { RenderedAlert } from './render-overdue-alert.ts'

/**
 * The weekly summary e-mail (decision 053): the week's visits, leads, meetings, how the leads
 * were answered against the page's promise, and the pipeline's incidents. One column of large
 * text, so it reads on a phone as it arrives; plain text beside it for any mail client.
 */

/** private.week_summary's answer. */
export interface WeekSummary {
  week: string
  timeZone: string
  promiseHours: number
  /** Which hours the promise counts (decision 070). */
  replyClock: ReplyClock
  views: number
  leads: number
  meetings: number
  answered: number
  answeredInTime: number
  unanswered: number
  waiting: number
  medianAnswerSeconds: number | null
  incidents: {
    kind: string
    since: string
    resolvedAt: string | null
    detail: Record<string, unknown>
  }[]
}

const number = (value: unknown) => Number(value ?? 0)
const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** Reads the database's JSON (snake_case) into a WeekSummary. */
export const readWeekSummary = (json: Record<string, unknown>): WeekSummary => ({
  week: text(json.week),
  timeZone: text(json.time_zone) || 'America/Sao_Paulo',
  promiseHours: number(json.promise_hours),
  replyClock: isReplyClock(json.reply_clock) ? json.reply_clock : 'clock',
  views: number(json.views),
  leads: number(json.leads),
  meetings: number(json.meetings),
  answered: number(json.answered),
  answeredInTime: number(json.answered_in_time),
  unanswered: number(json.unanswered),
  waiting: number(json.waiting),
  medianAnswerSeconds:
    json.median_answer_seconds === null || json.median_answer_seconds === undefined
      ? null
      : number(json.median_answer_seconds),
  incidents: Array.isArray(json.incidents)
    ? json.incidents.map((item) => {
        const incident = (item ?? {}) as Record<string, unknown>
        return {
          kind: text(incident.kind),
          since: text(incident.since),
          resolvedAt: typeof incident.resolved_at === 'string' ? incident.resolved_at : null,
          detail: (incident.detail ?? {}) as Record<string, unknown>,
        }
      })
    : [],
})

const dayMonth = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`

const sunday = (monday: string) => {
  const day = new Date(`${monday}T12:00:00Z`)
  day.setUTCDate(day.getUTCDate() + 6)
  return day.toISOString().slice(0, 10)
}

const percent = (part: number, whole: number) =>
  (part / whole).toLocaleString('pt-BR', { style: 'percent', maximumFractionDigits: 0 })

export const renderWeeklySummary = (
  summary: WeekSummary,
  deskUrl: string | null,
  now: Date,
): RenderedAlert => {
  const at = companyClock(summary.timeZone)
  const span = `${dayMonth(summary.week)} a ${dayMonth(sunday(summary.week))}`
  const subject = `Resumo da semana de ${span}: ${summary.leads.toLocaleString('pt-BR')} ${summary.leads === 1 ? 'contato' : 'contatos'}`
  const due = summary.answered + summary.unanswered
  const figures: [string, string][] = [
    ['Visitas', summary.views.toLocaleString('pt-BR')],
    ['Contatos', summary.leads.toLocaleString('pt-BR')],
    ['Reuniões marcadas', summary.meetings.toLocaleString('pt-BR')],
    [
      'Tempo até a primeira resposta (mediana)',
      summary.medianAnswerSeconds === null
        ? '—'
        : describeDuration(summary.medianAnswerSeconds * 1000),
    ],
    [
      `Respondidos em até ${describePromiseHours(summary.promiseHours, summary.replyClock)}`,
      due === 0
        ? '—'
        : `${summary.answeredInTime} de ${due} (${percent(summary.answeredInTime, due)})`,
    ],
    ['Sem resposta, prazo vencido', summary.unanswered.toLocaleString('pt-BR')],
    ...(summary.waiting > 0
      ? ([['Ainda dentro do prazo', summary.waiting.toLocaleString('pt-BR')]] as [string, string][])
      : []),
  ]
  const incidents = summary.incidents.flatMap((incident) => {
    if (!isIncidentKind(incident.kind)) return []
    const since = new Date(incident.since)
    const words = describeIncident(
      { kind: incident.kind, since, detail: incident.detail },
      incident.resolvedAt ? new Date(incident.resolvedAt) : now,
      at,
    )
    const state = incident.resolvedAt
      ? `de ${at(since)} a ${at(new Date(incident.resolvedAt))}`
      : `desde ${at(since)}, ainda em aberto`
    return [{ title: words.title, state, action: incident.resolvedAt ? null : words.action }]
  })
  const incidentLines =
    incidents.length === 0
      ? ['Nenhum problema no envio de e-mails, webhooks, calendário ou quarentena.']
      : incidents.map(
          (incident) =>
            `- ${incident.title} (${incident.state}).${incident.action ? ` O que fazer: ${incident.action}` : ''}`,
        )
  const text = [
    `Resumo da semana de ${span} no site ${companyName.of}`,
    '',
    ...figures.map(([label, value]) => `${label}: ${value}`),
    '',
    'Problemas no site:',
    ...incidentLines,
    ...(deskUrl ? ['', `Painel: ${deskUrl}`] : []),
    '',
    'Para não receber mais este resumo, defina WEEKLY_SUMMARY=false no servidor.',
  ].join('\n')
  const cell = 'padding:10px 0;border-bottom:1px solid #e5e7eb'
  const html = [
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    '<body style="margin:0;padding:16px;font-family:sans-serif;font-size:16px;line-height:1.5;color:#111827">',
    '<div style="max-width:560px;margin:0 auto">',
    `<h1 style="font-size:20px;margin:0 0 4px">Resumo da semana</h1>`,
    `<p style="margin:0 0 16px;color:#4b5563">${escapeHtml(span)} · ${escapeHtml(company.name)}</p>`,
    '<table role="presentation" style="width:100%;border-collapse:collapse">',
    ...figures.map(
      ([label, value]) =>
        `<tr><td style="${cell}">${escapeHtml(label)}</td><td style="${cell};text-align:right;font-weight:700;font-size:18px">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    '<h2 style="font-size:18px;margin:24px 0 8px">Problemas no site</h2>',
    incidents.length === 0
      ? `<p style="margin:0">${escapeHtml(incidentLines[0] ?? '')}</p>`
      : `<ul style="margin:0;padding-left:20px">${incidents
          .map(
            (incident) =>
              `<li style="margin-bottom:8px"><strong>${escapeHtml(incident.title)}</strong> (${escapeHtml(incident.state)}).${incident.action ? ` ${escapeHtml(incident.action)}` : ''}</li>`,
          )
          .join('')}</ul>`,
    deskUrl
      ? `<p style="margin:24px 0"><a href="${escapeHtml(deskUrl)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">Abrir o painel</a></p>`
      : '',
    '<p style="font-size:14px;color:#6b7280">Para não receber mais este resumo, defina WEEKLY_SUMMARY=false no servidor.</p>',
    '</div></body></html>',
  ].join('\n')
  return { subject, text, html }
}
