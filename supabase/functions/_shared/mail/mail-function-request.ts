import { callLimitAnswer, type CountsCalls } from '../http/function-call-limit.ts'
import { errorAnswer, jsonAnswer, preflightAnswer } from '../http/function-json.ts'
import {
  ACCEPTED_BODY_ENCODINGS,
  parseJsonBody,
  readBodyWithin,
  unsupportedContentEncoding,
  type JsonParse,
} from '../http/request-body.ts'
import { isSweepAllowed, SWEEP_SECRET_HEADER } from '../http/sweep-secret.ts'

/**
 * What the two mail functions the site calls (send-contact-email, send-booking-email) answer
 * alike: a browser's preflight and other methods, pg_cron's sweep, and a body that cannot be
 * read.
 */

/** The preflight, or 405 for anything but POST; undefined for a POST. */
export const answerUnlessPost = (req: Request, origin: string | null): Response | undefined => {
  if (req.method === 'OPTIONS') return preflightAnswer(origin)
  if (req.method === 'POST') return undefined
  return errorAnswer(405, 'method_not_allowed', 'Use POST.', origin, {
    headers: { Allow: 'POST, OPTIONS' },
  })
}

/** Whether the request is for the function's sweep path (`…/name`, a trailing slash or not). */
export const isSweepPath = (req: Request, name: string) =>
  new URL(req.url).pathname.replace(/\/+$/, '').endsWith(`/${name}`)

/**
 * The scheduled sweep: what `run` did, for the scheduler's secret only. Anyone else gets the
 * same 401 whether a secret is configured or not, and no counts.
 */
export const sweepAnswer = async (
  req: Request,
  sweepSecret: string | undefined,
  origin: string | null,
  run: () => Promise<object>,
): Promise<Response> => {
  if (!(await isSweepAllowed(req.headers.get(SWEEP_SECRET_HEADER), sweepSecret))) {
    return errorAnswer(401, 'unauthorized', 'Only the scheduler may run the mail sweep.', origin)
  }
  return jsonAnswer(200, { ok: true, ...(await run()) }, origin)
}

/**
 * The body parsed as JSON (undefined when it could not be read), or the answer that refuses
 * it before parsing: 415 for a compressed body, 413 for one over `maxBytes`.
 */
export const readJsonBody = async (
  req: Request,
  maxBytes: number,
  maxDepth: number,
  origin: string | null,
): Promise<{ refused: Response } | { json: JsonParse | undefined }> => {
  const encoding = unsupportedContentEncoding(req.headers)
  if (encoding !== null) {
    return {
      refused: errorAnswer(
        415,
        'unsupported_content_encoding',
        `The request body must not be compressed (Content-Encoding: ${encoding}).`,
        origin,
        { headers: { 'Accept-Encoding': ACCEPTED_BODY_ENCODINGS } },
      ),
    }
  }
  const read = await readBodyWithin(req, maxBytes)
  if (!read.ok && read.problem === 'too_large') {
    return {
      refused: errorAnswer(413, 'payload_too_large', 'The request body is too large.', origin),
    }
  }
  return { json: read.ok ? parseJsonBody(read.bytes, maxDepth) : undefined }
}

/** What a mail function is given to do before it reads a caller's body. */
export interface MailCallDeps extends CountsCalls {
  /** MAIL_SWEEP_SECRET: the sweep path needs it; without one nobody may run the sweep. */
  sweepSecret: string | undefined
}

/**
 * A call to one of the mail functions: the preflight and other methods, pg_cron's sweep on
 * `sweep.path` (`…/retry`, `…/sweep`; the secret's holder only) and the call counted in its
 * caller's budget are answered alike here; `answer` answers the rest, and `failed` anything
 * either throws.
 */
export const answerMailCall = async (
  req: Request,
  { sweepSecret, countCall }: MailCallDeps,
  sweep: { path: string; run: () => Promise<object> },
  answer: (origin: string | null) => Promise<Response>,
  failed: (error: unknown, origin: string | null) => Response,
): Promise<Response> => {
  const origin = req.headers.get('origin')
  const notPost = answerUnlessPost(req, origin)
  if (notPost) return notPost
  try {
    if (isSweepPath(req, sweep.path)) {
      return await sweepAnswer(req, sweepSecret, origin, sweep.run)
    }
    const overLimit = await countCall?.(req)
    if (overLimit) return callLimitAnswer(overLimit, origin)
    return await answer(origin)
  } catch (error) {
    return failed(error, origin)
  }
}
