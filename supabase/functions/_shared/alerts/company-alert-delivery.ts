import type { Logger } from '../support/log.ts'
import { CLAIM_LEASE_MINUTES, mailMarks } from '../mail/mail-delivery.ts'
import { type MailMessage, type SendEmailResult } from '../mail/mail-transport.ts'
import { sendDue, sendOne, type Outbox, type OutboxTally } from '../support/outbox.ts'
import type { RunQuery } from '../db/run-query.ts'
import { headerValue, isHeaderSafeAddress, toHeaderText } from '../mail/mail-header.ts'
import type { MailSettings } from '../mail/mail-settings.ts'
import { renderOverdueAlert, type RenderedAlert } from './render-overdue-alert.ts'
import { renderIncidentAlert, type IncidentAlert } from './render-incident-alert.ts'
import { renderIncidentDigest, renderOverdueDigest } from './render-alert-digest.ts'
import { isIncidentKind } from './incident-copy.ts'
import { readWeekSummary, renderWeeklySummary } from './render-weekly-summary.ts'
import { describeWebhookUrl } from '../webhooks/webhook-receivers.ts'
import { isReplyClock } from '../support/durations.ts'

/**
 * The company's own outbox (private.company_alerts): a lead about to break the reply promise,
 * an incident of the pipeline, the weekly summary. Claimed with a lease, sent to the company's
 * inbox, retried with back-off, a permanent refusal set apart: the lead e-mails' way (decision
 * 016), capped the same way (decision 060): per kind, at most the hour's cap of single e-mails,
 * and the rest of the kind in one digest per turn. The claim decides which (SQL); a claimed
 * send is one e-mail, a single alert or a digest. The Node server's watch and the
 * watch-pipeline Edge Function both run it; what is queued, and when, is SQL (migrations
 * 20261128120000 and after, decisions 051 and 060).
 */

/** Sends one prepared message to whoever it names; a refusal is a value, never thrown. */
export type SendMessage = (message: MailMessage) => Promise<SendEmailResult>

export interface CompanyAlertDeps {
  query: RunQuery
  sendMessage: SendMessage
  /** The company's inbox (CONTACT_TO) and the sender (MAIL_FROM). */
  settings: Pick<MailSettings, 'to' | 'from'>
  log?: Logger
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
  /** The e-mail it goes in (private.outbox_sends), and whether that is a digest. */
  sendId: string
  digest: boolean
}

/** One e-mail of the company's outbox: a single alert, or a digest of one kind's alerts. */
export interface AlertSend {
  sendId: string
  kind: string
  digest: boolean
  claims: AlertClaim[]
}

/**
 * What an alert e-mail says, who it is about (Reply-To) and the leads it names (X-Lead-Id: a
 * single alert only; the development outbox rewrites a tagged copy of several leads as a lead
 * digest, so an alert digest is found by the addresses it shows, as untagged copies are).
 */
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
  sendId: String(row.send_id),
  digest: row.send_kind === 'digest',
})

/** Claims in the order the database gave them, gathered per e-mail. */
export const groupAlertSends = (claims: AlertClaim[]): AlertSend[] => {
  const sends = new Map<string, AlertSend>()
  for (const claim of claims) {
    const send = sends.get(claim.sendId) ?? {
      sendId: claim.sendId,
      kind: claim.kind,
      digest: claim.digest,
      claims: [],
    }
    send.claims.push(claim)
    sends.set(claim.sendId, send)
  }
  return [...sends.values()]
}

const OVERDUE_LEAD_SQL = `
select s.id, s.name, s.email, s.company, s.message, s.created_at,
       coalesce(s.waiting_since, s.created_at) as waiting_since, r.promise_hours, r.reply_clock,
       private.reply_deadline(coalesce(s.waiting_since, s.created_at), r.promise_hours)
         as deadline,
       b.time_zone, w.lead_link_base || s.id::text as desk_url
  from public.contact_submissions s
 cross join private.reply_settings r
 cross join private.booking_settings b
 cross join private.webhook_settings w
 where s.id = any($1::uuid[])
 order by coalesce(s.waiting_since, s.created_at), s.id`

const readOverdueLeads = async (deps: CompanyAlertDeps, leadIds: string[]) => {
  const { rows } = await deps.query(OVERDUE_LEAD_SQL, [leadIds])
  return rows.map((row) => ({
    id: text(row.id),
    name: text(row.name),
    email: text(row.email),
    company: typeof row.company === 'string' ? row.company : null,
    message: text(row.message),
    createdAt: instant(row.created_at),
    waitingSince: instant(row.waiting_since),
    promiseHours: Number(row.promise_hours),
    replyClock: isReplyClock(row.reply_clock) ? row.reply_clock : 'clock',
    deadline: instant(row.deadline),
    timeZone: text(row.time_zone) || 'America/Sao_Paulo',
    deskUrl: typeof row.desk_url === 'string' ? row.desk_url : null,
  }))
}

const leadIdsOf = (claims: AlertClaim[]) =>
  claims.flatMap((claim) => (claim.leadId === null ? [] : [claim.leadId]))

const composeOverdue = async (
  deps: CompanyAlertDeps,
  send: AlertSend,
): Promise<ComposedAlert | null> => {
  const leads = await readOverdueLeads(deps, leadIdsOf(send.claims))
  const [lead] = leads
  if (!lead) return null
  const now = deps.now?.() ?? new Date()
  if (send.digest && leads.length > 1) return renderOverdueDigest(leads, now)
  return {
    ...renderOverdueAlert(lead, now),
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
 where i.id = any($1::bigint[])
 order by i.opened_at, i.id`

const readIncidents = async (deps: CompanyAlertDeps, ids: string[]): Promise<IncidentAlert[]> => {
  const { rows } = await deps.query(INCIDENT_SQL, [ids])
  return rows.flatMap((row) =>
    isIncidentKind(row.kind)
      ? [
          {
            kind: row.kind,
            since: instant(row.since),
            detail:
              typeof row.detail === 'object' && row.detail !== null
                ? (row.detail as Record<string, unknown>)
                : {},
            ...(typeof row.receiver_url === 'string'
              ? { receiver: describeWebhookUrl(row.receiver_url) }
              : {}),
            timeZone: text(row.time_zone) || 'America/Sao_Paulo',
            deskUrl: typeof row.desk_url === 'string' ? row.desk_url : null,
            resolvedAt: row.resolved_at === null ? null : instant(row.resolved_at),
          },
        ]
      : [],
  )
}

const composeIncident = async (
  deps: CompanyAlertDeps,
  send: AlertSend,
): Promise<ComposedAlert | null> => {
  const ids = send.claims.flatMap((claim) => (claim.incidentId === null ? [] : [claim.incidentId]))
  const incidents = await readIncidents(deps, ids)
  const [incident] = incidents
  if (!incident) return null
  const now = deps.now?.() ?? new Date()
  return send.digest && incidents.length > 1
    ? renderIncidentDigest(incidents, now)
    : renderIncidentAlert(incident, now)
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

type AlertComposer = (deps: CompanyAlertDeps, send: AlertSend) => Promise<ComposedAlert | null>

/** How each kind of alert is written; null: its subject is gone, nothing to send. */
const composers: Record<string, AlertComposer> = {
  lead_overdue: composeOverdue,
  incident: composeIncident,
  // One a week, never capped: always a send of its own.
  weekly_summary: (deps, send) => {
    const week = send.claims[0]?.week ?? null
    return week === null ? Promise.resolve(null) : composeSummary(deps, week)
  },
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

/** What a sweep came to, in e-mails (a digest is one). */
export type AlertTally = Record<AlertOutcome, number>

const toAlertTally = ({ sent, failed, refused, skipped }: OutboxTally): AlertTally => ({
  sent,
  failed,
  refused,
  dropped: skipped,
})

/** A send's composing ended: nothing to send, its subjects are all gone. */
const DROPPED = { dropped: true } as const

/**
 * Moves the alerts of a refused digest's part to sends of their own just before they go
 * (private.split_alert_send renews their lease).
 */
const moveToOwnSends = async (query: RunQuery, sendId: string, part: AlertClaim[]) => {
  const { rows } = await query(
    'select * from private.split_alert_send($1::bigint, $2::bigint[], $3)',
    [sendId, part.map((claim) => claim.id), CLAIM_LEASE_MINUTES],
  )
  return groupAlertSends(rows.map(readClaim))
}

/**
 * The company's outbox: writes, sends and records one claimed e-mail; one whose subjects are
 * all gone is dropped. A digest the mail server refuses for its content (a name holding a spam
 * filter's test string, say) is split in halves, each sent at once as a digest of its own, down
 * to single alerts (decision 022's way): only an alert refused on its own is set apart, as a
 * refusal of the alerts' outbox (an incident the desk can dismiss).
 */
const alertOutbox = (
  deps: CompanyAlertDeps,
  limit = ALERT_SWEEP_LIMIT,
): Outbox<AlertSend, SendEmailResult | typeof DROPPED, AlertClaim> => {
  const marks = mailMarks(
    deps.query,
    { finish: 'private.finish_alert_send', refuse: 'private.refuse_alert_send' },
    (send: AlertSend) => send.sendId,
    () => false,
  )
  // Only a send that went out is recorded: a dropped one never reaches the marks.
  const went = (result: SendEmailResult | typeof DROPPED): SendEmailResult =>
    'dropped' in result ? { ok: false, reason: 'dropped', permanent: false } : result
  return {
    claim: async () => {
      const { rows } = await deps.query('select * from private.claim_company_alerts($1, $2)', [
        limit,
        CLAIM_LEASE_MINUTES,
      ])
      return groupAlertSends(rows.map(readClaim))
    },
    send: async (send) => {
      try {
        const composed = await (composers[send.kind]?.(deps, send) ?? Promise.resolve(null))
        if (composed === null) {
          await deps.query('delete from private.company_alerts where send_id = $1::bigint', [
            send.sendId,
          ])
          await deps.query('select private.finish_outbox_send($1::bigint, false)', [send.sendId])
          return DROPPED
        }
        return await deps.sendMessage(toAlertMessage(composed, deps.settings))
      } catch (error) {
        return {
          ok: false,
          reason: `not written: ${error instanceof Error ? error.message : String(error)}`,
          permanent: false,
        }
      }
    },
    outcome: (result) => ('dropped' in result ? 'skipped' : marks.outcome(result)),
    markSent: (send, result) => marks.markSent(send, went(result)),
    markFailed: (send, result) => marks.markFailed(send, went(result)),
    names: {
      sent: 'company_alert_sent',
      failed: 'company_alert_failed',
      refused: 'company_alert_refused',
    },
    fields: (send) => ({ send: send.sendId, kind: send.kind, alerts: send.claims.length }),
    log: deps.log,
    items: (send) => send.claims,
    split: {
      name: 'company_alert_refused_split',
      move: (send, part) => moveToOwnSends(deps.query, send.sendId, part),
    },
  }
}

/** Writes, sends and records one claimed e-mail (alertOutbox). */
export const sendAlertSend = async (deps: CompanyAlertDeps, send: AlertSend): Promise<AlertTally> =>
  toAlertTally((await sendOne(alertOutbox(deps), send)).tally)

/** Sends every due alert, one e-mail at a time (mail servers throttle bursts first). */
export const sendDueCompanyAlerts = async (
  deps: CompanyAlertDeps,
  limit = ALERT_SWEEP_LIMIT,
): Promise<AlertTally> => toAlertTally(await sendDue(alertOutbox(deps, limit)))
