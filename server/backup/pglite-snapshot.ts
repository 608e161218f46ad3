import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../db/data-folder.ts'

/**
 * A consistent copy of a PGlite folder in use, taken while visitors keep writing: PostgreSQL's
 * own online backup, the way pg_basebackup takes one, split between the server (which holds the
 * folder's one session) and the low-priority process that exports (export-process.ts):
 *
 * 1. the server runs pg_backup_start: a checkpoint, and from then on whole pages are logged;
 * 2. the exporter copies the files (pages torn by concurrent writes do not matter);
 * 3. the server runs pg_backup_stop, which marks the end and hands back the label;
 * 4. the exporter copies the WAL from the start on and writes the label, which tells
 *    PostgreSQL, when the copy is first opened, to replay the WAL up to that end.
 *
 * The server serves visitors throughout; only the checkpoint holds them, for as long as it
 * writes the pages changed since the last one (the shared buffers are 16 MB). Copying a
 * folder of a quarter of a gigabyte is the exporter's work, at its priority, not the server's.
 */

/** The copies in progress, inside DATA_DIR (owner-only like it); removed once exported. */
export const SNAPSHOT_PREFIX = 'backup-snapshot-'

/** What the exporter tells the server, and the server it (over the process's IPC channel). */
export type SnapshotMessage = { type: 'copied' } | { type: 'label'; label: string }

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

/** Step 2, in the exporter: everything but the WAL, while the backup is under way. */
export const copyDataFiles = (pgliteDir: string, into: string) =>
  copyTree(pgliteDir, into, (name) => SKIPPED.has(name))

/** The WAL segment the backup starts in, from the label pg_backup_stop hands back. */
const firstSegment = (label: string) =>
  /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(label)?.[1]

/** Step 4, in the exporter: the WAL from the backup's start on, and the label. */
export const copyWalAndLabel = async (pgliteDir: string, into: string, label: string) => {
  const start = firstSegment(label)
  if (!start) throw new Error('The backup label names no WAL segment.')
  await copyTree(
    path.join(pgliteDir, 'pg_wal'),
    path.join(into, 'pg_wal'),
    (name) => /^[0-9A-F]{24}$/.test(name) && name < start,
  )
  await writeFile(path.join(into, 'backup_label'), label, { mode: PRIVATE_FILE_MODE })
}

/** Copies left by a server that died while taking one. */
export const removeLeftoverSnapshots = async (dataDir: string) => {
  const names = await readdir(dataDir).catch(() => [] as string[])
  for (const name of names.filter((entry) => entry.startsWith(SNAPSHOT_PREFIX))) {
    await rm(path.join(dataDir, name), { recursive: true, force: true })
  }
}
