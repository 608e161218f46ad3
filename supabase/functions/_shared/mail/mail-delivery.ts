import type { Logger } from '../support/log.ts'
import type { ContactMessage } from '../contact/contact-message.ts'
import type { RunQuery } from '../db/run-query.ts'
import { within } from '../support/within.ts'
import type { SendEmail, SendEmailResult } from './mail-transport.ts'
import { noteMailOutcome } from './mail-health.ts'
import { sendDue, sendOne, type Outbox, type OutboxTally } from '../support/outbox.ts'
import {
  renderContactEmail,
  renderDigestEmail,
  type StoredSubmission,
} from './render-contact-email.ts'

/**
 * The one way a lead reaches the company's inbox: claim it in the database, render, send,
 * record how it ended. The function handler, the embedded server's sweep and the Edge
 * Function's scheduled sweep all go through here; only their database and mail transport
 * differ. The claim rules (hourly cap, digest, back-off) are SQL functions of the migrations.
 */

export interface MailDeliveryDeps {
  query: RunQuery
  sendEmail: SendEmail
  log?: Logger
}

/** How long after being stored a submission may still be claimed by the visitor's request. */
export const CLAIM_WINDOW_MINUTES = 30
/**
 * While one sender holds a lead, nobody else may send it. Longer than the longest SMTP
 * transaction the time limits allow, so a slow send is never duplicated by the sweep.
 */
export const CLAIM_LEASE_MINUTES = 5
/** The sweep leaves younger leads to the request the browser makes right after saving. */
export const SWEEP_MIN_AGE_MINUTES = 2

interface Claim {
  kind: 'single' | 'digest'
  sendId: string
  submission: StoredSubmission
}

const readClaim = (row: Record<string, unknown>): Claim => ({
  kind: row.kind === 'digest' ? 'digest' : 'single',
  sendId: String(row.send_id),
  submission: {
    id: String(row.submission_id),
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at)),
    name: String(row.name),
    email: String(row.email),
    company: typeof row.company === 'string' ? row.company : null,
    message: String(row.message),
  },
})

export type SubmissionClaim =
  { outcome: 'claimed'; claim: Claim } | { outcome: 'deferred' } | { outcome: 'not_found' }

/** The visitor's claim: the one query of send-contact-email the flood limits answer. */
export const VISITOR_CLAIM_SQL =
  'select * from private.claim_visitor_mail($1::jsonb, $2, $3, $4, $5, $6, $7)'

/**
 * Claims the stored, unsent submission with exactly these values (no open relay). With the
 * visitor's request headers (as SQL reads them: the caller's address in the header the
 * database trusts) the claim is the visitor's own, and counts against the flood limits when it
 * finds nothing (private.claim_visitor_mail): a caller asking for mail never stored is refused
 * with 429 and Retry-After, which the database throws like an insert's refusal.
 */
export const claimSubmissionMail = async (
  query: RunQuery,
  message: ContactMessage,
  visitorHeaders?: Record<string, string>,
): Promise<SubmissionClaim> => {
  const values = [
    message.name,
    message.email,
    message.company,
    message.message,
    CLAIM_WINDOW_MINUTES,
    CLAIM_LEASE_MINUTES,
  ]
  const { rows } =
    visitorHeaders === undefined
      ? await query('select * from private.claim_submission_mail($1, $2, $3, $4, $5, $6)', values)
      : await query(VISITOR_CLAIM_SQL, [JSON.stringify(visitorHeaders), ...values])
  const row = rows[0]
  if (row?.outcome === 'claimed') return { outcome: 'claimed', claim: readClaim(row) }
  return { outcome: row?.outcome === 'deferred' ? 'deferred' : 'not_found' }
}

/**
 * How the e-mail outboxes record a send (SQL's `finish`: sent, or failed for now and due again
 * after the back-off; `refuse`: refused for good), and tell the mail's health of it.
 */
export const mailMarks = <Send>(
  query: RunQuery,
  sql: { finish: string; refuse: string },
  idOf: (send: Send) => string,
  toVisitor: (send: Send) => boolean,
): Pick<Outbox<Send, SendEmailResult>, 'outcome' | 'markSent' | 'markFailed'> => ({
  outcome: (result) => (result.ok ? 'sent' : result.permanent ? 'refused' : 'failed'),
  markSent: async (send, result) => {
    await query(`select ${sql.finish}($1::bigint, $2, $3)`, [idOf(send), true, null])
    await noteMailOutcome(query, result, { toVisitor: toVisitor(send) })
  },
  markFailed: async (send, result) => {
    const reason = result.ok ? null : result.reason
    if (!result.ok && result.permanent) {
      await query(`select ${sql.refuse}($1::bigint, $2)`, [idOf(send), reason])
    } else {
      await query(`select ${sql.finish}($1::bigint, $2, $3)`, [idOf(send), false, reason])
    }
    await noteMailOutcome(query, result, { toVisitor: toVisitor(send) })
  },
})

/** What a sweep (or one claimed send and the parts it was split into) came to. */
export interface SweepResult {
  /** E-mails the mail server accepted. */
  sent: number
  /** E-mails it did not (refused, or not reached): their leads wait for their back-off. */
  failed: number
  /** Leads carried by the accepted e-mails (a digest carries many). */
  leads: number
  /** Leads the mail server refused for good on their own: kept, shown, not sent again. */
  refused: number
}

const toSweepResult = (tally: OutboxTally): SweepResult => ({
  sent: tally.sent,
  failed: tally.failed + tally.refused,
  leads: tally.sentItems,
  refused: tally.refusedItems,
})

export interface Delivery {
  /** How the claimed e-mail itself ended. */
  result: SendEmailResult
  /** With the parts a refused digest was split into. */
  tally: SweepResult
}

/** Leads one sweep claims at most. */
const SWEEP_LIMIT = 10

/** One e-mail to the company: a lead, or a digest of several. */
interface MailSend {
  kind: Claim['kind']
  sendId: string
  submissions: StoredSubmission[]
}

/** Claims in the order the database gave them, gathered per e-mail. */
const groupMailSends = (claims: Claim[]): MailSend[] => {
  const sends = new Map<string, MailSend>()
  for (const claim of claims) {
    const send = sends.get(claim.sendId) ?? {
      kind: claim.kind,
      sendId: claim.sendId,
      submissions: [],
    }
    send.submissions.push(claim.submission)
    sends.set(claim.sendId, send)
  }
  return [...sends.values()]
}

/**
 * Moves the leads of a refused digest's part to a send of their own just before it goes
 * (private.split_mail_send renews its lease). Only leads still waiting on the refused send are
 * moved: one erased meanwhile, or claimed by another sweep after a long split, is not sent
 * from here. The part is a digest, never a single e-mail, so the hourly cap of singles holds.
 */
const moveToOwnSend = async (
  query: RunQuery,
  { sendId }: MailSend,
  part: StoredSubmission[],
): Promise<MailSend[]> => {
  const { rows } = await query(
    'select * from private.split_mail_send($1::bigint, $2::uuid[], $3)',
    [sendId, part.map((lead) => lead.id), CLAIM_LEASE_MINUTES],
  )
  const claims = rows.map(readClaim)
  const partId = claims[0]?.sendId
  if (partId === undefined) return []
  return [{ kind: 'digest', sendId: partId, submissions: claims.map((claim) => claim.submission) }]
}

/**
 * The lead e-mails' outbox. A digest whose content the mail server refuses for good (a lead
 * that reads as spam, say) is split in halves, each sent at once as a digest of its own, down
 * to single leads: the others reach the company, and only a lead refused on its own is marked
 * refused and left for the lead desk; together the parts are that digest's turn (decision 022).
 */
const leadMailOutbox = (
  deps: MailDeliveryDeps,
  limit = SWEEP_LIMIT,
): Outbox<MailSend, SendEmailResult, StoredSubmission> => ({
  claim: async () => {
    const { rows } = await deps.query('select * from private.claim_due_mail($1, $2, $3)', [
      SWEEP_MIN_AGE_MINUTES,
      limit,
      CLAIM_LEASE_MINUTES,
    ])
    return groupMailSends(rows.map(readClaim))
  },
  send: async ({ kind, submissions }) => {
    const first = submissions[0]
    const email =
      kind === 'single' && first ? renderContactEmail(first) : renderDigestEmail(submissions)
    return await deps.sendEmail({ ...email, leadIds: submissions.map((lead) => lead.id) })
  },
  ...mailMarks(
    deps.query,
    { finish: 'private.finish_mail', refuse: 'private.refuse_mail' },
    (send: MailSend) => send.sendId,
    () => false,
  ),
  names: { sent: 'mail_sent', failed: 'mail_failed', refused: 'mail_refused' },
  fields: (send) => ({ kind: send.kind, send: send.sendId, leads: send.submissions.length }),
  log: deps.log,
  items: (send) => send.submissions,
  split: {
    name: 'mail_refused_split',
    move: (send, part) => moveToOwnSend(deps.query, send, part),
  },
})

/**
 * Sends one claimed e-mail (a lead, or a digest of several) and records the outcome, never
 * abandoned halfway (outbox.ts), a refused digest split in parts (leadMailOutbox).
 */
export const sendClaimedMail = async (
  deps: MailDeliveryDeps,
  kind: Claim['kind'],
  sendId: string,
  submissions: StoredSubmission[],
): Promise<Delivery> => {
  const { result, tally } = await sendOne(leadMailOutbox(deps), {
    kind,
    sendId,
    submissions,
  })
  return { result, tally: toSweepResult(tally) }
}

export const sendClaim = (deps: MailDeliveryDeps, claim: Claim) =>
  sendClaimedMail(deps, claim.kind, claim.sendId, [claim.submission])

/** How a send made while a caller waits answers it in time. */
export interface AnswersWithinDeadline {
  /** Answer "queued" once the mail server has taken this long (the send goes on). */
  responseDeadlineMs: number
  /**
   * Keeps the send alive after the response where the runtime would otherwise stop it
   * (Supabase's EdgeRuntime.waitUntil); Node and plain Deno keep running promises anyway.
   */
  waitUntil?: (work: Promise<unknown>) => void
}

export interface NotifyDeps extends MailDeliveryDeps, AnswersWithinDeadline {}

/**
 * - sent: the company's mail server took it;
 * - queued: it goes out later (the hourly cap is spent, or the mail server is slow and the
 *   send finishes after the answer);
 * - failed: the mail server refused it for now, and the sweep retries;
 * - refused: the mail server refused it for good (decision 022); it stays stored;
 * - not_found: no stored, unsent submission has these values (never stored, or sent already).
 */
export type NotifyOutcome = 'sent' | 'queued' | 'failed' | 'refused' | 'not_found'

/**
 * Tells the company about the submission just stored with these values, within the deadline:
 * claims its e-mail (as the visitor's claim when their headers are given) and sends it. A slow send is never given up halfway, or a transaction
 * the mail server still completes would be sent again by the sweep.
 */
export const notifyCompany = async (
  message: ContactMessage,
  deps: NotifyDeps,
  visitorHeaders?: Record<string, string>,
): Promise<NotifyOutcome> => {
  const claimed = await claimSubmissionMail(deps.query, message, visitorHeaders)
  if (claimed.outcome !== 'claimed') {
    return claimed.outcome === 'deferred' ? 'queued' : 'not_found'
  }
  const sending = sendClaim(deps, claimed.claim)
  const first = await within(sending, deps.responseDeadlineMs)
  if (first === 'deadline') {
    deps.waitUntil?.(sending.catch(() => undefined))
    return 'queued'
  }
  if (first.result.ok) return 'sent'
  return first.result.permanent ? 'refused' : 'failed'
}

/**
 * Sends what is due: leads the visitor's request could not send (mail server down, tab
 * closed, hourly cap spent), with their back-off passed. Run every minute by the embedded
 * server and, on hosted Supabase, by pg_cron through the function's /retry path.
 */
export const sendDueMail = async (
  deps: MailDeliveryDeps,
  limit = SWEEP_LIMIT,
): Promise<SweepResult> => toSweepResult(await sendDue(leadMailOutbox(deps, limit)))
