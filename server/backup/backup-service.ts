import { rm } from 'node:fs/promises'
import { Transform, type Readable } from 'node:stream'
import type { Database } from '../db/database.ts'
import { takingTurns } from '../db/take-turns.ts'
import type { Logger } from '../log.ts'
import { finishRun, startRun } from './backup-runs.ts'
import { runExporter, type ExportSource } from './export-process.ts'
import { snapshotPglite } from './pglite-snapshot.ts'

export interface BackupServiceDeps {
  db: Database
  dataDir: string
  databaseUrl: string | undefined
  log: Logger
}

/** What an exporter that wrote a file prints: see server/backup-command.ts. */
export interface WrittenSummary {
  file: string
  bytes: number
  leads: number
}

export interface BackupService {
  /**
   * A backup's bytes as they are made, for `npm run backup` asking this server (the command
   * checks the whole file once it has it). `done` settles when the export has finished.
   */
  stream(): Promise<{ body: Readable; done: Promise<void> }>
  /** A backup written, flushed and checked as `file` (the daily schedule). */
  toFile(file: string): Promise<WrittenSummary>
  /** Waits for a backup in progress. */
  stop(): Promise<void>
}

/**
 * The backups this server makes. One at a time (PGlite's one session can hold one online
 * backup, and two would only compete for the disk): the export runs in a process of its own,
 * from a copy of the PGlite folder or straight from PostgreSQL, so the server keeps serving.
 */
export const createBackupService = (deps: BackupServiceDeps): BackupService => {
  const oneAtATime = takingTurns()
  let last: Promise<unknown> = Promise.resolve()

  /** Runs `work` on a source that stays valid until it resolves. */
  const withSource = <T>(work: (source: ExportSource) => Promise<T>): Promise<T> => {
    const run = oneAtATime(async () => {
      if (deps.databaseUrl) return work({ databaseUrl: deps.databaseUrl })
      const snapshot = await snapshotPglite(deps.db, deps.dataDir)
      deps.log.info('backup_snapshot', {
        checkpoint_ms: snapshot.ms.checkpoint,
        files_ms: snapshot.ms.files,
        wal_ms: snapshot.ms.wal,
      })
      try {
        return await work({ snapshotDir: snapshot.dir })
      } finally {
        await rm(snapshot.dir, { recursive: true, force: true })
      }
    })
    last = run.catch(() => undefined)
    return run
  }

  return {
    async stream() {
      const id = await startRun(deps.db, 'comando')
      let bytes = 0
      const body = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length
          callback(null, chunk)
        },
      })
      let started: () => void = () => {}
      const exporting = new Promise<void>((resolve) => (started = resolve))
      const finished = withSource(async (source) => {
        const run = runExporter(source)
        // A caller gone before the end must not leave the exporter blocked on a full pipe.
        body.once('close', () => {
          if (!body.writableFinished) run.kill()
        })
        run.stdout.pipe(body)
        started()
        await run.done
      })
      const done = finished.then(
        async () => {
          await finishRun(deps.db, id, { ok: true, bytes })
          deps.log.info('backup_sent', { bytes })
        },
        async (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error)
          body.destroy(new Error(message))
          await finishRun(deps.db, id, { ok: false, error: message }).catch(() => undefined)
          deps.log.error('backup_failed', { via: 'comando', error: message })
          throw error
        },
      )
      done.catch(() => undefined)
      // A copy that failed before the export began is the caller's error (500), not a body.
      await Promise.race([exporting, finished])
      return { body, done }
    },
    toFile: (file) =>
      withSource(async (source) => {
        const printed = await runExporter(source, file).done
        return JSON.parse(printed) as WrittenSummary
      }),
    async stop() {
      await last
    },
  }
}
