import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { applyMigrations } from '../../server/db/migrate.ts'
import { openPgliteDatabase } from '../../server/db/pglite.ts'
import { ensureSupabaseRoles } from '../../server/db/supabase-roles.ts'
import { TEST_INITDB_PARAMS } from './blank-pglite.ts'

/**
 * Vitest's global setup for the suites that start databases: one PGlite folder with Supabase's
 * roles and every migration, made once per run. Each server's new data folder is a copy of it
 * (PGLITE_TEMPLATE_DIR, read by server/db/pglite.ts), and each in-memory test database loads
 * its dump (PGLITE_TEMPLATE_DUMP, tests/support/test-database.ts): initdb and twenty-odd
 * migrations took 3–8 s per database on this machine, a load takes about one. The migrations
 * themselves are still applied to fresh databases by the tests that check them (PostgreSQL 15
 * with `supabase db push`'s order, and the two-servers start).
 */
const makeTemplate = async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'pglite-template-'))
  const folder = path.join(root, 'pglite')
  // initdb here rather than in the child process the server uses (which this runner cannot
  // start): the memory it leaves stays with the test runner, not with any server.
  await mkdir(folder, { mode: 0o700 })
  await (await PGlite.create({ dataDir: folder, initDbStartParams: TEST_INITDB_PARAMS })).close()
  const db = await openPgliteDatabase(folder)
  await ensureSupabaseRoles(db)
  await applyMigrations(db)
  await db.close()
  // The dump is read from the closed folder, so it is exactly what the copies start from.
  const reader = await PGlite.create({ dataDir: folder })
  const dump = path.join(root, 'pglite.tar')
  await writeFile(dump, Buffer.from(await (await reader.dumpDataDir('none')).arrayBuffer()))
  await reader.close()
  return { root, folder, dump }
}

// The projects that list this file in one run (server and integration, say) share one
// template: made by the first, removed after the last.
const shared = globalThis as typeof globalThis & {
  pgliteTemplate?: { made: ReturnType<typeof makeTemplate>; users: number }
}

export default async function setup(): Promise<() => Promise<void>> {
  shared.pgliteTemplate ??= { made: makeTemplate(), users: 0 }
  const template = shared.pgliteTemplate
  template.users += 1
  const { root, folder, dump } = await template.made
  process.env.PGLITE_TEMPLATE_DIR = folder
  process.env.PGLITE_TEMPLATE_DUMP = dump
  return async () => {
    template.users -= 1
    if (template.users > 0) return
    shared.pgliteTemplate = undefined
    delete process.env.PGLITE_TEMPLATE_DIR
    delete process.env.PGLITE_TEMPLATE_DUMP
    await rm(root, { recursive: true, force: true })
  }
}
