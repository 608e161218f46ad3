import { corsHeaders } from './cors.ts'
import { isConnectionFailure } from '../db/database-answer.ts'

/**
 * The JSON answers of the functions the site calls. Every answer carries the CORS headers,
 * errors included: supabase-js turns an empty or non-JSON 2xx into a SyntaxError and a missing
 * Access-Control-Allow-Origin into "Failed to send a request", hiding the real reason.
 */
export const jsonAnswer = (
  status: number,
  body: unknown,
  origin: string | null,
  extraHeaders: Record<string, string> = {},
): Response => {
  const headers = new Headers(extraHeaders)
  for (const [key, value] of Object.entries(corsHeaders(origin))) headers.set(key, value)
  headers.set('Content-Type', 'application/json; charset=utf-8')
  return new Response(JSON.stringify(body), { status, headers })
}

/** `{ error: { code, message, …more } }` with its status. */
export const errorAnswer = (
  status: number,
  code: string,
  message: string,
  origin: string | null,
  { more, headers }: { more?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Response => jsonAnswer(status, { error: { code, message, ...more } }, origin, headers)

/** A browser's preflight: 200 with the CORS headers. */
export const preflightAnswer = (origin: string | null): Response =>
  new Response('ok', { status: 200, headers: corsHeaders(origin) })

/** How long a caller waits before trying again when the database is away (a restart's length). */
const DATABASE_AWAY_RETRY_SECONDS = '5'

/**
 * What a function answers when something it did not expect was thrown: the database away is
 * 503 with Retry-After (nothing in the request was wrong, and trying again shortly works, as
 * PostgREST's PGRST000), anything else a bug's 500. Either way a JSON answer the page can read.
 */
export const unexpectedFailureAnswer = (
  error: unknown,
  message: string,
  origin: string | null,
): Response =>
  isConnectionFailure(error)
    ? errorAnswer(503, 'database_unavailable', message, origin, {
        headers: { 'Retry-After': DATABASE_AWAY_RETRY_SECONDS },
      })
    : errorAnswer(500, 'internal_error', message, origin)
