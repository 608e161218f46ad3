import { parseContactMessage, type ContactIssue, type ContactMessage } from './contact-message.ts'
import { corsHeaders } from './cors.ts'
import { renderContactEmail, type ContactEmail } from './render-contact-email.ts'

export type SendEmailResult = { ok: true } | { ok: false; reason: string }

export interface SendContactEmailDeps {
  /** The id of a stored, not yet notified submission with these values, or null. */
  findPendingSubmission: (message: ContactMessage) => Promise<string | null>
  /** Sends to the fixed company address; never throws for an expected failure. */
  sendEmail: (email: ContactEmail) => Promise<SendEmailResult>
  markNotified: (id: string) => Promise<void>
  /** Lets the retry job pick the row up again later. */
  markFailed?: (id: string) => Promise<void>
  /** Give up waiting for the mail server after this long (default 10 s). */
  sendTimeoutMs?: number
}

/** A contact message is a few KB at most; anything bigger is refused before parsing. */
export const MAX_FUNCTION_BODY_BYTES = 64 * 1024

const DEFAULT_SEND_TIMEOUT_MS = 10_000

type ErrorCode =
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'invalid_json'
  | 'invalid_contact_message'
  | 'submission_not_found'
  | 'email_failed'
  | 'email_timeout'
  | 'internal_error'

const json = (status: number, body: unknown, origin: string | null, extra?: HeadersInit) => {
  const headers = new Headers(extra)
  for (const [key, value] of Object.entries(corsHeaders(origin))) headers.set(key, value)
  headers.set('Content-Type', 'application/json; charset=utf-8')
  return new Response(JSON.stringify(body), { status, headers })
}

const fail = (
  status: number,
  code: ErrorCode,
  message: string,
  origin: string | null,
  issues?: ContactIssue[],
) => json(status, { error: { code, message, ...(issues ? { issues } : {}) } }, origin)

/** Reads at most `limit` bytes; returns null as soon as the body proves larger. */
const readLimitedText = async (req: Request, limit: number): Promise<string | null> => {
  const declared = Number(req.headers.get('content-length') ?? '0')
  if (declared > limit) return null
  if (!req.body) return ''
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}

const withTimeout = async (
  work: Promise<SendEmailResult>,
  ms: number,
): Promise<SendEmailResult | 'timeout'> => {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms)
  })
  try {
    return await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}

const notify = async (
  message: ContactMessage,
  deps: SendContactEmailDeps,
  origin: string | null,
): Promise<Response> => {
  const id = await deps.findPendingSubmission(message)
  if (id === null) {
    return fail(
      409,
      'submission_not_found',
      'No stored submission waiting for notification matches this message.',
      origin,
    )
  }
  const result = await withTimeout(
    deps.sendEmail(renderContactEmail(message)),
    deps.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS,
  )
  if (result === 'timeout' || !result.ok) {
    await deps.markFailed?.(id)
    return result === 'timeout'
      ? fail(504, 'email_timeout', 'The mail server did not answer in time.', origin)
      : fail(502, 'email_failed', 'The mail server refused the message.', origin)
  }
  await deps.markNotified(id)
  return json(200, { ok: true }, origin)
}

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
    return new Response('ok', { status: 200, headers: corsHeaders(origin) })
  }
  if (req.method !== 'POST') {
    return fail(405, 'method_not_allowed', 'Use POST.', origin)
  }
  try {
    const text = await readLimitedText(req, MAX_FUNCTION_BODY_BYTES)
    if (text === null) {
      return fail(413, 'payload_too_large', 'The request body is too large.', origin)
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return fail(400, 'invalid_json', 'The request body is not valid JSON.', origin)
    }
    const parsed = parseContactMessage(body)
    if (!parsed.ok) {
      return fail(
        400,
        'invalid_contact_message',
        'The contact message is invalid.',
        origin,
        parsed.issues,
      )
    }
    return await notify(parsed.value, deps, origin)
  } catch {
    // Anything unexpected (the database went away, a bug) still gets a JSON answer.
    return fail(500, 'internal_error', 'The message could not be processed.', origin)
  }
}
