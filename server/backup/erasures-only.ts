import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Database } from '../db/database.ts'
import { openPgliteDatabase } from '../db/pglite.ts'
import { openPostgresDatabase } from '../db/postgres.ts'
import type { Settings } from '../settings.ts'
import type { BackupTrust } from './backup-format.ts'
import { mergeErasures, readErasuresOfBackup } from './erasure-records.ts'
import { lockDataDir } from './open-for-backup.ts'

const apply = async (db: Database, file: string, trust: BackupTrust) => {
  const records = await readErasuresOfBackup(file, trust)
  const erased = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ ready: boolean }>(
      "select to_regprocedure('private.reapply_erasures(text)') is not null as ready",
    )
    if (!rows[0]?.ready) {
      throw new Error(
        'This database does not keep erasures yet: start the server on it once (it applies the migrations), then run this again.',
      )
    }
    await mergeErasures(tx, records)
    const result = await tx.query<{ erased: number }>('select private.reapply_erasures() as erased')
    return result.rows[0]?.erased ?? 0
  })
  // As erasure does (decision 011): the rows' bytes leave the pages.
  await db.query('vacuum').catch(() => undefined)
  return erased
}

/**
 * A backup's erasures applied to the database as it is, and nothing else: after a database
 * was brought back by other means (hosted Supabase's daily backups or point-in-time recovery,
 * a copy of the folder), from the newest backup, whose erasures it may lack.
 */
export const applyErasuresOnly = async (
  settings: Settings,
  file: string,
  trust: BackupTrust,
): Promise<number> => {
  if (settings.databaseUrl) {
    const db = await openPostgresDatabase(settings.databaseUrl)
    try {
      return await apply(db, file, trust)
    } finally {
      await db.close()
    }
  }
  const folder = path.join(settings.dataDir, 'pglite')
  if (!existsSync(path.join(folder, 'PG_VERSION'))) throw new Error(`No database in ${folder}.`)
  const lock = await lockDataDir(settings.dataDir)
  try {
    const db = await openPgliteDatabase(folder)
    try {
      return await apply(db, file, trust)
    } finally {
      await db.close()
    }
  } finally {
    await lock.release()
  }
}
