import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { readDatabaseAnswer } from '#shared/db/database-answer.ts'
import { readDatabaseError } from '../db/database.ts'
import type { Logger } from '../log.ts'

export interface PostgrestErrorBody {
  code: string
  details: string | null
  hint: string | null
  message: string
}

/** A PostgREST-shaped error, headers included, so supabase-js hands it to the site unchanged. */
export const postgrestError = (
  c: Context,
  status: ContentfulStatusCode,
  body: PostgrestErrorBody,
): Response => {
  c.header('Proxy-Status', `PostgREST; error=${body.code}`)
  if (status === 401) c.header('WWW-Authenticate', 'Bearer')
  return c.json(body, status)
}

/** Any path PostgREST does not serve; never an empty 404, which supabase-js reads as success. */
export const invalidPath = (c: Context): Response =>
  postgrestError(c, 404, {
    code: 'PGRST125',
    details: null,
    hint: null,
    message: 'Invalid path specified in request URL',
  })

/**
 * Turns what the database layer threw into the response PostgREST would give. The database's
 * answer is passed on, as PostgREST does. A database that cannot be reached: the caller
 * learns only that (the driver's text names the database's host and port), and the log gets
 * the cause. Anything else is a bug and goes to the app's error handler, which answers a
 * plain 500.
 */
export const databaseErrorResponse = (c: Context, error: unknown, log: Logger): Response => {
  const answer = readDatabaseAnswer(error)
  if (answer === 'unreachable') {
    log.error('database_unavailable', { message: readDatabaseError(error).message })
    return postgrestError(c, 503, {
      code: 'PGRST000',
      details: null,
      hint: null,
      message: 'Database connection error. Retrying the connection.',
    })
  }
  for (const [name, value] of Object.entries(answer.headers)) c.header(name, value)
  return postgrestError(c, answer.status as ContentfulStatusCode, {
    code: answer.code,
    details: answer.details,
    hint: answer.hint,
    message: answer.message,
  })
}
