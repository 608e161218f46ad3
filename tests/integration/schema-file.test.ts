/**
 * supabase/schema.sql is what the migrations make (decision 062): a new database on
 * PostgreSQL, migrated as the server's start-up migrates one, dumps to exactly the committed
 * file (schema-upgrades.test.ts checks that every upgraded database dumps the same). And
 * supabase/README.md's index names every table and view, and every call the grants open to
 * visitors, and nothing that is gone.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  dumpSchema,
  migrateAsServer,
  SCHEMA_COMMAND,
  SCHEMA_FILE,
} from '../../scripts/schema-file.ts'
import type { Database } from '../../server/db/database.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { ROOT_DIR } from '../../server/paths.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { firstLineDifference } from '../support/schema-snapshot.ts'

const README = path.join(ROOT_DIR, 'supabase', 'README.md')

let server: PostgresServer
let db: Database
let dumped: string

beforeAll(async () => {
  server = await startPostgresServer()
  db = await openPostgresDatabase(server.url)
  await migrateAsServer(db)
  dumped = await dumpSchema(server.url)
}, 120_000)

afterAll(async () => {
  await db?.close()
  await server?.stop()
})

it('supabase/schema.sql is what the migrations make', async () => {
  const committed = await readFile(SCHEMA_FILE, 'utf8').catch(() => '')
  expect(
    firstLineDifference(committed, dumped),
    `supabase/schema.sql is out of date: run ${SCHEMA_COMMAND}`,
  ).toBeUndefined()
})

it('says what made it and nothing that changes from run to run', () => {
  expect(dumped).toMatch(/^-- Generated: do not edit\. `npm run schema:dump` writes it again/m)
  expect(dumped).toMatch(/^-- Migrations: \d+, up to \d{14}_\w+\.sql\.$/m)
  // pg_dump's own header, its session settings, owners and its random \restrict key.
  expect(dumped).not.toMatch(/^(SET |\\restrict|\\unrestrict|-- Dumped |-- Name: )/m)
  expect(dumped).not.toMatch(/OWNER TO/)
  // Every index, trigger, policy, comment and grant found the table, view or function it
  // belongs to (one that did not would get a heading of its own).
  const headings = [...dumped.matchAll(/\n\n\n-- ([A-Z][a-z]+(?: [a-z]+)*) \w+\./g)]
  const kinds = headings.map(([, kind]) => kind)
  expect(kinds.length).toBeGreaterThan(200)
  expect(
    kinds.filter((kind) => !['Type', 'Table', 'View', 'Function'].includes(kind ?? '')),
  ).toEqual([])
})

describe('supabase/README.md', () => {
  /**
   * The names in the first column of the tables under `heading`: `schema.name`, or
   * `schema.name()` for a function (a line's other columns may name anything).
   */
  const namedUnder = async (heading: string) => {
    const readme = await readFile(README, 'utf8')
    const start = readme.indexOf(`\n## ${heading}\n`)
    expect(start, `supabase/README.md has no "## ${heading}" section`).toBeGreaterThan(-1)
    const end = readme.indexOf('\n## ', start + 1)
    const section = readme.slice(start, end === -1 ? undefined : end)
    return [...section.matchAll(/^\| *`(\w+\.\w+)(?:\(\))?` *\|/gm)]
      .map(([, name]) => name ?? '')
      .filter((name, index, all) => all.indexOf(name) === index)
      .sort()
  }

  const names = async (sql: string) =>
    (await db.query<{ name: string }>(sql)).rows.map((row) => row.name).sort()

  it('lists every table and view the migrations make, and no other', async () => {
    const made = await names(
      `select n.nspname || '.' || c.relname as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'f')
          and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'`,
    )
    expect(made.length).toBeGreaterThan(40)
    expect(await namedUnder('Tables'), 'supabase/README.md: one row per table and view').toEqual(
      made,
    )
  })

  it('lists every call anon or authenticated may make, and no other', async () => {
    // What the grants allow a visitor's role: a function it may execute, or a table or view it
    // may read or write (any column), in a schema it may use.
    const open = await names(
      `select distinct n.nspname || '.' || p.proname as name
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         cross join (values ('anon'), ('authenticated')) as r (role)
        where n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'
          and has_schema_privilege(r.role, n.oid, 'usage')
          and has_function_privilege(r.role, p.oid, 'execute')
       union
       select distinct n.nspname || '.' || c.relname
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         cross join (values ('anon'), ('authenticated')) as r (role)
        where c.relkind in ('r', 'p', 'v', 'm', 'f')
          and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'
          and has_schema_privilege(r.role, n.oid, 'usage')
          and (has_table_privilege(r.role, c.oid, 'select, insert, update, delete')
               or has_any_column_privilege(r.role, c.oid, 'select, insert, update'))`,
    )
    expect(open).toContain('public.book_meeting')
    expect(open).toContain('public.contact_submissions')
    expect(
      await namedUnder('Public calls'),
      'supabase/README.md: one row per call the grants open',
    ).toEqual(open)
  })
})
