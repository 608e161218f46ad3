/**
 * supabase/schema.sql is what the migrations make (decision 062): a new database on
 * PostgreSQL, migrated as the server's start-up migrates one, dumps to exactly the committed
 * file.
 */
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  dumpSchema,
  migrateAsServer,
  SCHEMA_COMMAND,
  SCHEMA_FILE,
} from '../../scripts/schema-file.ts'
import type { Database } from '../../server/db/database.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { firstLineDifference } from '../support/schema-snapshot.ts'

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
