import type { Database } from '../../db/database.ts'

/** Wrong passwords one address may send in a window before it must wait. */
export const LOGIN_FAILURE_LIMIT = 10
export const LOGIN_WINDOW_MINUTES = 15

export type LoginAttempt =
  | { allowed: true; attemptId: string; clientKey: string }
  | { allowed: false; retryAfterSeconds: number }

/**
 * Counts an attempt as a failure before the password is even checked, under a lock per
 * address, so parallel guesses cannot all slip under the limit; a correct password then
 * clears the address's failures. Addresses are counted as the public form's limits count
 * them (private.client_key: IPv4, or an IPv6 /64); an unknown address shares one count.
 */
export const reserveLoginAttempt = (
  db: Database,
  clientAddress: string | undefined,
): Promise<LoginAttempt> =>
  db.transaction(async (tx) => {
    const keyed = await tx.query<{ key: string }>(
      "select coalesce(private.client_key($1), 'unknown') as key",
      [clientAddress ?? null],
    )
    const clientKey = keyed.rows[0]?.key ?? 'unknown'
    await tx.query('select pg_advisory_xact_lock(7242030, hashtext($1))', [clientKey])
    const { rows } = await tx.query<{ failures: number; wait_seconds: number | null }>(
      `select count(*)::integer as failures,
              ceil(extract(epoch from min(failed_at) + make_interval(mins => $2) - now()))::integer
                as wait_seconds
         from private.desk_login_failures
        where client_key = $1 and failed_at > now() - make_interval(mins => $2)`,
      [clientKey, LOGIN_WINDOW_MINUTES],
    )
    const counted = rows[0]
    if (counted && counted.failures >= LOGIN_FAILURE_LIMIT) {
      return { allowed: false, retryAfterSeconds: Math.max(1, counted.wait_seconds ?? 60) }
    }
    const inserted = await tx.query<{ id: string }>(
      'insert into private.desk_login_failures (client_key) values ($1) returning id::text as id',
      [clientKey],
    )
    return { allowed: true, attemptId: inserted.rows[0]?.id ?? '', clientKey }
  })

/** The password was right: this address starts again from zero. */
export const clearLoginFailures = async (db: Database, clientKey: string): Promise<void> => {
  await db.query('delete from private.desk_login_failures where client_key = $1', [clientKey])
}
