import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { isConnectionFailure, readDatabaseError } from '../db/database.ts'
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

// PostgREST's SQLSTATE → HTTP table (docs/references/errors.rst), for the anon role.
const EXACT: Record<string, ContentfulStatusCode> = {
  '23503': 409,
  '23505': 409,
  '23P01': 409,
  '25006': 405,
  '42501': 401,
  '42883': 404,
  '42P01': 404,
  '42P17': 500,
  '53400': 500,
  P0001: 400,
}

const BY_CLASS: [string, ContentfulStatusCode][] = [
  ['08', 503],
  ['09', 500],
  ['0L', 403],
  ['0P', 403],
  ['25', 500],
  ['28', 403],
  ['2D', 500],
  ['2F', 500],
  ['38', 500],
  ['39', 500],
  ['3B', 500],
  ['40', 500],
  ['53', 503],
  ['54', 500],
  ['55', 500],
  ['57', 500],
  ['58', 500],
  ['F0', 500],
  ['HV', 500],
  ['P0', 500],
  ['XX', 500],
]

export const statusForSqlState = (code: string): ContentfulStatusCode => {
  const custom = /^PT(\d{3})$/.exec(code)
  if (custom) return Number(custom[1]) as ContentfulStatusCode
  const exact = EXACT[code]
  if (exact) return exact
  return BY_CLASS.find(([prefix]) => code.startsWith(prefix))?.[1] ?? 400
}

const parseObject = (text: string | undefined): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(text ?? '')
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null)

/**
 * `raise sqlstate 'PGRST' using message = <json body>, detail = <json {status, headers}>`:
 * PostgREST's way for SQL to answer with its own status, headers and body (the migrations'
 * rate limit uses it for 429 and Retry-After), so it means the same here as on Supabase.
 */
const customResponse = (c: Context, message: string, detail: string | undefined) => {
  const body = parseObject(message)
  const meta = parseObject(detail)
  const status = typeof meta?.status === 'number' ? meta.status : 400
  const headers = meta?.headers
  if (typeof headers === 'object' && headers !== null) {
    for (const [name, value] of Object.entries(headers)) {
      if (typeof value === 'string') c.header(name, value)
    }
  }
  return postgrestError(c, status as ContentfulStatusCode, {
    code: textOrNull(body?.code) ?? 'PGRST',
    details: textOrNull(body?.details),
    hint: textOrNull(body?.hint),
    message: textOrNull(body?.message) ?? '',
  })
}

/**
 * Turns what the database layer threw into the response PostgREST would give. An error with a
 * SQLSTATE is the database's answer and is passed on, as PostgREST does. One without is the
 * driver failing to reach the database: the caller learns only that (its text names the
 * database's host and port), and the log gets the cause. Anything else is a bug and goes to
 * the app's error handler, which answers a plain 500.
 */
export const databaseErrorResponse = (c: Context, error: unknown, log: Logger): Response => {
  const fields = readDatabaseError(error)
  if (fields.code === 'PGRST') return customResponse(c, fields.message, fields.detail)
  if (fields.sqlState && fields.code !== undefined) {
    return postgrestError(c, statusForSqlState(fields.code), {
      code: fields.code,
      details: fields.detail ?? null,
      hint: fields.hint ?? null,
      message: fields.message,
    })
  }
  if (!isConnectionFailure(error)) throw error
  log.error('database_unavailable', { message: fields.message })
  return postgrestError(c, 503, {
    code: 'PGRST000',
    details: null,
    hint: null,
    message: 'Database connection error. Retrying the connection.',
  })
}
