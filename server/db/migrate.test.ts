import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import type { Database } from './database.ts'
import { applyMigrations, migrationChecksum, MigrationRefusal } from './migrate.ts'
import { templateDump } from '../../tests/support/test-database.ts'
import { openPgliteDatabase } from './pglite.ts'

// A few small migrations in a folder of their own, on one in-memory PGlite, reset per test.
let db: Database
let dir: string

beforeAll(async () => {
  // The run's migrated template loads faster than initdb; this test works in schemas of its own.
  db = await openPgliteDatabase(undefined, await templateDump())
}, 60_000)

afterAll(async () => {
  await db?.close()
})

beforeEach(async () => {
  await db.exec('drop schema if exists app_private cascade; drop schema if exists demo cascade;')
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = await mkdtemp(path.join(tmpdir(), 'migrations-'))
})

const write = (name: string, sql: string) => writeFile(path.join(dir, name), sql)
const ledger = async () =>
  (
    await db.query<{ name: string; checksum: string | null; app_version: string | null }>(
      'select name, checksum, app_version from app_private.app_migrations order by name',
    )
  ).rows

const FIRST = 'create schema demo; create table demo.leads (id int primary key);\n'
const SECOND = 'alter table demo.leads add column name text;\n'

it('records each migration with the checksum of its text and the version that applied it', async () => {
  await write('20270101000000_first.sql', FIRST)
  await write('20270102000000_second.sql', SECOND)
  expect(await applyMigrations(db, dir, '1.0.0')).toEqual([
    '20270101000000_first.sql',
    '20270102000000_second.sql',
  ])
  expect(await ledger()).toEqual([
    { name: '20270101000000_first.sql', checksum: migrationChecksum(FIRST), app_version: '1.0.0' },
    {
      name: '20270102000000_second.sql',
      checksum: migrationChecksum(SECOND),
      app_version: '1.0.0',
    },
  ])
  expect(migrationChecksum(FIRST)).toMatch(/^sha256:[0-9a-f]{64}$/)
  // Started again, nothing runs.
  expect(await applyMigrations(db, dir, '1.0.0')).toEqual([])
})

it('refuses to start when a migration the database ran was edited, naming the file, and runs nothing', async () => {
  await write('20270101000000_first.sql', FIRST)
  await applyMigrations(db, dir, '1.0.0')
  await write(
    '20270101000000_first.sql',
    `${FIRST}alter table demo.leads add column edited text;\n`,
  )
  await write('20270102000000_second.sql', SECOND)
  const refusal = await applyMigrations(db, dir, '1.0.1').catch((error: unknown) => error)
  expect(refusal).toBeInstanceOf(MigrationRefusal)
  const message = (refusal as Error).message
  expect(message).toContain(
    'Cannot start: a migration this database has run has changed since:\n- supabase/migrations/20270101000000_first.sql: applied ',
  )
  expect(message).toContain(`by version 1.0.0 as ${migrationChecksum(FIRST)}, now sha256:`)
  expect(message).toContain('A released migration is never edited')
  expect(message).toContain('Put the change in a new migration file')
  // The pending one did not run either.
  expect((await ledger()).map((row) => row.name)).toEqual(['20270101000000_first.sql'])
})

it('takes the same text with other line ends as unchanged (a checkout on Windows)', async () => {
  await write('20270101000000_first.sql', FIRST)
  await applyMigrations(db, dir, '1.0.0')
  await write('20270101000000_first.sql', `\uFEFF${FIRST.replaceAll('\n', '\r\n')}`)
  expect(await applyMigrations(db, dir, '1.0.0')).toEqual([])
})

it('refuses a database that a newer version migrated, saying which version it needs', async () => {
  await write('20270101000000_first.sql', FIRST)
  await write('20270301000000_later.sql', SECOND)
  await applyMigrations(db, dir, '1.2.0')
  await rm(path.join(dir, '20270301000000_later.sql'))
  const refusal = await applyMigrations(db, dir, '1.0.0').catch((error: unknown) => error)
  expect(refusal).toBeInstanceOf(MigrationRefusal)
  expect((refusal as Error).message).toBe(
    'Cannot start: this database is newer than this server. It has a migration this server (version 1.0.0) does not have: 20270301000000_later.sql, applied by version 1.2.0. ' +
      'Run version 1.2.0 or later on it, or restore a backup taken before that upgrade (docs/upgrading.md). ' +
      'An older server never runs on a newer schema: it would write rows the newer one does not expect.',
  )
})

it('gives rows written before checksums the checksum of the files as they are, and refuses edits from then on', async () => {
  // As every server before version 1.0 left it: names only.
  await db.exec(`${FIRST}
    create schema app_private;
    create table app_private.app_migrations (name text primary key,
      applied_at timestamptz not null default now());
    insert into app_private.app_migrations (name) values ('20270101000000_first.sql');`)
  await write('20270101000000_first.sql', FIRST)
  await write('20270102000000_second.sql', SECOND)
  expect(await applyMigrations(db, dir, '1.0.0')).toEqual(['20270102000000_second.sql'])
  expect(await ledger()).toEqual([
    { name: '20270101000000_first.sql', checksum: migrationChecksum(FIRST), app_version: null },
    {
      name: '20270102000000_second.sql',
      checksum: migrationChecksum(SECOND),
      app_version: '1.0.0',
    },
  ])
  await write('20270101000000_first.sql', `${FIRST}-- edited\n`)
  await expect(applyMigrations(db, dir, '1.0.0')).rejects.toThrow(
    /20270101000000_first\.sql: applied \d{4}-\d\d-\d\d as sha256:/,
  )
})
