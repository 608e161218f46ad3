import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Database } from '../server/db/database.ts'
import { applyContactLimits } from '../server/db/contact-limits.ts'
import { applyMigrations } from '../server/db/migrate.ts'
import { openPgliteDatabase } from '../server/db/pglite.ts'
import { openPostgresDatabase } from '../server/db/postgres.ts'
import { ensureSupabaseRoles } from '../server/db/supabase-roles.ts'

/** Opens the store the server would (PGlite in a fresh folder, or DATABASE_URL), migrated. */
export async function openBenchDatabase(
  env: Record<string, string>,
): Promise<{ db: Database; dispose: () => Promise<void> }> {
  const dataDir = env.DATABASE_URL ? undefined : await mkdtemp(path.join(tmpdir(), 'bench-db-'))
  const db: Database = env.DATABASE_URL
    ? await openPostgresDatabase(env.DATABASE_URL)
    : await openPgliteDatabase(path.join(dataDir ?? '', 'pglite'))
  await ensureSupabaseRoles(db)
  await applyMigrations(db)
  // As the benchmark's server runs: these inserts come from no known address, and the shared
  // cap for those would refuse all but the first 60 in ten minutes.
  await applyContactLimits(db, { RATE_LIMIT_UNKNOWN_ADDRESSES: 2_000_000_000 })
  return {
    db,
    dispose: async () => {
      await db.close()
      if (dataDir) await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The same insert the REST route runs (one transaction, anon role, request settings,
 * json_to_recordset), issued back to back for `seconds`; returns how many were made.
 */
export async function insertFor(db: Database, seconds: number): Promise<number> {
  let done = 0
  const deadline = performance.now() + seconds * 1000
  while (performance.now() < deadline) {
    const n = done + 1
    const row = {
      name: `Direto ${n}`,
      email: `direto${n}@example.com`,
      company: null,
      message: `Inserção direta ${n}.`,
    }
    await db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', 'anon', true),
                set_config('request.jwt.claims', '{"role":"anon"}', true),
                set_config('request.method', 'POST', true),
                set_config('request.path', '/rest/v1/contact_submissions', true),
                set_config('request.headers', '{}', true),
                set_config('statement_timeout', '5000', true)`,
      )
      await tx.query(
        `insert into public.contact_submissions (name, email, company, message)
         select name, email, company, message from json_to_recordset($1::json)
         as _(name text, email text, company text, message text)`,
        [JSON.stringify([row])],
      )
    })
    done++
  }
  return done
}

/** The ceiling the HTTP path is compared against: the same inserts with no HTTP in between. */
export async function directInsertsPerSecond(
  env: Record<string, string>,
  seconds: number,
): Promise<number> {
  const { db, dispose } = await openBenchDatabase(env)
  try {
    return (await insertFor(db, seconds)) / seconds
  } finally {
    await dispose()
  }
}
