import { setNodeClientAddressHeader } from '../../server/db/client-address-source.ts'
import type { Database } from '../../server/db/database.ts'
import { applyMigrations } from '../../server/db/migrate.ts'
import { openPgliteDatabase } from '../../server/db/pglite.ts'
import { ensureSupabaseRoles } from '../../server/db/supabase-roles.ts'

/**
 * An in-memory PGlite with the real roles and migrations, read by the client address as the
 * Node server has it read. Costly (~2 s, ~0.85 GB): one per file.
 */
export const createTestDatabase = async (): Promise<Database> => {
  const db = await openPgliteDatabase()
  await ensureSupabaseRoles(db)
  await applyMigrations(db)
  await setNodeClientAddressHeader(db)
  return db
}
