import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Writable } from 'node:stream'
import type { Database } from '../db/database.ts'
import { acquireDataDirLock, type DataDirLock } from '../db/lock.ts'
import { openPgliteDatabase } from '../db/pglite.ts'
import { openPostgresDatabase } from '../db/postgres.ts'
import type { BackupHeader } from './backup-format.ts'
import { createBackupWriter } from './backup-writer.ts'
import type { BackupKey } from './backup-key.ts'
import { exportDatabase } from './export-database.ts'

/** Exports a database into `out`, signed with `key`, then closes it. */
const exportAndClose = async (
  db: Database,
  out: Writable,
  source: BackupHeader['source'],
  key: BackupKey,
) => {
  try {
    return await exportDatabase(db, createBackupWriter(out, key), source)
  } finally {
    await db.close()
  }
}

/** A PGlite folder nobody else uses: a server's copy (the lock is its own) or one under lock. */
export const exportPgliteFolder = async (folder: string, out: Writable, key: BackupKey) => {
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new Error(`No database in ${folder}.`)
  }
  return exportAndClose(await openPgliteDatabase(folder), out, 'pglite', key)
}

export const exportPostgres = async (url: string, out: Writable, key: BackupKey) =>
  exportAndClose(await openPostgresDatabase(url), out, 'postgresql', key)

/**
 * DATA_DIR's folder when no server runs on it: taken under the server's own lock, so a server
 * starting meanwhile waits, and one already running is named in the refusal.
 */
export const lockDataDir = (dataDir: string): Promise<DataDirLock> =>
  acquireDataDirLock(dataDir, {
    onWait: (message) => process.stderr.write(`${message}\n`),
    onLost: (reason) => {
      process.stderr.write(`${reason}\n`)
      process.exit(1)
    },
  })
