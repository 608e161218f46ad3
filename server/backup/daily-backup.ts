import { execFile } from 'node:child_process'
import { chmod, mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Database } from '../db/database.ts'
import { PRIVATE_FOLDER_MODE } from '../db/data-folder.ts'
import { startRepeatingJob } from '../jobs/repeating-job.ts'
import type { Logger } from '../log.ts'
import { claimScheduledRun, finishRun, type RunOutcome } from './backup-runs.ts'
import { backupIsDue } from './backup-schedule.ts'
import type { BackupService } from './backup-service.ts'
import type { BackupSettings } from './backup-settings.ts'

/** backup-2026-11-28T060000Z.backup: sorts by time, and only such names are ever deleted. */
const NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.backup$/

export const backupFileName = (at: Date) =>
  `backup-${at.toISOString().slice(0, 19).replaceAll(':', '')}Z.backup`

/** The folder, owner-only: created 0700, or closed if an earlier setup left it open. */
const prepareFolder = async (dir: string, log: Logger) => {
  const found = await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE })
    .then(() => stat(dir))
    .catch((error: unknown) => {
      throw new Error(`BACKUP_DIR ${dir} cannot be used: ${(error as Error).message}`)
    })
  if ((found.mode & 0o077) !== 0) {
    await chmod(dir, PRIVATE_FOLDER_MODE)
    log.info('backup_folder_tightened', { path: dir, was: (found.mode & 0o777).toString(8) })
  }
}

/** Keeps the newest `keep` backups of the schedule's own names; returns the names deleted. */
export const pruneBackups = async (dir: string, keep: number): Promise<string[]> => {
  const names = (await readdir(dir)).filter((name) => NAME.test(name)).sort()
  const old = names.slice(0, Math.max(0, names.length - keep))
  for (const name of old) await rm(path.join(dir, name), { force: true })
  return old
}

/** Files a backup that died half-way left (the schedule's temporary names). */
const removePartials = async (dir: string) => {
  const names = await readdir(dir).catch(() => [] as string[])
  for (const name of names.filter((entry) => /^\.backup-.*\.partial-[0-9a-f]+$/.test(entry))) {
    await rm(path.join(dir, name), { force: true })
  }
}

/**
 * BACKUP_AFTER_COMMAND, run by /bin/sh with the new file as "$1" (never pasted into the
 * command, so no file name can become shell code), in the backups' folder.
 */
const runAfterCommand = (command: string, file: string, timeoutMs: number) =>
  new Promise<void>((resolve, reject) => {
    execFile(
      '/bin/sh',
      ['-c', command, 'backup-after', file],
      { cwd: path.dirname(file), timeout: timeoutMs, maxBuffer: 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (!error) return resolve()
        const said = stderr.trim().split('\n').slice(-3).join(' ')
        const how = error.killed ? `stopped after ${timeoutMs / 1000} s` : `exit ${error.code}`
        reject(new Error(`BACKUP_AFTER_COMMAND failed (${how})${said ? `: ${said}` : ''}`))
      },
    )
  })

export interface DailyBackupDeps {
  db: Database
  service: BackupService
  settings: BackupSettings
  /** The company's time zone: the backup hour is on its clock. */
  timeZone: string
  log: Logger
  now?: () => Date
}

/**
 * One look at the schedule: if the day's backup is due and this server wins it, writes it,
 * keeps the newest BACKUP_KEEP, runs BACKUP_AFTER_COMMAND, and records how it went in
 * private.backup_runs (what the desk and the alerts read) and in the log. Returns the outcome,
 * or undefined when nothing was due.
 */
export const checkDailyBackup = async (deps: DailyBackupDeps): Promise<RunOutcome | undefined> => {
  const { db, settings, log } = deps
  const now = deps.now ?? (() => new Date())
  const id = await claimScheduledRun(db, (facts) =>
    backupIsDue(facts, now(), settings.hour, deps.timeZone),
  )
  if (id === undefined) return undefined
  let outcome: RunOutcome
  try {
    await prepareFolder(settings.dir, log)
    await removePartials(settings.dir)
    const file = path.join(settings.dir, backupFileName(now()))
    const written = await deps.service.toFile(file)
    const pruned = await pruneBackups(settings.dir, settings.keep)
    outcome = { ok: true, file: path.basename(file), bytes: written.bytes, leads: written.leads }
    log.info('backup_written', {
      file,
      bytes: written.bytes,
      leads: written.leads,
      deleted: pruned.length,
    })
    if (settings.afterCommand) {
      try {
        await runAfterCommand(settings.afterCommand, file, settings.afterCommandTimeoutMs)
        outcome.copied = true
        log.info('backup_copied', { file })
      } catch (error) {
        outcome.copied = false
        outcome.error = (error as Error).message
        log.error('backup_copy_failed', { file, error: outcome.error })
      }
    }
  } catch (error) {
    outcome = { ok: false, error: error instanceof Error ? error.message : String(error) }
    log.error('backup_failed', { via: 'agenda', error: outcome.error })
  }
  await finishRun(db, id, outcome)
  return outcome
}

/**
 * Looks at the schedule every few minutes (the first time shortly after start) while the
 * server runs; stop() waits for a backup in progress.
 */
export const startDailyBackup = (deps: DailyBackupDeps, intervalMs: number) =>
  startRepeatingJob({
    name: 'backup_check',
    firstAfterMs: Math.min(intervalMs, 10_000),
    everyMs: intervalMs,
    log: deps.log,
    run: () => checkDailyBackup(deps),
  })
