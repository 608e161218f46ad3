import type { Database } from '../../db/database.ts'
import type { Logger } from '../../log.ts'
import { HOUSEKEEPING_DELAY_MS, startRepeatingJob } from '../../jobs/repeating-job.ts'
import { pruneOutboxCopies, purgeUntaggedOutboxMail } from './outbox-files.ts'

export interface RetentionDeps {
  db: Database
  outboxDir: string | undefined
  log: Logger
}

/**
 * Writes LEADS_RETENTION_DAYS into the database, where private.purge_expired_leads reads it
 * (and pg_cron's job, where there is one). The environment decides: unset means keep.
 */
export const applyRetentionDays = async (db: Database, days: number | undefined) => {
  await db.query('update private.contact_settings set retention_days = $1', [days ?? null])
}

/**
 * One purge: old leads in the database (with an audit line), then their outbox copies. A copy
 * goes with its leads, not by its own date: a lead re-sent last week is not purged until the
 * lead is, nor kept after. Untagged copies (older files) go by date.
 */
export const purgeExpiredLeads = async (deps: RetentionDeps, days: number) => {
  const { rows } = await deps.db.query<{ purged: number }>(
    "select private.purge_expired_leads('retencao') as purged",
  )
  const leads = rows[0]?.purged ?? 0
  if (leads > 0) {
    await deps.db
      .query('vacuum public.contact_submissions, public.bookings, private.booking_messages')
      .catch(() => undefined)
  }
  const cutOff = new Date(Date.now() - days * 24 * 60 * 60 * 1000)
  const outboxFiles =
    (await pruneOutboxCopies(deps.outboxDir, deps.db)) +
    (await purgeUntaggedOutboxMail(deps.outboxDir, cutOff))
  await deps.db.query('select private.desk_housekeeping()')
  return { leads, outboxFiles }
}

/** Purges once shortly after start, then every intervalMs (a day). Only counts are logged. */
export const startRetentionPurge = (deps: RetentionDeps, days: number, intervalMs: number) =>
  startRepeatingJob({
    name: 'leads_purge',
    firstAfterMs: HOUSEKEEPING_DELAY_MS,
    everyMs: intervalMs,
    log: deps.log,
    run: async () => {
      const purged = await purgeExpiredLeads(deps, days)
      if (purged.leads > 0 || purged.outboxFiles > 0) deps.log.info('leads_purged', purged)
    },
  })
