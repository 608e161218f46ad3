import { setTimeout as sleep } from 'node:timers/promises'
import type { Queryable } from '../../server/db/database.ts'

/**
 * Waits, if need be, for the database's next minute, so that at least `seconds` of the current
 * one are left. The call limits count calls by the minute and weigh the last minute's as it ages
 * (a sliding estimate): a burst that straddles a minute's end is weighed across the two, which
 * by design lets a call or two more through, and a test that counts up to a limit would then see
 * a 200 where it expects the 429. On a busy machine a burst can take seconds.
 */
export async function withMinuteLeft(db: Queryable, seconds: number): Promise<void> {
  const { rows } = await db.query<{ left: number }>(
    "select extract(epoch from date_trunc('minute', now()) + interval '1 minute' - now())::float8 as left",
  )
  const left = Number(rows[0]?.left ?? 60)
  if (left < seconds) await sleep(left * 1000 + 50)
}
