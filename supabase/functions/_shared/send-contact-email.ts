import { parseContactMessage, type ContactIssue, type ContactMessage } from './contact-message.ts'
import { readDatabaseAnswer, type DatabaseRefusal } from './database-answer.ts'
import { callLimitAnswer, type CountsCalls } from './function-call-limit.ts'
import {
  errorAnswer,
  jsonAnswer,
  preflightAnswer,
  unexpectedFailureAnswer,
} from './function-json.ts'
import {
  ACCEPTED_BODY_ENCODINGS,
  parseJsonBody,
  readBodyWithin,
  unsupportedContentEncoding,
} from './request-body.ts'
import { notifyCompany, sendDueMail, type NotifyDeps } from './mail-delivery.ts'
import { isSweepAllowed, SWEEP_SECRET_HEADER } from './sweep-secret.ts'

export interface SendContactEmailDeps extends NotifyDeps {
  /** MAIL_SWEEP_SECRET: the /retry path needs it; without one nobody may run the sweep. */
  sweepSecret: string | undefined
  /**
   * The request's headers as SQL reads the caller's address from them (lower-case names), for
   * the flood limit on claims that find nothing. The Edge Function passes them all (the
   * database reads the one header the operator trusts, decision 024); the Node server passes
   * only the address it trusts (TRUST_PROXY), as it does for inserts.
   */
  visitorHeaders: (req: Request) => Record<string, string>
  /**
   * A refusal the database gave this caller that still holds (Retry-After counting down), as
   * the database threw it: answered again before the body is read, without a query. Only the
   * Node server remembers refusals (server/flood/, which also makes the caller wait before
   * it resolves); undefined asks the database.
   */
  rememberedRefusal?: () => Promise<unknown>
  /** Counts the call in its caller's budget (hosted Supabase; decision 040). */
  countCall?: CountsCalls['countCall']
}

/** A contact message is a few KB at most; anything bigger is refused before parsing. */
export const MAX_FUNCTION_BODY_BYTES = 64 * 1024

/** A contact message is one flat object; deeper nesting is refused before parsing. */
const MAX_JSON_DEPTH = 32

type ErrorCode =
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_content_encoding'
  | 'invalid_json'
  | 'invalid_contact_message'
  | 'submission_not_found'
  | 'unauthorized'
  | 'too_many_requests'
  | 'email_failed'

const fail = (
  status: number,
  code: ErrorCode,
  message: string,
  origin: string | null,
  { issues, headers }: { issues?: ContactIssue[]; headers?: Record<string, string> } = {},
) => errorAnswer(status, code, message, origin, { more: issues ? { issues } : {}, headers })

/** The database's flood refusal (429, Retry-After), or undefined for any other failure. */
const floodRefusal = (error: unknown): DatabaseRefusal | undefined => {
  try {
    const answer = readDatabaseAnswer(error)
    return answer !== 'unreachable' && answer.status === 429 ? answer : undefined
  } catch {
    return undefined
  }
}

const tooManyRequests = (refusal: DatabaseRefusal, origin: string | null) =>
  fail(429, 'too_many_requests', refusal.message, origin, { headers: refusal.headers })

const notify = async (
  message: ContactMessage,
  deps: SendContactEmailDeps,
  origin: string | null,
  visitorHeaders: Record<string, string>,
): Promise<Response> => {
  switch (await notifyCompany(message, deps, visitorHeaders)) {
    case 'not_found':
      return fail(
        409,
        'submission_not_found',
        'No stored submission waiting for notification matches this message.',
        origin,
      )
    // The hourly cap is spent, or the mail server is slow: the lead is safe either way.
    case 'queued':
      return jsonAnswer(202, { ok: true, status: 'queued' }, origin)
    case 'sent':
      return jsonAnswer(200, { ok: true, status: 'sent' }, origin)
    case 'failed':
      return fail(
        502,
        'email_failed',
        'The mail server refused the message; it will be retried.',
        origin,
      )
    case 'refused':
      return fail(
        502,
        'email_failed',
        'The mail server refused the message for good; it stays stored for the company.',
        origin,
      )
  }
}

/**
 * The scheduled sweep (pg_cron on hosted Supabase): sends what is due, answers with counts.
 * Anyone else gets the same 401 whether a secret is configured or not, and no counts.
 */
const sweep = async (req: Request, deps: SendContactEmailDeps, origin: string | null) => {
  if (!(await isSweepAllowed(req.headers.get(SWEEP_SECRET_HEADER), deps.sweepSecret))) {
    return fail(401, 'unauthorized', 'Only the scheduler may run the mail sweep.', origin)
  }
  return jsonAnswer(200, { ok: true, ...(await sendDueMail(deps)) }, origin)
}

const isSweepPath = (req: Request) =>
  new URL(req.url).pathname.replace(/\/+$/, '').endsWith('/retry')

/**
 * The send-contact-email function, runtime-neutral: the Deno edge function and the Node
 * server both call it. It answers every request with valid JSON and CORS headers, because
 * supabase-js turns an empty or non-JSON 2xx into a SyntaxError and a missing
 * Access-Control-Allow-Origin into "Failed to send a request".
 */
export const handleSendContactEmail = async (
  req: Request,
  deps: SendContactEmailDeps,
): Promise<Response> => {
  const origin = req.headers.get('origin')
  if (req.method === 'OPTIONS') {
    return preflightAnswer(origin)
  }
  if (req.method !== 'POST') {
    return fail(405, 'method_not_allowed', 'Use POST.', origin, {
      headers: { Allow: 'POST, OPTIONS' },
    })
  }
  try {
    if (isSweepPath(req)) return await sweep(req, deps, origin)
    const overLimit = await deps.countCall?.(req)
    if (overLimit) return callLimitAnswer(overLimit, origin)
    const remembered = await deps.rememberedRefusal?.()
    const refusal = remembered === undefined ? undefined : floodRefusal(remembered)
    if (refusal) return tooManyRequests(refusal, origin)
    const encoding = unsupportedContentEncoding(req.headers)
    if (encoding !== null) {
      return fail(
        415,
        'unsupported_content_encoding',
        `The request body must not be compressed (Content-Encoding: ${encoding}).`,
        origin,
        { headers: { 'Accept-Encoding': ACCEPTED_BODY_ENCODINGS } },
      )
    }
    const read = await readBodyWithin(req, MAX_FUNCTION_BODY_BYTES)
    if (!read.ok && read.problem === 'too_large') {
      return fail(413, 'payload_too_large', 'The request body is too large.', origin)
    }
    const body = read.ok ? parseJsonBody(read.bytes, MAX_JSON_DEPTH) : undefined
    if (!body?.ok) return fail(400, 'invalid_json', 'The request body is not valid JSON.', origin)
    const parsed = parseContactMessage(body.value)
    if (!parsed.ok) {
      return fail(400, 'invalid_contact_message', 'The contact message is invalid.', origin, {
        issues: parsed.issues,
      })
    }
    return await notify(parsed.value, deps, origin, deps.visitorHeaders(req))
  } catch (error) {
    const refusal = floodRefusal(error)
    if (refusal) return tooManyRequests(refusal, origin)
    return unexpectedFailureAnswer(error, 'The message could not be processed.', origin)
  }
}
