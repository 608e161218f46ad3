import type { Logger } from '../support/log.ts'
import { companyToken } from '../company/company-name.ts'
import { sendOne, type Outbox, type SendOutcome } from '../support/outbox.ts'
import type { RunQuery } from '../db/run-query.ts'
import { digestCapacity, renderWebhookDigest } from './webhook-digests.ts'
import { renderWebhookBody } from './webhook-messages.ts'
import {
  describeWebhookUrl,
  isWebhookFormat,
  isWebhookUrl,
  withoutUrlSecrets,
  type WebhookFormat,
} from './webhook-receivers.ts'
import { readWebhookSecrets, signWebhook } from './webhook-signature.ts'

/**
 * The one way an event reaches a receiver: claim one due delivery in the database (a lease, so
 * no other sender takes it meanwhile), write and sign it, POST it with a time limit, record how
 * it ended. The Node server's sweep and the deliver-webhooks Edge Function both run this; the
 * retry schedule and what "due" means are SQL (migration 20261126000000_webhooks.sql).
 *
 * Each receiver is worked on its own: its deliveries one after another, oldest first, and a
 * failure ends its turn (the next due one waits for the next sweep), so a receiver that is
 * down costs one attempt per sweep and never holds up another receiver or the e-mail.
 *
 * A chat receiver (Slack, Teams, Discord: people read it) gets at most the hour's cap of posts
 * of each event type; the claim then hands over the rest of that type together, one post (a
 * digest) per turn (decision 060). A Standard Webhooks receiver gets every event on its own.
 */

export interface WebhookDeliveryDeps {
  query: RunQuery
  /** WEBHOOK_SECRET: signs for every receiver without a secret of its own. */
  defaultSecret: string | undefined
  /** How long one attempt may take, answer included, before it counts as failed. */
  timeoutMs: number
  /** The HTTP client; the runtime's own fetch unless a test passes another. */
  fetch?: typeof fetch
  log?: Logger
}

/** Standard Webhooks recommends 15 to 30 s; the shortest keeps a slow receiver's turn short. */
export const WEBHOOK_TIMEOUT_MS = 15_000
/**
 * While one sender holds a delivery nobody else sends it: far longer than an attempt may take,
 * so a slow receiver never gets the same delivery from two senders at once.
 */
export const WEBHOOK_LEASE_SECONDS = 120

/**
 * The lease for an attempt limit: WEBHOOK_LEASE_SECONDS, or twice the limit and half a minute
 * when WEBHOOK_TIMEOUT_MS is set longer, so the claim always outlives the slowest attempt and
 * the outcome's write after it. What is promised (decision 032): each event reaches each
 * receiver at least once, always with the same webhook-id; again only after an attempt failed
 * or got no answer in time (which the receiver may still have acted on), never from two
 * senders at once.
 */
export const webhookLeaseSeconds = (timeoutMs: number): number =>
  Math.max(WEBHOOK_LEASE_SECONDS, Math.ceil(timeoutMs / 1000) * 2 + 30)
/** Deliveries one receiver's turn sends at most; the rest wait for the next sweep. */
export const MAX_DELIVERIES_PER_TURN = 50
/** What is kept of a receiver's answer to a failed attempt, for the desk. */
const ANSWER_SNIPPET_CHARS = 200

/** A product token is ASCII letters and digits: the name without accents or spaces. */
export const USER_AGENT = `${companyToken}-Webhooks/1.0`

interface Claim {
  deliveryId: string
  /** The webhook-id: the event's, or for a digest one of its own (the same on a retry of it). */
  eventId: string
  payload: unknown
  url: string
  format: WebhookFormat
  secret: string | null
  /** A capped receiver's send (private.outbox_sends); undefined for a Standard Webhooks one. */
  sendId?: string
  /** A digest's events' payloads, oldest first: one post carries them all. */
  digest?: unknown[]
  /** A digest's deliveries, in the same order as its payloads. */
  deliveryIds?: string[]
}

/** A digest's webhook-id: `msg_` and 32 hex digits, from its send's number. */
const digestId = (sendId: string) => `msg_${BigInt(sendId).toString(16).padStart(32, '0')}`

/** The rows of one claim: one delivery, or a digest's several (one send). */
const readClaim = (rows: Record<string, unknown>[]): Claim | undefined => {
  const [row] = rows
  if (!row) return undefined
  const sendId = row.send_id === null || row.send_id === undefined ? undefined : String(row.send_id)
  const digest = row.send_kind === 'digest' && sendId !== undefined
  return {
    deliveryId: String(row.delivery_id),
    eventId: digest ? digestId(sendId) : String(row.event_id),
    payload: row.payload,
    url: String(row.url),
    format: isWebhookFormat(row.format) ? row.format : 'standard',
    secret: typeof row.secret === 'string' ? row.secret : null,
    ...(sendId === undefined ? {} : { sendId }),
    ...(digest
      ? {
          digest: rows.map((each) => each.payload),
          deliveryIds: rows.map((each) => String(each.delivery_id)),
        }
      : {}),
  }
}

/**
 * A digest as one message of its format can carry it: what does not fit (Discord's 2000
 * characters) goes back to wait for the next digest, so no event is left out of the list.
 */
const fitDigest = async (query: RunQuery, claim: Claim): Promise<Claim> => {
  const { digest, deliveryIds, sendId } = claim
  if (!digest || !deliveryIds || sendId === undefined) return claim
  const fits = digestCapacity(claim.format, digest)
  if (fits >= digest.length) return claim
  await query('select private.hold_back_webhook_deliveries($1::bigint, $2::bigint[])', [
    sendId,
    deliveryIds.slice(fits),
  ])
  return { ...claim, digest: digest.slice(0, fits), deliveryIds: deliveryIds.slice(0, fits) }
}

/** How one attempt ended; `stopped`: the sender is shutting down, nothing is known yet. */
export type AttemptResult =
  | { outcome: 'delivered'; status: number }
  | { outcome: 'gone'; status: number; error: string }
  | { outcome: 'failed'; status: number | null; error: string; retryAfterSeconds?: number }
  | { outcome: 'stopped' }

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
const retryAfterSeconds = (value: string | null, now: number): number | undefined => {
  if (value === null) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000))
}

const CONTROLS = /\p{Cc}+/gu

/** The start of a receiver's answer, as one line of plain text. */
const readSnippet = async (response: Response): Promise<string> => {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  try {
    while (text.length < ANSWER_SNIPPET_CHARS) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
  } catch {
    // An answer cut off while being read: what arrived is enough.
  } finally {
    reader.cancel().catch(() => {})
  }
  return text.replace(CONTROLS, ' ').trim().slice(0, ANSWER_SNIPPET_CHARS)
}

/**
 * What went wrong, in words of our own: runtimes' messages may hold the whole address (Deno
 * writes "error sending request for url (https://…)"), and a Slack or Discord address is a
 * secret. The cause's code (Node) or the message's words (Deno) say which kind it was.
 */
const describeRequestFailure = (error: unknown): string => {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause
  const words = `${String(cause?.code ?? '')} ${String(cause?.message ?? '')} ${
    error instanceof Error ? error.message : ''
  }`
  if (/ECONNREFUSED|refused/i.test(words)) return 'connection refused'
  if (/ENOTFOUND|EAI_AGAIN|dns|resolve|lookup|name or service/i.test(words)) {
    return 'host name not found'
  }
  if (/CERT|TLS|SSL|certificate/i.test(words)) return 'TLS error'
  if (/ECONNRESET|EPIPE|reset|closed|socket hang up|other side|UND_ERR_SOCKET/i.test(words)) {
    return 'connection lost before an answer'
  }
  if (/ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|timed out/i.test(words)) return 'connection timed out'
  if (/EHOSTUNREACH|ENETUNREACH|unreachable/i.test(words)) return 'host unreachable'
  return 'request failed'
}

/** Sends one claimed delivery and says how it ended; never throws for the receiver's doing. */
export const attemptDelivery = async (
  deps: WebhookDeliveryDeps,
  claim: Claim,
  stop?: AbortSignal,
): Promise<AttemptResult> => {
  if (!isWebhookUrl(claim.url)) {
    return { outcome: 'failed', status: null, error: 'address not allowed (https only)' }
  }
  const keys = readWebhookSecrets(claim.secret ?? deps.defaultSecret)
  if (claim.format === 'standard' && keys.length === 0) {
    return {
      outcome: 'failed',
      status: null,
      error: 'no signing secret: set WEBHOOK_SECRET (or this receiver’s own secret)',
    }
  }
  const body = claim.digest
    ? renderWebhookDigest(claim.format, claim.digest)
    : renderWebhookBody(claim.format, claim.payload)
  const timestamp = Math.floor(Date.now() / 1000)
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': claim.eventId,
    'webhook-timestamp': String(timestamp),
  }
  if (keys.length > 0) {
    headers['webhook-signature'] = await signWebhook(claim.eventId, timestamp, body, keys)
  }
  const timeout = AbortSignal.timeout(deps.timeoutMs)
  const signal = stop ? AbortSignal.any([timeout, stop]) : timeout
  const seconds = Math.round(deps.timeoutMs / 100) / 10
  try {
    const response = await (deps.fetch ?? fetch)(claim.url, {
      method: 'POST',
      headers,
      body,
      // Standard Webhooks: a redirect is a failure; the company updates the address instead.
      redirect: 'manual',
      signal,
    })
    const { status } = response
    if (status >= 200 && status <= 299) {
      await response.body?.cancel().catch(() => {})
      return { outcome: 'delivered', status }
    }
    const snippet = withoutUrlSecrets(await readSnippet(response), claim.url)
    const error = `HTTP ${status}${snippet ? `: ${snippet}` : ''}`
    if (status === 410) return { outcome: 'gone', status, error }
    if (status >= 300 && status <= 399) {
      return { outcome: 'failed', status, error: `HTTP ${status}: redirect not followed` }
    }
    return {
      outcome: 'failed',
      status,
      error,
      retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after'), Date.now()),
    }
  } catch (error) {
    if (stop?.aborted) return { outcome: 'stopped' }
    if (timeout.aborted) {
      return { outcome: 'failed', status: null, error: `no answer within ${seconds} s` }
    }
    return { outcome: 'failed', status: null, error: describeRequestFailure(error) }
  }
}

/** Gives a claim back unsent (the sender is stopping): due again at once, no attempt counted. */
const release = (query: RunQuery, claim: Claim) =>
  claim.sendId === undefined
    ? query('select private.release_webhook_delivery($1::bigint)', [claim.deliveryId])
    : query('select private.release_webhook_send($1::bigint)', [claim.sendId])

/** Records how an attempt ended: SQL retries a failure on its schedule, or sets it apart. */
const record = async (query: RunQuery, claim: Claim, result: AttemptResult) => {
  if (result.outcome === 'stopped') return
  // A capped receiver's send is recorded for every delivery it carried, and in the ledger.
  const finish =
    claim.sendId === undefined
      ? 'select private.finish_webhook_delivery($1::bigint, $2, $3, $4, $5)'
      : 'select private.finish_webhook_send($1::bigint, $2, $3, $4, $5)'
  await query(finish, [
    claim.sendId ?? claim.deliveryId,
    result.outcome,
    result.status,
    result.outcome === 'delivered' ? null : result.error,
    result.outcome === 'failed' ? (result.retryAfterSeconds ?? null) : null,
  ])
}

/** The host of an address, all a log line says about it. */
const hostOf = (url: string) => describeWebhookUrl(url).split('/')[0] ?? ''

/** What one receiver's turn, or a whole sweep, came to. */
export interface WebhookTally {
  delivered: number
  failed: number
}

export interface TurnOptions {
  /** No new delivery is claimed after this instant (ms since the epoch). */
  until: number
  /** Aborts the attempt in flight (the server is stopping); it is released, not counted. */
  stop?: AbortSignal
}

/** An attempt as the outbox counts it: a 410 is a refusal for good, a stop is no attempt. */
const OUTCOMES: Record<AttemptResult['outcome'], SendOutcome> = {
  delivered: 'sent',
  failed: 'failed',
  gone: 'refused',
  stopped: 'skipped',
}

/**
 * One receiver's outbox: each claim is one due delivery, or a capped receiver's digest, the
 * oldest first. A 410 is a refusal for good (the receiver is disabled); an attempt the stop
 * cut short is given back, nothing recorded.
 */
const receiverOutbox = (
  deps: WebhookDeliveryDeps,
  receiverId: string,
  stop?: AbortSignal,
): Outbox<Claim, AttemptResult> => ({
  claim: async () => {
    const { rows } = await deps.query(
      'select * from private.claim_webhook_delivery($1::bigint, $2)',
      [receiverId, webhookLeaseSeconds(deps.timeoutMs)],
    )
    const claimed = readClaim(rows)
    return claimed ? [await fitDigest(deps.query, claimed)] : []
  },
  send: async (claim) => {
    const result = await attemptDelivery(deps, claim, stop)
    if (result.outcome === 'stopped') await release(deps.query, claim)
    return result
  },
  outcome: (result) => OUTCOMES[result.outcome],
  markSent: (claim, result) => record(deps.query, claim, result),
  markFailed: (claim, result) => record(deps.query, claim, result),
  names: { sent: 'webhook_delivered', failed: 'webhook_failed', refused: 'webhook_receiver_gone' },
  fields: (claim, result) => ({
    receiver: receiverId,
    host: hostOf(claim.url),
    webhook_id: claim.eventId,
    ...(claim.digest ? { events: claim.digest.length } : {}),
    ...('status' in result && result.status !== null ? { status: result.status } : {}),
    ...('error' in result ? { error: result.error } : {}),
  }),
  log: deps.log,
})

/**
 * One receiver's turn: its due deliveries one after another until none is due, one fails, the
 * turn has sent MAX_DELIVERIES_PER_TURN, or `until` has passed.
 */
export const deliverToReceiver = async (
  deps: WebhookDeliveryDeps,
  receiverId: string,
  { until, stop }: TurnOptions,
): Promise<WebhookTally> => {
  const tally: WebhookTally = { delivered: 0, failed: 0 }
  const outbox = receiverOutbox(deps, receiverId, stop)
  for (let sent = 0; sent < MAX_DELIVERIES_PER_TURN; sent += 1) {
    if (Date.now() >= until || stop?.aborted) break
    const [claim] = await outbox.claim()
    if (!claim) break
    const { outcome } = await sendOne(outbox, claim)
    if (outcome === 'skipped') break
    if (outcome === 'sent') {
      tally.delivered += 1
      continue
    }
    tally.failed += 1
    break
  }
  return tally
}

/** Receivers with a delivery due now (the database also forgets old events here). */
export const dueWebhookReceivers = async (query: RunQuery): Promise<string[]> => {
  const { rows } = await query('select * from private.due_webhook_receivers() as id', [])
  return rows.map((row) => String(row.id))
}

/**
 * A whole sweep, as the Edge Function runs it every minute: every receiver with something due,
 * each in its own turn and all at once, none claiming anything new after `budgetMs`.
 */
export const deliverDueWebhooks = async (
  deps: WebhookDeliveryDeps,
  budgetMs: number,
): Promise<WebhookTally & { receivers: number }> => {
  const receivers = await dueWebhookReceivers(deps.query)
  const until = Date.now() + budgetMs
  const turns = await Promise.all(receivers.map((id) => deliverToReceiver(deps, id, { until })))
  return {
    receivers: receivers.length,
    delivered: turns.reduce((sum, turn) => sum + turn.delivered, 0),
    failed: turns.reduce((sum, turn) => sum + turn.failed, 0),
  }
}
