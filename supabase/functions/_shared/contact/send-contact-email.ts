import { parseContactMessage, type ContactIssue, type ContactMessage } from './contact-message.ts'
import { readDatabaseAnswer, type DatabaseRefusal } from '../db/database-answer.ts'
import type { CountsCalls } from '../http/function-call-limit.ts'
import { errorAnswer, jsonAnswer, unexpectedFailureAnswer } from '../http/function-json.ts'
import { answerMailCall, readJsonBody } from '../mail/mail-function-request.ts'
import { notifyCompany, sendDueMail, type NotifyDeps } from '../mail/mail-delivery.ts'

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
   * Node server remembers refusals (server/rate-limit/, which also makes the caller wait before
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
 * The send-contact-email function, runtime-neutral: the Deno edge function and the Node
 * server both call it. It answers every request with valid JSON and CORS headers, because
 * supabase-js turns an empty or non-JSON 2xx into a SyntaxError and a missing
 * Access-Control-Allow-Origin into "Failed to send a request".
 */
export const handleSendContactEmail = (
  req: Request,
  deps: SendContactEmailDeps,
): Promise<Response> =>
  answerMailCall(
    req,
    deps,
    // The scheduled sweep (pg_cron on hosted Supabase): sends what is due, answers with counts.
    { path: 'retry', run: () => sendDueMail(deps) },
    async (origin) => {
      const remembered = await deps.rememberedRefusal?.()
      const refusal = remembered === undefined ? undefined : floodRefusal(remembered)
      if (refusal) return tooManyRequests(refusal, origin)
      const read = await readJsonBody(req, MAX_FUNCTION_BODY_BYTES, MAX_JSON_DEPTH, origin)
      if ('refused' in read) return read.refused
      const body = read.json
      if (!body?.ok) return fail(400, 'invalid_json', 'The request body is not valid JSON.', origin)
      const parsed = parseContactMessage(body.value)
      if (!parsed.ok) {
        return fail(400, 'invalid_contact_message', 'The contact message is invalid.', origin, {
          issues: parsed.issues,
        })
      }
      return await notify(parsed.value, deps, origin, deps.visitorHeaders(req))
    },
    (error, origin) => {
      const refusal = floodRefusal(error)
      if (refusal) return tooManyRequests(refusal, origin)
      return unexpectedFailureAnswer(error, 'The message could not be processed.', origin)
    },
  )
