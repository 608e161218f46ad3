import { readFile } from 'node:fs/promises'
import { setNodeClientAddressHeader } from '../../server/db/client-address-source.ts'
import type { Database } from '../../server/db/database.ts'
import { applyMigrations } from '../../server/db/migrate.ts'
import { openPgliteDatabase } from '../../server/db/pglite.ts'
import { ensureSupabaseRoles } from '../../server/db/supabase-roles.ts'
import { DumpBlob } from './blank-pglite.ts'

/** The dump's bytes, read once per test worker (a new template has a new path). */
const dumps = new Map<string, Promise<Uint8Array>>()

/** The run's migrated template, dumped (pglite-template.ts); undefined outside Vitest. */
export const templateDump = async (): Promise<Blob | undefined> => {
  const dump = process.env.PGLITE_TEMPLATE_DUMP
  if (!dump) return undefined
  let bytes = dumps.get(dump)
  if (!bytes) {
    bytes = readFile(dump)
    dumps.set(dump, bytes)
  }
  return new DumpBlob(await bytes)
}

/**
 * An in-memory PGlite with the real roles and migrations, read by the client address as the
 * Node server has it read: loaded from the run's template (pglite-template.ts) when there is
 * one. Costly (~1 s loaded, 3–8 s made, ~0.85 GB): one per file.
 */
export const createTestDatabase = async (): Promise<Database> => {
  const db = await openPgliteDatabase(undefined, await templateDump())
  await ensureSupabaseRoles(db)
  await applyMigrations(db)
  await setNodeClientAddressHeader(db)
  return db
}
