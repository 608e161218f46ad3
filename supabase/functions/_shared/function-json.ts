import { corsHeaders } from './cors.ts'

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
