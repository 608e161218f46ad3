import { readdir } from 'node:fs/promises'
import type { Queryable } from '../db/database.ts'
import { MIGRATIONS_DIR } from '../paths.ts'

/** The migration files this version of the site has, in the order they are applied. */
export const knownMigrations = async (dir = MIGRATIONS_DIR): Promise<string[]> =>
  (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()

/**
 * The migrations a database has applied: the schema's version. The Node server records them by
 * file name (app_private.app_migrations); the Supabase CLI by the file name's timestamp
 * (supabase_migrations.schema_migrations), which is matched with this version's files so a
 * backup of a hosted project restores here too. An unmatched timestamp stays as it is: a
 * restore then says the backup is newer than this version.
 */
export const readAppliedMigrations = async (
  db: Queryable,
  dir = MIGRATIONS_DIR,
): Promise<string[]> => {
  const { rows } = await db.query<{ node: boolean; supabase: boolean }>(
    `select to_regclass('app_private.app_migrations') is not null as node,
            to_regclass('supabase_migrations.schema_migrations') is not null as supabase`,
  )
  if (rows[0]?.node) {
    const applied = await db.query<{ name: string }>(
      'select name from app_private.app_migrations order by name',
    )
    return applied.rows.map((row) => row.name)
  }
  if (rows[0]?.supabase) {
    const files = await knownMigrations(dir)
    const versions = await db.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    )
    return versions.rows.map(
      ({ version }) => files.find((file) => file.startsWith(`${version}_`)) ?? version,
    )
  }
  return []
}
