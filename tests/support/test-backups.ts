import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { createBackupWriter } from '../../server/backup/backup-format.ts'
import { exportDatabase } from '../../server/backup/export-database.ts'
import type { Database } from '../../server/db/database.ts'

/**
 * A backup of `db` written to `file` (0600) as `npm run backup` writes one, in this process:
 * for tests that need many backups of a database they shape between them.
 */
export const exportBackupFile = async (db: Database, file: string) => {
  const out = createWriteStream(file, { mode: 0o600 })
  const closed = once(out, 'close')
  const header = await exportDatabase(db, createBackupWriter(out), 'pglite')
  await closed
  return header
}
