import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Queryable } from '../../db/database.ts'
import { EMPTY_FILTER, readLeadFilter, type LeadFilter } from '../leads/lead-filter.ts'
import type { PreparedPassword } from './password-check.ts'
import { readSignedToken, signToken } from './signed-cookies.ts'

/** A session ends after this long without a request… */
export const SESSION_IDLE_MINUTES = 30
/** …and this long after sign-in whatever happens. */
export const SESSION_MAX_HOURS = 12
// Writing last_seen_at on every request would turn each page view into a write.
const TOUCH_AFTER_MS = 60_000

export interface DeskSession {
  tokenHash: string
  csrfToken: string
  filter: LeadFilter
  expiresAt: Date
}

const newSecret = () => randomBytes(32).toString('base64url')

/** Only this reaches the database: a stolen copy of the table cannot be replayed as a cookie. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** What names a session's password and signs its cookie (password-check.ts). */
export type SessionPassword = Pick<PreparedPassword, 'fingerprint' | 'cookieKey'>

/**
 * Starts a session under this password (its fingerprint); the cookie (the token, signed) goes
 * to the browser and nowhere else.
 */
export const createSession = async (
  db: Queryable,
  password: SessionPassword,
): Promise<{ cookie: string; session: DeskSession }> => {
  const token = newSecret()
  const csrfToken = newSecret()
  const { rows } = await db.query<{ expires_at: Date | string }>(
    `insert into private.desk_sessions (token_hash, csrf_token, expires_at, password_fingerprint)
     values ($1, $2, now() + make_interval(hours => $3), $4) returning expires_at`,
    [hashToken(token), csrfToken, SESSION_MAX_HOURS, password.fingerprint],
  )
  return {
    cookie: signToken(password.cookieKey, 'session', token),
    session: {
      tokenHash: hashToken(token),
      csrfToken,
      filter: EMPTY_FILTER,
      expiresAt: new Date(rows[0]?.expires_at ?? Date.now()),
    },
  }
}

/** Whether a cookie is one this desk signed for a session: no query, one HMAC. */
export const isSignedSession = (password: SessionPassword, cookie: string | undefined): boolean =>
  readSignedToken(password.cookieKey, 'session', cookie) !== undefined

/**
 * The live session this cookie opens, or undefined: not signed by this desk (no query is made
 * for it), unknown, idle too long, past its end, or made under another password than this
 * server's (one changed since, on this server or on another one sharing the database).
 */
export const findSession = async (
  db: Queryable,
  cookie: string | undefined,
  password: SessionPassword,
): Promise<DeskSession | undefined> => {
  const token = readSignedToken(password.cookieKey, 'session', cookie)
  if (token === undefined) return undefined
  const tokenHash = hashToken(token)
  const { rows } = await db.query<{
    csrf_token: string
    lead_filter: Record<string, unknown>
    expires_at: Date | string
    idle_ms: number
  }>(
    `select csrf_token, lead_filter, expires_at,
            (extract(epoch from now() - last_seen_at) * 1000)::float8 as idle_ms
       from private.desk_sessions
      where token_hash = $1 and expires_at > now()
        and last_seen_at > now() - make_interval(mins => $2) and password_fingerprint = $3`,
    [tokenHash, SESSION_IDLE_MINUTES, password.fingerprint],
  )
  const row = rows[0]
  if (!row) return undefined
  if (row.idle_ms > TOUCH_AFTER_MS) {
    await db.query('update private.desk_sessions set last_seen_at = now() where token_hash = $1', [
      tokenHash,
    ])
  }
  return {
    tokenHash,
    csrfToken: row.csrf_token,
    filter: readLeadFilter(row.lead_filter),
    expiresAt: new Date(row.expires_at),
  }
}

export const endSession = async (db: Queryable, session: DeskSession): Promise<void> => {
  await db.query('delete from private.desk_sessions where token_hash = $1', [session.tokenHash])
}

/** "Sign out everywhere": every session, this one included, on every server. */
export const endAllSessions = async (db: Queryable): Promise<number> =>
  (await db.query('delete from private.desk_sessions')).affectedRows

export const saveSessionFilter = async (
  db: Queryable,
  session: DeskSession,
  filter: LeadFilter,
): Promise<void> => {
  await db.query('update private.desk_sessions set lead_filter = $2 where token_hash = $1', [
    session.tokenHash,
    JSON.stringify(filter),
  ])
}

/** Constant-time, so the time a wrong token takes says nothing about how close it was. */
export const sameSecret = (given: string | undefined, expected: string): boolean => {
  if (given === undefined) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** A fresh random value for the sign-in form's own CSRF cookie (there is no session yet). */
export const newLoginNonce = newSecret
