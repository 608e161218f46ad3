import { createHash, randomBytes } from 'node:crypto'
import type { Database, Queryable } from '../../db/database.ts'
import type { DeskSettings } from '../desk-settings.ts'
import { readCookieKey } from './signed-cookies.ts'
import {
  formatPasswordHash,
  hashPassword,
  parsePasswordHash,
  verifyPassword,
  type PasswordHash,
} from './password-hash.ts'

export type PasswordCheck = (candidate: string) => Promise<boolean>

/** The configured password, ready to check guesses against, and what names it. */
export interface PreparedPassword {
  check: PasswordCheck
  /**
   * A SHA-256 of the password's hash: the same on every server given the same password, another
   * one after a change. Sessions carry it; it cannot be turned back into the hash, and without
   * the hash's salt (never stored beside it) it cannot test a guess.
   */
  fingerprint: string
  /**
   * The database's key the desk signs its cookies with (signed-cookies.ts): the same on every
   * server sharing the database, and unchanged by a password change.
   */
  cookieKey: Buffer
}

/** The database's one row about the password, made by whichever server starts first. */
const ensurePasswordRow = (db: Queryable) =>
  db.query(
    'insert into private.desk_password (plain_salt) values ($1) on conflict (singleton) do nothing',
    [randomBytes(16).toString('base64')],
  )

/**
 * The salt for a plain ADMIN_PASSWORD, made once per database: every server on it then hashes
 * the same password to the same hash, and so agrees on its fingerprint.
 */
const plainPasswordSalt = async (db: Queryable): Promise<Buffer> => {
  await ensurePasswordRow(db)
  const { rows } = await db.query<{ plain_salt: string }>(
    'select plain_salt from private.desk_password',
  )
  return Buffer.from(rows[0]?.plain_salt ?? '', 'base64')
}

export const passwordFingerprint = (hash: PasswordHash): string =>
  createHash('sha256')
    .update(`lead-desk-password\n${formatPasswordHash(hash)}`)
    .digest('hex')

/**
 * One comparison path for both settings: a plain ADMIN_PASSWORD is hashed once at start (with
 * the database's salt), so every guess costs the same scrypt as with ADMIN_PASSWORD_HASH and the
 * plain text is never compared directly.
 */
export const preparePassword = async (
  db: Queryable,
  password: NonNullable<DeskSettings['password']>,
): Promise<PreparedPassword> => {
  const stored =
    password.kind === 'hash'
      ? password.value
      : parsePasswordHash(
          await hashPassword(password.value, undefined, await plainPasswordSalt(db)),
        )
  if ('problem' in stored) throw new Error(`Could not hash ADMIN_PASSWORD: ${stored.problem}`)
  await ensurePasswordRow(db)
  return {
    check: (candidate) => verifyPassword(candidate, stored),
    fingerprint: passwordFingerprint(stored),
    cookieKey: await readCookieKey(db),
  }
}

/**
 * Makes this server's password the database's: every session made under another one ends now
 * (on every server sharing the database, since sessions live there). Returns how many ended,
 * and whether the password differs from the one the servers last started with.
 */
export const adoptPassword = (
  db: Database,
  fingerprint: string,
): Promise<{ changed: boolean; sessionsEnded: number }> =>
  db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7242031)')
    await ensurePasswordRow(tx)
    const before = await tx.query<{ fingerprint: string | null }>(
      'select fingerprint from private.desk_password for update',
    )
    const previous = before.rows[0]?.fingerprint ?? null
    const ended = await tx.query(
      'delete from private.desk_sessions where password_fingerprint is distinct from $1',
      [fingerprint],
    )
    if (previous !== fingerprint) {
      await tx.query('update private.desk_password set fingerprint = $1, changed_at = now()', [
        fingerprint,
      ])
    }
    return {
      changed: previous !== null && previous !== fingerprint,
      sessionsEnded: ended.affectedRows,
    }
  })
