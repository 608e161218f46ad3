import {
  sendBookingMailNow,
  sendDueBookingMail,
  type SendNowDeps,
  type SendNowOutcome,
} from './booking-mail-delivery.ts'
import type { CountsCalls } from '../http/function-call-limit.ts'
import { errorAnswer, jsonAnswer, unexpectedFailureAnswer } from '../http/function-json.ts'
import { answerMailCall, readJsonBody } from '../mail/mail-function-request.ts'

export interface SendBookingEmailDeps extends SendNowDeps, CountsCalls {
  /** MAIL_SWEEP_SECRET: the /sweep path needs it; without one nobody may run the sweep. */
  sweepSecret: string | undefined
}

/** `{ "token": "<64 hex>" }` is under 100 bytes; anything near this is not a caller of ours. */
export const MAX_BOOKING_BODY_BYTES = 4 * 1024

const MAX_JSON_DEPTH = 4

/** The booking's manage token as the body names it, or undefined for any other body. */
const tokenOf = (value: unknown): string | undefined => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const { token } = value as Record<string, unknown>
  return typeof token === 'string' && token.length <= 256 ? token : undefined
}

const answers: Record<SendNowOutcome, (origin: string | null) => Response> = {
  sent: (origin) => jsonAnswer(200, { ok: true, status: 'sent' }, origin),
  // A token that opens no booking gets exactly this too: it learns nothing.
  nothing_due: (origin) => jsonAnswer(200, { ok: true, status: 'nothing_due' }, origin),
  queued: (origin) => jsonAnswer(202, { ok: true, status: 'queued' }, origin),
  failed: (origin) =>
    errorAnswer(
      502,
      'email_failed',
      'The mail server refused an e-mail; it will be retried.',
      origin,
    ),
  refused: (origin) =>
    errorAnswer(
      502,
      'email_refused',
      'The mail server refused an e-mail for good; it is kept for the company.',
      origin,
    ),
}

/**
 * The send-booking-email function, runtime-neutral (the Deno Edge Function and the Node
 * server both mount it). `POST { token }` sends the due e-mails of the booking that manage
 * token opens, nothing else, and whether it opens one or not is never told; `POST …/sweep`
 * with the scheduler's secret sends every due e-mail. JSON with CORS headers, always.
 */
export const handleSendBookingEmail = (
  req: Request,
  deps: SendBookingEmailDeps,
): Promise<Response> =>
  // A token that opens nothing is looked up like one that does: each look-up is a call.
  answerMailCall(
    req,
    deps,
    { path: 'sweep', run: () => sendDueBookingMail(deps) },
    async (origin) => {
      const read = await readJsonBody(req, MAX_BOOKING_BODY_BYTES, MAX_JSON_DEPTH, origin)
      if ('refused' in read) return read.refused
      const token = read.json?.ok ? tokenOf(read.json.value) : undefined
      if (token === undefined) {
        return errorAnswer(
          400,
          'invalid_request',
          'Send a JSON object with the booking\'s manage token: { "token": "…" }.',
          origin,
        )
      }
      return answers[await sendBookingMailNow(deps, token)](origin)
    },
    (error, origin) =>
      unexpectedFailureAnswer(error, 'The booking e-mails could not be sent.', origin),
  )
