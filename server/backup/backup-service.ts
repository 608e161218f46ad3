import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import type { Database } from '../db/database.ts'
import { createSerialQueue } from '../db/serial-queue.ts'
import type { Logger } from '../log.ts'
import type { BackupKey } from './backup-key.ts'
import { finishRun, startRun } from './backup-runs.ts'
import { runExporter, type ExportRun } from './export-process.ts'
import { removeLeftoverSnapshots, SNAPSHOT_PREFIX } from './pglite-snapshot.ts'

export interface BackupServiceDeps {
  db: Database
  dataDir: string
  databaseUrl: string | undefined
  log: Logger
  /** What every backup is signed with (BACKUP_KEY or DATA_DIR/backup-key). */
  key: BackupKey
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
  /** Ends a backup in progress (recorded as failed) and waits for it: the server is stopping. */
  stop(): Promise<void>
}

/**
 * The backups this server makes. One at a time (PGlite's one session can hold one online
 * backup, and two would only compete for the disk): the export runs in a process of its own,
 * from a copy of the PGlite folder or straight from PostgreSQL, so the server keeps serving.
 */
export const createBackupService = (deps: BackupServiceDeps): BackupService => {
  const oneAtATime = createSerialQueue()
  let last: Promise<unknown> = Promise.resolve()
  let current: ExportRun | undefined
  let stopping = false

  /**
   * PGlite: the server's part of the online backup (pglite-snapshot.ts). The exporter copies
   * the files between pg_backup_start and pg_backup_stop, which always runs, whatever happens
   * to the exporter, so the session never stays in a backup.
   */
  const startPgliteExport = async (file: string | undefined) => {
    const into = path.join(deps.dataDir, `${SNAPSHOT_PREFIX}${randomBytes(6).toString('hex')}`)
    const since = (started: number) => Math.round(performance.now() - started)
    let started = performance.now()
    await deps.db.query('select pg_backup_start($1, true)', [path.basename(into)])
    const checkpoint = since(started)
    started = performance.now()
    const stop = async () => {
      const { rows } = await deps.db.query<{ labelfile: string }>(
        'select labelfile from pg_backup_stop(false)',
      )
      return rows[0]?.labelfile ?? ''
    }
    const abandon = async (run: ExportRun | undefined, error: unknown): Promise<never> => {
      run?.kill('The backup was abandoned.')
      await run?.done.catch(() => undefined)
      throw error
    }
    let run: ExportRun | undefined
    try {
      run = runExporter({ pglite: path.join(deps.dataDir, 'pglite'), into }, deps.key, file)
      await run.copied
    } catch (error) {
      await stop().catch(() => undefined)
      return abandon(run, error)
    }
    const label = await stop().catch((error: unknown) => abandon(run, error))
    run.sendLabel(label)
    deps.log.info('backup_snapshot', { checkpoint_ms: checkpoint, files_ms: since(started) })
    return run
  }

  /** Runs `use` on an exporter, one backup at a time, and removes the PGlite copy after. */
  const withExporter = <T>(file: string | undefined, use: (run: ExportRun) => Promise<T>) => {
    const result = oneAtATime(async () => {
      if (stopping) throw new Error('The server is stopping.')
      const using = async (run: ExportRun) => {
        current = run
        try {
          return await use(run)
        } finally {
          current = undefined
        }
      }
      if (deps.databaseUrl) {
        return using(runExporter({ databaseUrl: deps.databaseUrl }, deps.key, file))
      }
      try {
        return await using(await startPgliteExport(file))
      } finally {
        // The exporter's copy, complete or not (one backup at a time: no other one's).
        await removeLeftoverSnapshots(deps.dataDir)
      }
    })
    last = result.catch(() => undefined)
    return result
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
      const finished = withExporter(undefined, async (run) => {
        // A caller gone before the end must not leave the exporter blocked on a full pipe.
        body.once('close', () => {
          if (!body.writableFinished)
            run.kill('Whoever asked for the backup went away before its end.')
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
      // Stopping waits for the record too: the database closes after.
      last = done.catch(() => undefined)
      // A copy that failed before the export began is the caller's error (500), not a body.
      await Promise.race([exporting, finished])
      return { body, done }
    },
    toFile: (file) =>
      withExporter(file, async (run) => JSON.parse(await run.done) as WrittenSummary),
    async stop() {
      stopping = true
      current?.kill('The server stopped during the backup.')
      await last
    },
  }
}
