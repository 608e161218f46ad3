import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Database } from '../../../db/database.ts'
import { acquireDataDirLock } from '../../../db/lock.ts'
import { applyMigrations } from '../../../db/migrate.ts'
import { openPgliteDatabase } from '../../../db/pglite.ts'
import { openPostgresDatabase } from '../../../db/postgres.ts'
import { ensureSupabaseRoles } from '../../../db/supabase-roles.ts'
import type { Settings } from '../../../settings.ts'

export interface DirectStore {
  db: Database
  outboxDir: string
  close(): Promise<void>
}

/**
 * The database itself. On PostgreSQL (DATABASE_URL) any number of processes may work at once,
 * and the schema is not touched: it belongs to the server or to `supabase db push`. A PGlite
 * folder is opened only when no server holds it (the same lock the server takes), and brought
 * up to date the way the server would.
 */
export const openDirectStore = async (settings: Settings): Promise<DirectStore> => {
  const outboxDir = path.join(settings.dataDir, 'outbox')
  if (settings.databaseUrl) {
    const db = await openPostgresDatabase(settings.databaseUrl)
    const { rows } = await db.query<{ ready: boolean }>(
      "select to_regprocedure('private.erase_leads_by_email(text, text)') is not null as ready",
    )
    if (!rows[0]?.ready) {
      await db.close()
      throw new Error(
        'This database lacks the lead desk migration (20261122000300_lead_desk.sql): start the server once, or apply supabase/migrations.',
      )
    }
    return { db, outboxDir, close: () => db.close() }
  }
  const folder = path.join(settings.dataDir, 'pglite')
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new Error(
      `No database in ${folder}: the server has not run with DATA_DIR=${settings.dataDir}.`,
    )
  }
  const lock = await acquireDataDirLock(settings.dataDir, {
    onWait: (message) => process.stderr.write(`${message}\n`),
    onLost: (reason) => {
      process.stderr.write(`${reason}\n`)
      process.exit(1)
    },
  }).catch((error: unknown) => {
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\nIf that server is running, pass its address: --server http://HOST:PORT`,
    )
  })
  try {
    const db = await openPgliteDatabase(folder)
    await ensureSupabaseRoles(db)
    await applyMigrations(db)
    return {
      db,
      outboxDir,
      close: async () => {
        await db.close()
        await lock.release()
      },
    }
  } catch (error) {
    await lock.release()
    throw error
  }
}
