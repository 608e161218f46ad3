import { randomBytes } from 'node:crypto'
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Database } from '../db/database.ts'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../db/data-folder.ts'

/** Copies of the folder in progress, inside DATA_DIR (owner-only like it); see snapshotPglite. */
export const SNAPSHOT_PREFIX = 'backup-snapshot-'

/** What PostgreSQL's own base backups leave out: this process's files, recreated at start. */
const SKIPPED = new Set(['postmaster.pid', 'postmaster.opts', 'pg_wal'])

const vanished = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

/**
 * Copies a folder PostgreSQL is writing to, file by file. A file deleted meanwhile is skipped,
 * as pg_basebackup skips it: the WAL replayed on opening the copy says what became of it.
 */
const copyTree = async (from: string, to: string, skip: (name: string) => boolean) => {
  await mkdir(to, { recursive: true, mode: PRIVATE_FOLDER_MODE })
  const entries = await readdir(from, { withFileTypes: true }).catch((error: unknown) => {
    if (vanished(error)) return []
    throw error
  })
  for (const entry of entries) {
    if (skip(entry.name)) continue
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    if (entry.isDirectory()) {
      await copyTree(source, target, () => false)
    } else if (entry.isFile()) {
      await copyFile(source, target).catch((error: unknown) => {
        if (!vanished(error)) throw error
      })
    }
  }
}

/** The WAL segment the backup starts in, from the label pg_backup_stop hands back. */
const firstSegment = (label: string) =>
  /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(label)?.[1]

/**
 * A consistent copy of a PGlite folder in use, taken while visitors keep writing: PostgreSQL's
 * own online backup, the way pg_basebackup takes one. pg_backup_start checkpoints and from then
 * logs whole pages; the files are copied (torn or stale pages included, it does not matter);
 * pg_backup_stop marks the end; then the WAL from the start on is copied, and the label that
 * tells PostgreSQL to replay it up to that end when the copy is first opened. The server
 * serves visitors throughout: only the checkpoint holds them, for as long as it writes the
 * pages changed since the last one (the shared buffers are 16 MB).
 *
 * PGlite has one session, so two backups must not overlap: the caller runs one at a time.
 * Returns the copy's folder, inside `dataDir`, which the caller removes.
 */
export interface Snapshot {
  dir: string
  /** How long each step took: the checkpoint is the only one visitors wait for. */
  ms: { checkpoint: number; files: number; wal: number }
}

export const snapshotPglite = async (db: Database, dataDir: string): Promise<Snapshot> => {
  const pgliteDir = path.join(dataDir, 'pglite')
  const into = path.join(dataDir, `${SNAPSHOT_PREFIX}${randomBytes(6).toString('hex')}`)
  await mkdir(into, { mode: PRIVATE_FOLDER_MODE })
  const since = (started: number) => Math.round(performance.now() - started)
  try {
    let started = performance.now()
    await db.query('select pg_backup_start($1, true)', [path.basename(into)])
    const checkpoint = since(started)
    started = performance.now()
    let label: string
    try {
      await copyTree(pgliteDir, into, (name) => SKIPPED.has(name))
    } finally {
      const stopped = await db.query<{ labelfile: string }>(
        'select labelfile from pg_backup_stop(false)',
      )
      label = stopped.rows[0]?.labelfile ?? ''
    }
    const files = since(started)
    started = performance.now()
    const start = firstSegment(label)
    if (!start) throw new Error('pg_backup_stop gave no start segment')
    await copyTree(
      path.join(pgliteDir, 'pg_wal'),
      path.join(into, 'pg_wal'),
      (name) => /^[0-9A-F]{24}$/.test(name) && name < start,
    )
    await writeFile(path.join(into, 'backup_label'), label, { mode: PRIVATE_FILE_MODE })
    return { dir: into, ms: { checkpoint, files, wal: since(started) } }
  } catch (error) {
    await rm(into, { recursive: true, force: true })
    throw error
  }
}

/** Copies left by a server that died while taking one. */
export const removeLeftoverSnapshots = async (dataDir: string) => {
  const names = await readdir(dataDir).catch(() => [] as string[])
  for (const name of names.filter((entry) => entry.startsWith(SNAPSHOT_PREFIX))) {
    await rm(path.join(dataDir, name), { recursive: true, force: true })
  }
}
