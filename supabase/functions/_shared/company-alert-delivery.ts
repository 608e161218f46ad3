import type { DeliveryLog, MailMessage, RunQuery, SendEmailResult } from './mail-delivery.ts'
import { CLAIM_LEASE_MINUTES } from './mail-delivery.ts'
import { headerValue, isHeaderSafeAddress, toHeaderText } from './mail-header.ts'
import { noteMailOutcome } from './mail-health.ts'
import type { MailSettings } from './mail-settings.ts'
import { renderOverdueAlert, type RenderedAlert } from './render-overdue-alert.ts'
import { renderIncidentAlert } from './render-incident-alert.ts'
import { isIncidentKind } from './incident-copy.ts'
import { readWeekSummary, renderWeeklySummary } from './render-weekly-summary.ts'
import { describeWebhookUrl } from './webhook-receivers.ts'

/**
 * The company's own outbox (private.company_alerts): a lead about to break the reply promise,
 * an incident of the pipeline, the weekly summary. Claimed with a lease, sent to the company's
 * inbox, retried with back-off, a permanent refusal set apart: the lead e-mails' way (decision
 * 016). The Node server's watch and the watch-pipeline Edge Function both run it; what is
 * queued, and when, is SQL (migrations 20261128120000 and after, decision 051).
 */

/** Sends one prepared message to whoever it names; a refusal is a value, never thrown. */
export type SendMessage = (message: MailMessage) => Promise<SendEmailResult>

export interface CompanyAlertDeps {
  query: RunQuery
  sendMessage: SendMessage
  /** The company's inbox (CONTACT_TO) and the sender (MAIL_FROM). */
  settings: Pick<MailSettings, 'to' | 'from'>
  log?: DeliveryLog
  now?: () => Date
}

/** Alerts one sweep sends at most; the rest wait for the next. */
export const ALERT_SWEEP_LIMIT = 20

export interface AlertClaim {
  id: string
  kind: string
  leadId: string | null
  incidentId: string | null
  week: string | null
}

/** What an alert e-mail says, who it is about (Reply-To) and the leads it names (X-Lead-Id). */
export interface ComposedAlert extends RenderedAlert {
  replyTo?: { name: string; address: string }
  leadIds?: string[]
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const instant = (value: unknown) => (value instanceof Date ? value : new Date(String(value)))

const readClaim = (row: Record<string, unknown>): AlertClaim => ({
  id: String(row.alert_id),
  kind: text(row.kind),
  leadId: row.lead_id === null ? null : String(row.lead_id),
  incidentId: row.incident_id === null ? null : String(row.incident_id),
  week: typeof row.week === 'string' ? row.week : null,
})

const OVERDUE_LEAD_SQL = `
select s.id, s.name, s.email, s.company, s.message, s.created_at,
       coalesce(s.waiting_since, s.created_at) as waiting_since, r.promise_hours, b.time_zone,
       w.lead_link_base || s.id::text as desk_url
  from public.contact_submissions s
 cross join private.reply_settings r
 cross join private.booking_settings b
 cross join private.webhook_settings w
 where s.id = $1`

const composeOverdue = async (deps: CompanyAlertDeps, leadId: string) => {
  const { rows } = await deps.query(OVERDUE_LEAD_SQL, [leadId])
  const row = rows[0]
  if (!row) return null
  const lead = {
    id: text(row.id),
    name: text(row.name),
    email: text(row.email),
    company: typeof row.company === 'string' ? row.company : null,
    message: text(row.message),
    createdAt: instant(row.created_at),
    waitingSince: instant(row.waiting_since),
    promiseHours: Number(row.promise_hours),
    timeZone: text(row.time_zone) || 'America/Sao_Paulo',
    deskUrl: typeof row.desk_url === 'string' ? row.desk_url : null,
  }
  return {
    ...renderOverdueAlert(lead, deps.now?.() ?? new Date()),
    replyTo: { name: lead.name, address: lead.email },
    leadIds: [lead.id],
  }
}

const INCIDENT_SQL = `
select i.kind, i.since, i.detail, i.resolved_at, b.time_zone,
       regexp_replace(w.lead_link_base, 'contatos/$', '') as desk_url, r.url as receiver_url
  from private.pipeline_incidents i
 cross join private.booking_settings b
 cross join private.webhook_settings w
  left join private.webhook_receivers r
    on i.kind = 'webhook_set_apart' and r.id::text = i.subject
 where i.id = $1::bigint`

const composeIncident = async (deps: CompanyAlertDeps, incidentId: string) => {
  const { rows } = await deps.query(INCIDENT_SQL, [incidentId])
  const row = rows[0]
  if (!row || !isIncidentKind(row.kind)) return null
  const detail =
    typeof row.detail === 'object' && row.detail !== null
      ? (row.detail as Record<string, unknown>)
      : {}
  return renderIncidentAlert(
    {
      kind: row.kind,
      since: instant(row.since),
      detail,
      ...(typeof row.receiver_url === 'string'
        ? { receiver: describeWebhookUrl(row.receiver_url) }
        : {}),
      timeZone: text(row.time_zone) || 'America/Sao_Paulo',
      deskUrl: typeof row.desk_url === 'string' ? row.desk_url : null,
      resolvedAt: row.resolved_at === null ? null : instant(row.resolved_at),
    },
    deps.now?.() ?? new Date(),
  )
}

const SUMMARY_SQL = `
select private.week_summary($1::date) as summary,
       regexp_replace(w.lead_link_base, 'contatos/$', '') as desk_url
  from private.webhook_settings w`

const composeSummary = async (deps: CompanyAlertDeps, week: string) => {
  const { rows } = await deps.query(SUMMARY_SQL, [week])
  const row = rows[0]
  if (!row || typeof row.summary !== 'object' || row.summary === null) return null
  return renderWeeklySummary(
    readWeekSummary(row.summary as Record<string, unknown>),
    typeof row.desk_url === 'string' ? row.desk_url : null,
    deps.now?.() ?? new Date(),
  )
}

type AlertComposer = (deps: CompanyAlertDeps, claim: AlertClaim) => Promise<ComposedAlert | null>

/** How each kind of alert is written; null: its subject is gone, nothing to send. */
const composers: Record<string, AlertComposer> = {
  lead_overdue: (deps, claim) =>
    claim.leadId === null ? Promise.resolve(null) : composeOverdue(deps, claim.leadId),
  incident: (deps, claim) =>
    claim.incidentId === null ? Promise.resolve(null) : composeIncident(deps, claim.incidentId),
  weekly_summary: (deps, claim) =>
    claim.week === null ? Promise.resolve(null) : composeSummary(deps, claim.week),
}

/** The message for the company's inbox: visitor text in headers only as mail-header.ts writes it. */
export const toAlertMessage = (
  alert: ComposedAlert,
  settings: CompanyAlertDeps['settings'],
): MailMessage => {
  const replyTo =
    alert.replyTo && isHeaderSafeAddress(alert.replyTo.address)
      ? { name: headerValue(toHeaderText(alert.replyTo.name)), address: alert.replyTo.address }
      : undefined
  return {
    from: settings.from,
    to: settings.to,
    ...(replyTo ? { replyTo } : {}),
    subject: headerValue(toHeaderText(alert.subject)),
    text: alert.text,
    html: alert.html,
    ...(alert.leadIds && alert.leadIds.length > 0
      ? { headers: { 'X-Lead-Id': alert.leadIds.join(', ') } }
      : {}),
  }
}

export type AlertOutcome = 'sent' | 'failed' | 'refused' | 'dropped'

const record = async (query: RunQuery, id: string, result: SendEmailResult) => {
  if (!result.ok && result.permanent) {
    await query('select private.refuse_company_alert($1::bigint, $2)', [id, result.reason])
  } else {
    await query('select private.finish_company_alert($1::bigint, $2, $3)', [
      id,
      result.ok,
      result.ok ? null : result.reason,
    ])
  }
}

/** Writes, sends and records one claimed alert; one whose subject is gone is dropped. */
export const sendCompanyAlert = async (
  deps: CompanyAlertDeps,
  claim: AlertClaim,
): Promise<AlertOutcome> => {
  let result: SendEmailResult
  try {
    const composed = await (composers[claim.kind]?.(deps, claim) ?? Promise.resolve(null))
    if (composed === null) {
      await deps.query('delete from private.company_alerts where id = $1::bigint', [claim.id])
      return 'dropped'
    }
    result = await deps.sendMessage(toAlertMessage(composed, deps.settings))
  } catch (error) {
    result = {
      ok: false,
      reason: `not written: ${error instanceof Error ? error.message : String(error)}`,
      permanent: false,
    }
  }
  await record(deps.query, claim.id, result)
  await noteMailOutcome(deps.query, result, { toVisitor: false })
  const fields = { alert: claim.id, kind: claim.kind }
  if (result.ok) {
    deps.log?.info('company_alert_sent', fields)
    return 'sent'
  }
  deps.log?.error(result.permanent ? 'company_alert_refused' : 'company_alert_failed', fields)
  return result.permanent ? 'refused' : 'failed'
}

export type AlertTally = Record<AlertOutcome, number>

/** Sends every due alert, one at a time (mail servers throttle bursts first). */
export const sendDueCompanyAlerts = async (
  deps: CompanyAlertDeps,
  limit = ALERT_SWEEP_LIMIT,
): Promise<AlertTally> => {
  const { rows } = await deps.query('select * from private.claim_company_alerts($1, $2)', [
    limit,
    CLAIM_LEASE_MINUTES,
  ])
  const tally: AlertTally = { sent: 0, failed: 0, refused: 0, dropped: 0 }
  for (const claim of rows.map(readClaim)) tally[await sendCompanyAlert(deps, claim)] += 1
  return tally
}
