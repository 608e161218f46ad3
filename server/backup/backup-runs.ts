import { hostname } from 'node:os'
import type { Database, Queryable } from '../db/database.ts'

/** Who runs a backup, in the record: which machine and process. */
export const RUNNER = `${hostname()} pid ${process.pid}`

/** A scheduled run not finished within this long is taken as failed (its server died). */
export const RUN_LEASE_MINUTES = 120

export type RunVia = 'agenda' | 'comando'

export interface RunOutcome {
  ok: boolean
  file?: string
  bytes?: number
  leads?: number
  /** Whether BACKUP_AFTER_COMMAND copied it; undefined when there is none. */
  copied?: boolean
  error?: string
}

/** The facts the schedule decides on (backup-schedule.ts). */
export interface ScheduleFacts {
  firstCheckedAt: Date
  lastSuccessAt: Date | undefined
  lastAttemptAt: Date | undefined
  running: boolean
}

/** Runs left unfinished by a server that died are recorded as failed, once their lease ends. */
const closeAbandonedRuns = (tx: Queryable) =>
  tx.query(
    `update private.backup_runs
        set finished_at = now(), ok = false,
            error = 'The server running it stopped before it finished.'
      where ok is null and claimed_until < now()`,
  )

export const readScheduleFacts = async (tx: Queryable): Promise<ScheduleFacts> => {
  await tx.query('insert into private.backup_schedule default values on conflict do nothing')
  await closeAbandonedRuns(tx)
  const { rows } = await tx.query<{
    first_checked_at: Date
    last_success_at: Date | null
    last_attempt_at: Date | null
    running: boolean
  }>(
    `select s.first_checked_at,
            (select max(finished_at) from private.backup_runs where ok) as last_success_at,
            (select max(started_at) from private.backup_runs where via = 'agenda') as last_attempt_at,
            exists(select 1 from private.backup_runs where ok is null and via = 'agenda') as running
       from private.backup_schedule s`,
  )
  const row = rows[0]
  if (!row) throw new Error('private.backup_schedule has no row')
  return {
    firstCheckedAt: new Date(row.first_checked_at),
    lastSuccessAt: row.last_success_at ? new Date(row.last_success_at) : undefined,
    lastAttemptAt: row.last_attempt_at ? new Date(row.last_attempt_at) : undefined,
    running: row.running,
  }
}

/**
 * Starts the day's scheduled backup if `isDue` says so, under a lock, so of several servers on
 * one PostgreSQL exactly one takes it. Returns the run's id, or undefined when not due.
 */
export const claimScheduledRun = (
  db: Database,
  isDue: (facts: ScheduleFacts) => boolean,
): Promise<number | undefined> =>
  db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7242050)')
    if (!isDue(await readScheduleFacts(tx))) return undefined
    const { rows } = await tx.query<{ id: number }>(
      `insert into private.backup_runs (via, runner, claimed_until)
       values ('agenda', $1, now() + make_interval(mins => $2)) returning id`,
      [RUNNER, RUN_LEASE_MINUTES],
    )
    return rows[0]?.id
  })

/** A run asked for by a command: recorded as it starts. */
export const startRun = async (db: Database, via: RunVia): Promise<number> => {
  const { rows } = await db.query<{ id: number }>(
    `insert into private.backup_runs (via, runner, claimed_until)
     values ($1, $2, now() + make_interval(mins => $3)) returning id`,
    [via, RUNNER, RUN_LEASE_MINUTES],
  )
  const id = rows[0]?.id
  if (id === undefined) throw new Error('no backup run recorded')
  return id
}

export const finishRun = async (db: Database, id: number, outcome: RunOutcome) => {
  await db.query(
    `update private.backup_runs
        set finished_at = now(), ok = $2, file = $3, bytes = $4, leads = $5, copied = $6,
            error = left($7, 2000), claimed_until = null
      where id = $1`,
    [
      id,
      outcome.ok,
      outcome.file ?? null,
      outcome.bytes ?? null,
      outcome.leads ?? null,
      outcome.copied ?? null,
      outcome.error ?? null,
    ],
  )
  // The record is for the desk and the alerts, not an archive: a year of daily runs at most.
  await db.query("delete from private.backup_runs where started_at < now() - interval '400 days'")
}

/** A run made elsewhere (`npm run backup` reading PostgreSQL itself), recorded once it ended. */
export const recordFinishedRun = async (
  db: Database,
  startedAt: Date,
  outcome: RunOutcome,
): Promise<void> => {
  await db.query(
    `insert into private.backup_runs (via, runner, started_at, finished_at, ok, file, bytes, leads, error)
     values ('comando', $1, $2, now(), $3, $4, $5, $6, left($7, 2000))`,
    [
      RUNNER,
      startedAt,
      outcome.ok,
      outcome.file ?? null,
      outcome.bytes ?? null,
      outcome.leads ?? null,
      outcome.error ?? null,
    ],
  )
}
