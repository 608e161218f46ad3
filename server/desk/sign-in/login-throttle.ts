import type { Database, Queryable } from '../../db/database.ts'

/** Wrong passwords one address, or one known browser, may send in a window before it waits. */
export const LOGIN_FAILURE_LIMIT = 10
/**
 * Wrong passwords all unknown browsers together may send in a window: 100 an hour, the most
 * OWASP ASVS (4.0, V2.2.1) allows on one account, however many addresses an attacker has.
 */
export const LOGIN_UNKNOWN_BROWSERS_LIMIT = 25
export const LOGIN_WINDOW_MINUTES = 15

/** Whose budget ran out: this known browser's, this address's, or every unknown browser's. */
export type ThrottleScope = 'device' | 'address' | 'everyone'

export type LoginAttempt =
  | { allowed: true; attemptId: string }
  | { allowed: false; scope: ThrottleScope; retryAfterSeconds: number }

export interface LoginAttempter {
  clientAddress: string | undefined
  /** The hash of a known browser's cookie (known-devices.ts), undefined for any other. */
  device: string | undefined
}

// One lock for every unknown browser (the shared cap needs it), one per known browser.
const UNKNOWN_LOCK = 0
const LOCK_CLASS = 7242030

/** How many failures a condition matches in the window, and when the oldest leaves it. */
const countFailures = async (tx: Queryable, condition: string, params: unknown[]) => {
  const window = `make_interval(mins => $${params.length + 1})`
  const { rows } = await tx.query<{ failures: number; wait_seconds: number | null }>(
    `select count(*)::integer as failures,
            ceil(extract(epoch from min(failed_at) + ${window} - now()))::integer as wait_seconds
       from private.desk_login_failures
      where failed_at > now() - ${window} and ${condition}`,
    [...params, LOGIN_WINDOW_MINUTES],
  )
  const row = rows[0]
  return { failures: row?.failures ?? 0, waitSeconds: Math.max(1, row?.wait_seconds ?? 60) }
}

/**
 * Counts an attempt as a failure before the password is even checked, under a lock, so
 * parallel guesses cannot all slip under a limit; a right password then takes it back. A
 * known browser is held to its own limit only. Any other attempt is held to its address's
 * limit (counted as the public form's limits count addresses: IPv4, or an IPv6 /64; an
 * unknown address shares one count) and to the cap on every unknown browser together.
 */
export const reserveLoginAttempt = (
  db: Database,
  { clientAddress, device }: LoginAttempter,
): Promise<LoginAttempt> =>
  db.transaction(async (tx) => {
    const keyed = await tx.query<{ key: string }>(
      "select coalesce(private.client_key($1), 'unknown') as key",
      [clientAddress ?? null],
    )
    const clientKey = keyed.rows[0]?.key ?? 'unknown'
    if (device !== undefined) {
      await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [LOCK_CLASS, device])
      const mine = await countFailures(tx, 'device_hash = $1', [device])
      if (mine.failures >= LOGIN_FAILURE_LIMIT) {
        return { allowed: false, scope: 'device', retryAfterSeconds: mine.waitSeconds }
      }
    } else {
      await tx.query('select pg_advisory_xact_lock($1, $2)', [LOCK_CLASS, UNKNOWN_LOCK])
      const address = await countFailures(tx, 'device_hash is null and client_key = $1', [
        clientKey,
      ])
      if (address.failures >= LOGIN_FAILURE_LIMIT) {
        return { allowed: false, scope: 'address', retryAfterSeconds: address.waitSeconds }
      }
      const everyone = await countFailures(tx, 'device_hash is null', [])
      if (everyone.failures >= LOGIN_UNKNOWN_BROWSERS_LIMIT) {
        return { allowed: false, scope: 'everyone', retryAfterSeconds: everyone.waitSeconds }
      }
    }
    const inserted = await tx.query<{ id: string }>(
      `insert into private.desk_login_failures (client_key, device_hash) values ($1, $2)
       returning id::text as id`,
      [clientKey, device ?? null],
    )
    return { allowed: true, attemptId: inserted.rows[0]?.id ?? '' }
  })

/**
 * The password was right: the reserved attempt was no failure, and a known browser starts
 * again from zero. An address keeps its count: a stranger behind the same address must not
 * get a new budget because the company signed in.
 */
export const clearLoginFailures = async (
  db: Queryable,
  attemptId: string,
  device: string | undefined,
): Promise<void> => {
  await db.query('delete from private.desk_login_failures where id = $1::bigint', [attemptId])
  if (device !== undefined) {
    await db.query('delete from private.desk_login_failures where device_hash = $1', [device])
  }
}
