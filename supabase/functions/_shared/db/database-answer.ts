/**
 * What the database answered to a visitor's insert, read the way PostgREST reads it, so the
 * REST route, the Node server's contact form route and the submit-contact-form Edge Function
 * report one refusal alike (status, message, Retry-After).
 */

/** The fields PostgreSQL reports on an error; node-postgres and PGlite use these names. */
export interface DatabaseErrorFields {
  code?: string
  message: string
  detail?: string
  hint?: string
}

const SQLSTATE = /^[0-9A-Z]{5}$/

/** Reads a driver error; a missing SQLSTATE means the database could not be reached at all. */
export const readDatabaseError = (error: unknown): DatabaseErrorFields & { sqlState: boolean } => {
  if (typeof error !== 'object' || error === null) {
    return { message: String(error), sqlState: false }
  }
  const fields = error as Record<string, unknown>
  const text = (key: string) => (typeof fields[key] === 'string' ? fields[key] : undefined)
  const code = text('code')
  return {
    code,
    message: text('message') ?? String(error),
    detail: text('detail'),
    hint: text('hint'),
    sqlState: code !== undefined && SQLSTATE.test(code),
  }
}

const SYSTEM_ERROR_CODE = /^E[A-Z]+$/
const CONNECTION_WORDS = /\b(connect|connection|terminated|closed|timeout)\b/i
/**
 * The database's own word that it is going away or not back yet: a connection exception
 * (class 08), or 57P01 admin_shutdown (a restart ends the session), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up, shutting down, recovering). Nothing in the request
 * was wrong, and trying again shortly works: 503, not the 500 of class 57 (decision 057).
 */
const DATABASE_AWAY = /^(08[0-9A-Z]{3}|57P0[123])$/

/**
 * True for a driver's "could not reach the database" (refused, reset, timed out, closed)
 * rather than a bug in our code: a system error (ECONNREFUSED…), the database saying it is
 * going away or not back yet, or pg's and PGlite's own wording for a lost or closed connection.
 */
export const isConnectionFailure = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code === 'string' && (SYSTEM_ERROR_CODE.test(code) || DATABASE_AWAY.test(code))) {
    return true
  }
  return typeof message === 'string' && CONNECTION_WORDS.test(message)
}

// PostgREST's SQLSTATE → HTTP table (docs/references/errors.rst), for the anon role.
const EXACT: Record<string, number> = {
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

const BY_CLASS: [string, number][] = [
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

export const statusForSqlState = (code: string): number => {
  const custom = /^PT(\d{3})$/.exec(code)
  if (custom) return Number(custom[1])
  const exact = EXACT[code]
  if (exact) return exact
  return BY_CLASS.find(([prefix]) => code.startsWith(prefix))?.[1] ?? 400
}

/** The database's refusal: the status, the PostgREST error body and the headers SQL set. */
export interface DatabaseRefusal {
  status: number
  code: string
  message: string
  details: string | null
  hint: string | null
  /** Response headers the SQL asked for, e.g. Retry-After from the flood limits. */
  headers: Record<string, string>
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
const customRefusal = (message: string, detail: string | undefined): DatabaseRefusal => {
  const body = parseObject(message)
  const meta = parseObject(detail)
  const headers: Record<string, string> = {}
  if (typeof meta?.headers === 'object' && meta.headers !== null) {
    for (const [name, value] of Object.entries(meta.headers)) {
      if (typeof value === 'string') headers[name] = value
    }
  }
  return {
    status: typeof meta?.status === 'number' ? meta.status : 400,
    code: textOrNull(body?.code) ?? 'PGRST',
    details: textOrNull(body?.details),
    hint: textOrNull(body?.hint),
    message: textOrNull(body?.message) ?? '',
    headers,
  }
}

/**
 * What the database layer threw, as PostgREST would report it. An error with a SQLSTATE is
 * the database's answer, unless it says the database is going away or not back yet. One
 * without is the driver failing to reach the database: both are 'unreachable' (the driver's
 * text names the database's host and port, which no caller needs).
 * Anything else is a bug, and is thrown again.
 */
export const readDatabaseAnswer = (error: unknown): DatabaseRefusal | 'unreachable' => {
  const fields = readDatabaseError(error)
  if (fields.code === 'PGRST') return customRefusal(fields.message, fields.detail)
  if (fields.code !== undefined && DATABASE_AWAY.test(fields.code)) return 'unreachable'
  if (fields.sqlState && fields.code !== undefined) {
    return {
      status: statusForSqlState(fields.code),
      code: fields.code,
      details: fields.detail ?? null,
      hint: fields.hint ?? null,
      message: fields.message,
      headers: {},
    }
  }
  if (isConnectionFailure(error)) return 'unreachable'
  throw error
}
