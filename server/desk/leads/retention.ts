import type { Database } from '../../db/database.ts'
import type { Logger } from '../../log.ts'
import { purgeOutboxMail } from './outbox-files.ts'

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

/** One purge: old leads in the database (with an audit line), then old outbox copies. */
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
  const outboxFiles = await purgeOutboxMail(deps.outboxDir, cutOff)
  await deps.db.query('select private.desk_housekeeping()')
  return { leads, outboxFiles }
}

/**
 * Purges once shortly after start, then every intervalMs (a day); stop() waits for a run in
 * progress. Only counts are logged.
 */
export const startRetentionPurge = (deps: RetentionDeps, days: number, intervalMs: number) => {
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    running = purgeExpiredLeads(deps, days).then(
      (purged) => {
        if (purged.leads > 0 || purged.outboxFiles > 0) deps.log.info('leads_purged', purged)
      },
      (error: unknown) =>
        deps.log.error('leads_purge_failed', {
          message: error instanceof Error ? error.message : 'unknown',
        }),
    )
  }
  const first = setTimeout(run, 5_000)
  const timer = setInterval(run, intervalMs)
  first.unref()
  timer.unref()
  return {
    async stop() {
      clearTimeout(first)
      clearInterval(timer)
      await running
    },
  }
}
