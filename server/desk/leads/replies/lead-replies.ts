import type { Logger } from '#shared/support/log.ts'
import { randomBytes } from 'node:crypto'
import type { SendMessage } from '#shared/alerts/company-alert-delivery.ts'
import { CLAIM_LEASE_MINUTES, mailMarks } from '#shared/mail/mail-delivery.ts'
import { type SendEmailResult } from '#shared/mail/mail-transport.ts'
import { sendEach, sendOne, type Outbox } from '#shared/support/outbox.ts'
import { within } from '#shared/support/within.ts'
import type { RunQuery } from '#shared/db/run-query.ts'
import type { MailSettings } from '#shared/mail/mail-settings.ts'
import { renderLeadReply, toReplyMessage, type ClaimedReply } from './render-lead-reply.ts'

/**
 * Replies from the desk through the normal mail path (decision 051): queued in
 * private.lead_replies, claimed with a lease, sent, recorded; a failure waits for the doubling
 * back-off and the watch's sweep, a permanent refusal is set apart. The desk sends a new reply
 * at once and answers within the e-mails' deadline; the send itself is never abandoned.
 */

export interface LeadReplyDeps {
  query: RunQuery
  sendMessage: SendMessage
  settings: Pick<MailSettings, 'to' | 'from'>
  log?: Logger
}

/** Replies one sweep sends at most. */
const REPLY_SWEEP_LIMIT = 20

/** A fresh token for one reply form: the same form posted twice is one reply. */
export const newReplyFormKey = (): string => randomBytes(16).toString('hex')

export const isReplyFormKey = (value: string): boolean => /^[0-9a-f]{32}$/.test(value)

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const instant = (value: unknown) => (value instanceof Date ? value : new Date(String(value)))

const readClaim = (row: Record<string, unknown>): ClaimedReply => ({
  id: String(row.reply_id),
  subject: text(row.subject),
  body: text(row.body),
  lead: {
    id: text(row.lead_id),
    createdAt: instant(row.created_at),
    name: text(row.name),
    email: text(row.email),
    company: typeof row.company === 'string' ? row.company : null,
    message: text(row.message),
    emailConfirmed: row.email_confirmed === true,
  },
})

const companyZone = async (query: RunQuery) => {
  const { rows } = await query('select time_zone from private.booking_settings', [])
  return text(rows[0]?.time_zone) || 'America/Sao_Paulo'
}

export type ReplyOutcome = 'sent' | 'failed' | 'refused'

/** The due replies (what failed and waited its back-off), with a lease. */
const claimDueReplies = async (query: RunQuery) => {
  const { rows } = await query('select * from private.claim_lead_replies(null, $1, $2)', [
    REPLY_SWEEP_LIMIT,
    CLAIM_LEASE_MINUTES,
  ])
  return rows.map(readClaim)
}

/** The replies' outbox, for the company's time zone: one reply, one e-mail to its lead. */
const replyOutbox = (
  deps: LeadReplyDeps,
  timeZone: string,
): Outbox<ClaimedReply, SendEmailResult> => ({
  claim: () => claimDueReplies(deps.query),
  send: async (reply) => {
    try {
      const rendered = renderLeadReply(reply, { timeZone })
      return await deps.sendMessage(toReplyMessage(reply, rendered, deps.settings))
    } catch (error) {
      return {
        ok: false,
        reason: `not written: ${error instanceof Error ? error.message : String(error)}`,
        permanent: false,
      }
    }
  },
  ...mailMarks(
    deps.query,
    { finish: 'private.finish_lead_reply', refuse: 'private.refuse_lead_reply' },
    (reply: ClaimedReply) => reply.id,
    () => true,
  ),
  names: { sent: 'lead_reply_sent', failed: 'lead_reply_failed', refused: 'lead_reply_refused' },
  fields: (reply) => ({ reply: reply.id }),
  log: deps.log,
})

const sendClaimed = async (
  deps: LeadReplyDeps,
  reply: ClaimedReply,
  timeZone: string,
): Promise<ReplyOutcome> => {
  const { outcome } = await sendOne(replyOutbox(deps, timeZone), reply)
  return outcome === 'skipped' ? 'failed' : outcome
}

/** What the team typed, checked where it entered (the route): the database checks it again. */
export interface ReplyDraft {
  formKey: string
  template: string | null
  subject: string
  body: string
}

/** Queues a reply to this lead; the same form sent twice answers the first one's id. */
export const queueLeadReply = async (
  query: RunQuery,
  leadId: string,
  draft: ReplyDraft,
): Promise<string> => {
  const { rows } = await query('select private.queue_lead_reply($1, $2, $3, $4, $5) as id', [
    leadId,
    draft.formKey,
    draft.template,
    draft.subject,
    draft.body,
  ])
  return String(rows[0]?.id)
}

/**
 * - sent: the mail server took it;
 * - queued: it is slow (the send goes on), or another sender holds the reply right now;
 * - failed: refused for now, retried with back-off;
 * - refused: refused for good, set apart;
 * - done: it had gone out already (the same form sent again).
 */
export type SendNowOutcome = ReplyOutcome | 'queued' | 'done'

/** Sends this reply now, answering within `deadlineMs` (the send itself goes on). */
export const sendLeadReplyNow = async (
  deps: LeadReplyDeps,
  replyId: string,
  deadlineMs: number,
): Promise<SendNowOutcome> => {
  const { rows } = await deps.query('select * from private.claim_lead_replies($1, 1, $2)', [
    replyId,
    CLAIM_LEASE_MINUTES,
  ])
  const row = rows[0]
  if (!row) {
    const state = await deps.query(
      'select sent_at is not null as sent from private.lead_replies where id = $1::bigint',
      [replyId],
    )
    return state.rows[0]?.sent === true ? 'done' : 'queued'
  }
  const sending = companyZone(deps.query).then((zone) => sendClaimed(deps, readClaim(row), zone))
  const outcome = await within(sending, deadlineMs)
  if (outcome === 'deadline') {
    sending.catch(() => undefined)
    return 'queued'
  }
  return outcome
}

/** Sends every due reply (what failed and waited its back-off): the watch runs it. */
export const sendDueLeadReplies = async (deps: LeadReplyDeps): Promise<number> => {
  const claimed = await claimDueReplies(deps.query)
  if (claimed.length === 0) return 0
  await sendEach(replyOutbox(deps, await companyZone(deps.query)), claimed)
  return claimed.length
}

/** A reply as the lead's timeline shows it. */
export interface ReplyRecord {
  id: string
  subject: string
  body: string
  createdAt: Date
  sentAt: Date | null
  failedAt: Date | null
  refusedAt: Date | null
  lastError: string | null
}

export const listLeadReplies = async (query: RunQuery, leadId: string): Promise<ReplyRecord[]> => {
  const { rows } = await query(
    `select id, subject, body, created_at, sent_at, failed_at, refused_at, last_error
       from private.lead_replies where lead_id = $1 order by created_at, id`,
    [leadId],
  )
  const maybe = (value: unknown) => (value === null ? null : instant(value))
  return rows.map((row) => ({
    id: String(row.id),
    subject: text(row.subject),
    body: text(row.body),
    createdAt: instant(row.created_at),
    sentAt: maybe(row.sent_at),
    failedAt: maybe(row.failed_at),
    refusedAt: maybe(row.refused_at),
    lastError: typeof row.last_error === 'string' ? row.last_error : null,
  }))
}
