import type { Database } from '../../db/database.ts'
import type { Logger } from '../../log.ts'
import { HOUSEKEEPING_DELAY_MS, startRepeatingJob } from '../../jobs/repeating-job.ts'

/**
 * Deletes what waited in quarantine longer than QUARANTINE_DAYS (private.purge_quarantine, the
 * statement pg_cron runs on hosted Supabase); returns how many. PGlite has no autovacuum, and
 * deleted means gone: vacuum when something went.
 */
export const purgeQuarantine = async (db: Database): Promise<number> => {
  const { rows } = await db.query<{ purged: number }>('select private.purge_quarantine() as purged')
  const purged = rows[0]?.purged ?? 0
  if (purged > 0) await db.query('vacuum private.quarantined_submissions').catch(() => undefined)
  return purged
}

/** The daily purge; it always runs, since every quarantined message has an end. */
export const startQuarantinePurge = (db: Database, intervalMs: number, log: Logger) =>
  startRepeatingJob({
    name: 'quarantine_purge',
    firstAfterMs: HOUSEKEEPING_DELAY_MS,
    everyMs: intervalMs,
    log,
    run: async () => {
      const entries = await purgeQuarantine(db)
      if (entries > 0) log.info('quarantine_purged', { entries })
    },
  })
