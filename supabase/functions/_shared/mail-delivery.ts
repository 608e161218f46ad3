import type { ContactMessage } from './contact-message.ts'
import type { MailSettings } from './mail-settings.ts'
import {
  renderContactEmail,
  renderDigestEmail,
  type ContactEmail,
  type StoredSubmission,
} from './render-contact-email.ts'

/**
 * The one way a lead reaches the company's inbox: claim it in the database, render, send,
 * record how it ended. The function handler, the embedded server's sweep and the Edge
 * Function's scheduled sweep all go through here; only their database and mail transport
 * differ. The claim rules (hourly cap, digest, back-off) are SQL functions of the migrations.
 */

/** The smallest database surface this needs: node-postgres, PGlite and Deno's pg fit. */
export type RunQuery = (
  sql: string,
  params: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>

/** What nodemailer's transports offer; anything with the same method will do. */
export interface MailTransport {
  sendMail(message: {
    from: { name: string; address: string }
    to: string
    replyTo?: { name: string; address: string }
    subject: string
    text: string
    html: string
  }): Promise<unknown>
}

export type SendEmailResult = { ok: true } | { ok: false; reason: string }

/** Sends one rendered e-mail to the company; never throws for a mail server's refusal. */
export type SendEmail = (email: ContactEmail) => Promise<SendEmailResult>

/** Log lines carry ids and counts only: no visitor's data. The Node server's logger fits. */
export interface DeliveryLog {
  info(event: string, fields?: Record<string, string | number>): void
  error(event: string, fields?: Record<string, string | number>): void
}

export interface MailDeliveryDeps {
  query: RunQuery
  sendEmail: SendEmail
  log?: DeliveryLog
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

export const createMailSender =
  (transport: MailTransport, settings: MailSettings): SendEmail =>
  async (email) => {
    try {
      await transport.sendMail({
        from: settings.from,
        to: settings.to,
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        subject: email.subject,
        text: email.text,
        html: email.html,
      })
      return { ok: true }
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : String(error) }
    }
  }

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

/** Claims the stored, unsent submission with exactly these values (no open relay). */
export const claimSubmissionMail = async (
  query: RunQuery,
  message: ContactMessage,
): Promise<SubmissionClaim> => {
  const { rows } = await query(
    'select * from private.claim_submission_mail($1, $2, $3, $4, $5, $6)',
    [
      message.name,
      message.email,
      message.company,
      message.message,
      CLAIM_WINDOW_MINUTES,
      CLAIM_LEASE_MINUTES,
    ],
  )
  const row = rows[0]
  if (row?.outcome === 'claimed') return { outcome: 'claimed', claim: readClaim(row) }
  return { outcome: row?.outcome === 'deferred' ? 'deferred' : 'not_found' }
}

const finishMail = async (query: RunQuery, sendId: string, result: SendEmailResult) => {
  await query('select private.finish_mail($1::bigint, $2, $3)', [
    sendId,
    result.ok,
    result.ok ? null : result.reason,
  ])
}

/**
 * Sends one claimed e-mail (a lead, or a digest of several) and records the outcome. It is
 * never abandoned halfway: only the SMTP time limits end it, so a slow mail server cannot
 * make the same lead go out twice.
 */
export const sendClaimedMail = async (
  deps: MailDeliveryDeps,
  kind: Claim['kind'],
  sendId: string,
  submissions: StoredSubmission[],
): Promise<SendEmailResult> => {
  const first = submissions[0]
  const email =
    kind === 'single' && first ? renderContactEmail(first) : renderDigestEmail(submissions)
  const result = await deps.sendEmail(email)
  await finishMail(deps.query, sendId, result)
  const fields = { kind, send: sendId, leads: submissions.length }
  if (result.ok) deps.log?.info('mail_sent', fields)
  else deps.log?.error('mail_failed', fields)
  return result
}

export const sendClaim = (deps: MailDeliveryDeps, claim: Claim) =>
  sendClaimedMail(deps, claim.kind, claim.sendId, [claim.submission])

export interface NotifyDeps extends MailDeliveryDeps {
  /** Answer the visitor "queued" once the mail server has taken this long (the send goes on). */
  responseDeadlineMs: number
  /**
   * Keeps the send alive after the response where the runtime would otherwise stop it
   * (Supabase's EdgeRuntime.waitUntil); Node and plain Deno keep running promises anyway.
   */
  waitUntil?: (work: Promise<unknown>) => void
}

/** The work's result, or 'deadline' if it takes longer than ms (the work itself goes on). */
const within = async <T>(work: Promise<T>, ms: number): Promise<T | 'deadline'> => {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), ms)
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * - sent: the company's mail server took it;
 * - queued: it goes out later (the hourly cap is spent, or the mail server is slow and the
 *   send finishes after the answer);
 * - failed: the mail server refused it, and the sweep retries;
 * - not_found: no stored, unsent submission has these values (never stored, or sent already).
 */
export type NotifyOutcome = 'sent' | 'queued' | 'failed' | 'not_found'

/**
 * Tells the company about the submission just stored with these values, within the deadline:
 * claims its e-mail and sends it. A slow send is never given up halfway, or a transaction
 * the mail server still completes would be sent again by the sweep.
 */
export const notifyCompany = async (
  message: ContactMessage,
  deps: NotifyDeps,
): Promise<NotifyOutcome> => {
  const claimed = await claimSubmissionMail(deps.query, message)
  if (claimed.outcome !== 'claimed') {
    return claimed.outcome === 'deferred' ? 'queued' : 'not_found'
  }
  const sending = sendClaim(deps, claimed.claim)
  const first = await within(sending, deps.responseDeadlineMs)
  if (first === 'deadline') {
    deps.waitUntil?.(sending.catch(() => undefined))
    return 'queued'
  }
  return first.ok ? 'sent' : 'failed'
}

export interface SweepResult {
  sent: number
  failed: number
  /** Leads carried by the e-mails above (a digest carries many). */
  leads: number
}

/**
 * Sends what is due: leads the visitor's request could not send (mail server down, tab
 * closed, hourly cap spent), with their back-off passed. Run every minute by the embedded
 * server and, on hosted Supabase, by pg_cron through the function's /retry path.
 */
export const sendDueMail = async (deps: MailDeliveryDeps, limit = 10): Promise<SweepResult> => {
  const { rows } = await deps.query('select * from private.claim_due_mail($1, $2, $3)', [
    SWEEP_MIN_AGE_MINUTES,
    limit,
    CLAIM_LEASE_MINUTES,
  ])
  const sends = new Map<string, { kind: Claim['kind']; submissions: StoredSubmission[] }>()
  for (const claim of rows.map(readClaim)) {
    const send = sends.get(claim.sendId) ?? { kind: claim.kind, submissions: [] }
    send.submissions.push(claim.submission)
    sends.set(claim.sendId, send)
  }
  const result: SweepResult = { sent: 0, failed: 0, leads: 0 }
  // One at a time: a burst of parallel connections is what mail servers throttle first.
  for (const [sendId, send] of sends) {
    const outcome = await sendClaimedMail(deps, send.kind, sendId, send.submissions)
    if (outcome.ok) {
      result.sent += 1
      result.leads += send.submissions.length
    } else {
      result.failed += 1
    }
  }
  return result
}
