/**
 * A database made by any earlier version is upgraded by today's server to exactly what a new
 * database is, keeping its leads and meetings: for every shape the migrations had on the main
 * line (tests/support/earlier-schemas/), on PostgreSQL 15 here and on PGlite in
 * restore-older-schema.test.ts, which upgrades each shape's database once its backup is
 * restored (the same migrations on the same engine, so each shape is made once there, not
 * twice). "Exactly" is every catalog entry the migrations decide
 * (tests/support/schema-snapshot.ts), compared with a new database of the same engine; on
 * PostgreSQL also its supabase/schema.sql, byte for byte (scripts/schema-file.ts: columns in
 * their order, grants as pg_dump prints them). Also, on both engines, an operator who took each
 * version in turn: a database from the first mail migration, upgraded by a later server before
 * today's, its ledger still the names-only one of the servers before 1.0.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dumpSchema } from '../../scripts/schema-file.ts'
import type { Database } from '../../server/db/database.ts'
import { applyMigrations } from '../../server/db/migrate.ts'
import { openPgliteDatabase } from '../../server/db/pglite.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { ensureSupabaseRoles } from '../../server/db/supabase-roles.ts'
import {
  EARLIER_SHAPES,
  expectLedgerCheckedAndLeadsTaken,
  makeEarlierDatabase,
  migrateAsEarlierServer,
  readEarlierRows,
  storeEarlierRows,
  type EarlierShape,
} from '../support/earlier-schemas.ts'
import { blankPgliteDump } from '../support/blank-pglite.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import {
  describeSchema,
  firstLineDifference,
  schemaDifferences,
} from '../support/schema-snapshot.ts'
import { templateDump } from '../support/test-database.ts'

const shape = (commit: string): EarlierShape => {
  const found = EARLIER_SHAPES.find((candidate) => candidate.commit === commit)
  if (!found) throw new Error(`No earlier shape ${commit}`)
  return found
}

/** Databases that went through a later server first: the first mail migration's text survives. */
const PATHS = [
  { from: shape('81359019cf'), after: shape('0df85d201f') },
  { from: shape('81359019cf'), after: shape('f8adfcc0ba') },
]

interface Engine {
  /** A new, empty database (only PostgreSQL's own catalogs). */
  empty(): Promise<Database>
  /** A new database with every migration applied, where one is already made to copy. */
  migrated?(): Promise<Database>
  /** The database as supabase/schema.sql (PostgreSQL only: the file is pg_dump's). */
  schemaFile?(db: Database): Promise<string>
  stop(): Promise<void>
}

const pgliteEngine = async (): Promise<Engine> => {
  // initdb once; each database starts from its copy (a load takes a fraction of an initdb).
  const dump = await blankPgliteDump()
  // The run's template is every migration applied to such an empty cluster (pglite-template.ts).
  const template = await templateDump()
  if (!template) throw new Error('PGLITE_TEMPLATE_DUMP is unset: run through vitest')
  return {
    empty: () => openPgliteDatabase(undefined, dump),
    migrated: () => openPgliteDatabase(undefined, template),
    stop: async () => {},
  }
}

const postgresEngine = async (): Promise<Engine> => {
  const server: PostgresServer = await startPostgresServer()
  const admin = new pg.Client({ connectionString: server.url })
  await admin.connect()
  let count = 0
  const urls = new Map<Database, string>()
  return {
    async empty() {
      count += 1
      const name = `upgrade_${count}`
      await admin.query(`create database ${name}`)
      const url = server.url.replace(/\/postgres$/, `/${name}`)
      const db = await openPostgresDatabase(url)
      urls.set(db, url)
      return db
    },
    async schemaFile(db) {
      const url = urls.get(db)
      if (!url) throw new Error('Not a database of this engine')
      return dumpSchema(url)
    },
    async stop() {
      await admin.end()
      await server.stop()
    },
  }
}

/** Today's server on the database: roles, then the migrations (as start-server.ts does). */
const upgrade = async (db: Database) => {
  await ensureSupabaseRoles(db)
  return applyMigrations(db)
}

const expectSameSchema = (actual: string[], expected: string[]) => {
  const { missing, unexpected } = schemaDifferences(actual, expected)
  expect({ missing, unexpected }).toEqual({ missing: [], unexpected: [] })
}

describe.each([
  { name: 'PGlite', start: pgliteEngine, everyShape: false },
  { name: 'PostgreSQL', start: postgresEngine, everyShape: true },
])('upgrading on $name', ({ start, everyShape }) => {
  let engine: Engine
  let fresh: string[]
  let freshFile: string | undefined

  beforeAll(async () => {
    engine = await start()
    const db = engine.migrated ? await engine.migrated() : await engine.empty()
    try {
      if (!engine.migrated) await upgrade(db)
      fresh = await describeSchema(db)
      freshFile = await engine.schemaFile?.(db)
    } finally {
      await db.close()
    }
  }, 120_000)

  afterAll(async () => {
    await engine?.stop()
  })

  const expectSameSchemaFile = async (db: Database) => {
    if (!engine.schemaFile) return
    expect(
      firstLineDifference(await engine.schemaFile(db), freshFile ?? ''),
      'schema.sql of the upgraded database against a new one',
    ).toBeUndefined()
  }

  if (everyShape)
    it.each(EARLIER_SHAPES)(
      'from the shape of $commit ($date): rows kept, schema as new',
      async (earlier) => {
        const db = await engine.empty()
        try {
          await makeEarlierDatabase(db, earlier)
          const before = await storeEarlierRows(db)
          // Three messages, and two meetings (each a lead too) where the shape had the agenda.
          expect([before.leads.length, before.meetings.length]).toEqual(
            '20261125000000_bookings.sql' in earlier.files ? [5, 2] : [3, 0],
          )
          await upgrade(db)
          expect(await readEarlierRows(db)).toEqual(before)
          expectSameSchema(await describeSchema(db), fresh)
          await expectSameSchemaFile(db)
          await expectLedgerCheckedAndLeadsTaken(db)
        } finally {
          await db.close()
        }
      },
      180_000,
    )

  it.each(PATHS)(
    'from the shape of $from.commit through $after.commit’s server: rows kept, schema as new',
    async ({ from, after }) => {
      const db = await engine.empty()
      try {
        await makeEarlierDatabase(db, from)
        const before = await storeEarlierRows(db)
        // An operator who took that later version first: its server ran what it had.
        await migrateAsEarlierServer(db, after)
        await upgrade(db)
        expect((await readEarlierRows(db)).leads).toEqual(before.leads)
        expectSameSchema(await describeSchema(db), fresh)
        await expectSameSchemaFile(db)
      } finally {
        await db.close()
      }
    },
    180_000,
  )
})
