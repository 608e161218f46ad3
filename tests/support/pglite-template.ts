import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { applyMigrations } from '../../server/db/migrate.ts'
import { openPgliteDatabase } from '../../server/db/pglite.ts'
import { ensureSupabaseRoles } from '../../server/db/supabase-roles.ts'
import { MIGRATIONS_DIR, ROOT_DIR } from '../../server/paths.ts'
import { dropTemplateDatabases, TEST_INITDB_PARAMS } from './blank-pglite.ts'

/**
 * Vitest's global setup for the suites that start databases: one PGlite folder with Supabase's
 * roles and every migration. Each server's new data folder is a copy of it
 * (PGLITE_TEMPLATE_DIR, read by server/db/pglite.ts), and each in-memory test database loads
 * its dump (PGLITE_TEMPLATE_DUMP, tests/support/test-database.ts): initdb and the migrations
 * took 3–8 s per database on this machine, a load takes about one. The migrations themselves
 * are still applied to fresh databases by the tests that check them (PostgreSQL 15 with
 * `supabase db push`'s order, and the two-servers start).
 *
 * Making it costs about 9 CPU-s, and `npm test` starts the test runner three times: it is kept
 * in node_modules/.cache under a hash of everything that shapes it (the migrations, the code
 * that applies them, PGlite's version, package.json's version), so the same inputs make it
 * once (decision 089). A changed input makes a new one and removes the old.
 */
const CACHE = path.join(ROOT_DIR, 'node_modules', '.cache', 'pglite-template')

const HOUR_MS = 3_600_000

const SHAPED_BY = [
  'package.json',
  'node_modules/@electric-sql/pglite/package.json',
  'server/db/migrate.ts',
  'server/db/pglite.ts',
  'server/db/supabase-roles.ts',
  'tests/support/blank-pglite.ts',
  'tests/support/pglite-template.ts',
]

const inputsHash = async (): Promise<string> => {
  const hash = createHash('sha256')
  const migrations = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql'))
  const files = [
    ...SHAPED_BY.map((file) => path.join(ROOT_DIR, file)),
    ...migrations.sort().map((name) => path.join(MIGRATIONS_DIR, name)),
  ]
  for (const file of files) {
    hash
      .update(path.relative(ROOT_DIR, file))
      .update('\0')
      .update(await readFile(file))
  }
  return hash.digest('hex').slice(0, 16)
}

/** Only the template's own starts: the copies keep PostgreSQL's WAL settings. */
const SMALL_WAL = [...PGlite.defaultStartParams, '-c', 'min_wal_size=2MB', '-c', 'max_wal_size=2MB']

const makeTemplate = async (root: string) => {
  const folder = path.join(root, 'pglite')
  // initdb here rather than in the child process the server uses (which this runner cannot
  // start): the memory it leaves stays with the test runner, not with any server.
  await mkdir(folder, { recursive: true, mode: 0o700 })
  const made = await PGlite.create({ dataDir: folder, initDbStartParams: TEST_INITDB_PARAMS })
  await dropTemplateDatabases(made)
  await made.close()
  const db = await openPgliteDatabase(folder)
  await ensureSupabaseRoles(db)
  await applyMigrations(db)
  await db.close()
  // The migrations leave dead catalog rows (functions defined again and again) and seven WAL
  // segments that every copy and every load would move: compacted, the dump is 12.2 MB instead
  // of 18.9, and a load costs about 0.05 CPU-s less.
  const compact = await PGlite.create({ dataDir: folder, startParams: SMALL_WAL })
  await compact.exec('vacuum full')
  await compact.exec('checkpoint')
  await compact.close()
  // The dump is read from the closed folder, so it is exactly what the copies start from.
  const reader = await PGlite.create({ dataDir: folder, startParams: SMALL_WAL })
  await writeFile(
    path.join(root, 'pglite.tar'),
    Buffer.from(await (await reader.dumpDataDir('none')).arrayBuffer()),
  )
  await reader.close()
}

/**
 * The template for today's inputs, made if missing. Made in a folder of its own and renamed
 * into place, so a runner started beside this one (the two lanes of `npm test`) never reads a
 * half-made one; if both make it, the first rename wins and the other's copy is dropped.
 */
export const pgliteTemplate = async (): Promise<{ folder: string; dump: string }> => {
  const key = await inputsHash()
  const root = path.join(CACHE, key)
  if (!existsSync(root)) {
    const making = path.join(CACHE, `making-${randomBytes(6).toString('hex')}`)
    try {
      await makeTemplate(making)
      await rename(making, root).catch((error: unknown) => {
        if (!existsSync(root)) throw error
      })
    } finally {
      await rm(making, { recursive: true, force: true })
    }
    // Earlier inputs' templates, and folders a stopped runner left half made (an hour old).
    for (const entry of await readdir(CACHE)) {
      const other = path.join(CACHE, entry)
      const made = (await stat(other).catch(() => undefined))?.mtimeMs ?? 0
      if (entry === key || (entry.startsWith('making-') && Date.now() - made < HOUR_MS)) continue
      await rm(other, { recursive: true, force: true })
    }
  }
  return { folder: path.join(root, 'pglite'), dump: path.join(root, 'pglite.tar') }
}

// The projects that list this file in one run (server and integration, say) load it each on
// their own, and may start at once: one look-up per process.
const shared = globalThis as typeof globalThis & {
  pgliteTemplate?: ReturnType<typeof pgliteTemplate>
}

export default async function setup(): Promise<void> {
  shared.pgliteTemplate ??= pgliteTemplate()
  const { folder, dump } = await shared.pgliteTemplate
  process.env.PGLITE_TEMPLATE_DIR = folder
  process.env.PGLITE_TEMPLATE_DUMP = dump
}

// `npm test` makes it before its lanes start (scripts/test.sh), so that they find it made.
if (process.argv[1] === fileURLToPath(import.meta.url)) await pgliteTemplate()
