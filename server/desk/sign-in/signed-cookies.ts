import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Queryable } from '../../db/database.ts'

/**
 * The desk's cookies carry their token and an HMAC of it under the database's cookie key
 * (decision 058): `<token>.<mac>`, each 43 base64url characters. A cookie this desk did not
 * make is refused by one HMAC, before any query, so a flood of made-up session cookies costs
 * the database nothing; and a signed-in operator's calls can be told from a stranger's without
 * asking it. The purpose is part of what is signed: a known browser's cookie never passes as
 * a session's.
 */

export type CookiePurpose = 'session' | 'device'

const SIGNED = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/

const macOf = (key: Buffer, purpose: CookiePurpose, token: string) =>
  createHmac('sha256', key).update(`lead-desk-${purpose}\n${token}`).digest('base64url')

/** The cookie's value for this token. */
export const signToken = (key: Buffer, purpose: CookiePurpose, token: string): string =>
  `${token}.${macOf(key, purpose, token)}`

/**
 * The token of a cookie this key signed for this purpose, or undefined: compared in constant
 * time, so how long a wrong one takes says nothing about how close it was.
 */
export const readSignedToken = (
  key: Buffer,
  purpose: CookiePurpose,
  value: string | undefined,
): string | undefined => {
  const match = value === undefined ? null : SIGNED.exec(value)
  const token = match?.[1]
  const mac = match?.[2]
  if (token === undefined || mac === undefined) return undefined
  const expected = Buffer.from(macOf(key, purpose, token))
  const given = Buffer.from(mac)
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined
}

/**
 * The database's key (private.desk_password.cookie_key), made by the first server that asks;
 * the row must exist. Every server sharing the database reads the same one.
 */
export const readCookieKey = async (db: Queryable): Promise<Buffer> => {
  await db.query('update private.desk_password set cookie_key = $1 where cookie_key is null', [
    randomBytes(32).toString('base64'),
  ])
  const { rows } = await db.query<{ cookie_key: string }>(
    'select cookie_key from private.desk_password',
  )
  const key = Buffer.from(rows[0]?.cookie_key ?? '', 'base64')
  if (key.length < 32) throw new Error('The desk has no cookie key (private.desk_password).')
  return key
}
