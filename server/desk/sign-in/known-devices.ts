import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../../db/database.ts'
import { readSignedToken, signToken } from './signed-cookies.ts'

/**
 * Browsers that signed in before ("device cookies", OWASP: decision 025). A browser is given a
 * random token in a long-lived cookie at each successful sign-in; with it, its wrong passwords
 * count against itself alone, so strangers failing from the same address (or from everywhere)
 * cannot lock it out. The database keeps only a SHA-256 of the token, so a copy of the table
 * makes no cookie.
 */

/** How long a browser stays known without signing in again. */
export const KNOWN_DEVICE_DAYS = 90

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

// 32 random bytes in base64url: a cookie given before they were signed.
const UNSIGNED = /^[A-Za-z0-9_-]{43}$/

/** The token of a known browser's cookie, when this desk signed it: no query, one HMAC. */
export const signedDeviceToken = (cookieKey: Buffer, cookie: string | undefined) =>
  readSignedToken(cookieKey, 'device', cookie)

/** The stored hash naming this browser, or undefined for an unknown or expired cookie. */
export const findKnownDevice = async (
  db: Queryable,
  cookie: string | undefined,
  cookieKey: Buffer,
): Promise<string | undefined> => {
  const token =
    signedDeviceToken(cookieKey, cookie) ??
    (cookie !== undefined && UNSIGNED.test(cookie) ? cookie : undefined)
  if (token === undefined) return undefined
  const { rows } = await db.query<{ token_hash: string }>(
    'select token_hash from private.desk_devices where token_hash = $1 and expires_at > now()',
    [hashToken(token)],
  )
  return rows[0]?.token_hash
}

/**
 * After a successful sign-in: a new token for this browser (the one it came with, if any, is
 * forgotten, so a copied cookie stops working once its owner signs in again); answers the
 * cookie's value.
 */
export const rememberDevice = async (
  db: Queryable,
  previousHash: string | undefined,
  cookieKey: Buffer,
): Promise<string> => {
  if (previousHash !== undefined) {
    await db.query('delete from private.desk_devices where token_hash = $1', [previousHash])
  }
  const token = randomBytes(32).toString('base64url')
  await db.query(
    `insert into private.desk_devices (token_hash, expires_at)
     values ($1, now() + make_interval(days => $2))`,
    [hashToken(token), KNOWN_DEVICE_DAYS],
  )
  return signToken(cookieKey, 'device', token)
}
