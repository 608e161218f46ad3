import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { MIGRATIONS_DIR } from '../paths.ts'
import type { Database } from './database.ts'

const CREATE_LEDGER = `
create schema if not exists app_private;
create table if not exists app_private.app_migrations (
  name text primary key,
  applied_at timestamptz not null default now()
);
`

/**
 * Applies every supabase/migrations/*.sql not yet recorded, in name order, each in its own
 * transaction together with its ledger row, so a failed migration leaves no trace and is
 * retried on the next start. Returns the names applied now.
 */
export const applyMigrations = async (db: Database, dir = MIGRATIONS_DIR): Promise<string[]> => {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7242002)')
    await tx.exec(CREATE_LEDGER)
  })
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()
  const applied: string[] = []
  for (const name of names) {
    const sql = await readFile(path.join(dir, name), 'utf8')
    const ran = await db.transaction(async (tx) => {
      // Several servers on one PostgreSQL may start together: one applies, the others wait.
      await tx.query('select pg_advisory_xact_lock(7242002)')
      const done = await tx.query('select 1 from app_private.app_migrations where name = $1', [
        name,
      ])
      if (done.rows.length > 0) return false
      await tx.exec(sql)
      await tx.query('insert into app_private.app_migrations (name) values ($1)', [name])
      return true
    })
    if (ran) applied.push(name)
  }
  return applied
}
