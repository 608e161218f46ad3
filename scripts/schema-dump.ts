/**
 * `npm run schema:dump`: writes supabase/schema.sql, the database the migrations make in one
 * file to read (decision 062). It starts a throwaway PostgreSQL (the newest under
 * /usr/lib/postgresql, as the tests do), migrates a new database as the server's start-up does,
 * and writes pg_dump's schema of it in the file's order (scripts/schema-file.ts). Run it after
 * adding a migration, and commit the file with it: tests/integration/schema-file.test.ts fails
 * until they match.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { openPostgresDatabase } from '../server/db/postgres.ts'
import { ROOT_DIR } from '../server/paths.ts'
import { startPostgresServer } from '../tests/support/postgres-server.ts'
import { dumpSchema, migrateAsServer, postgresMajorOf, SCHEMA_FILE } from './schema-file.ts'

const server = await startPostgresServer()
try {
  const db = await openPostgresDatabase(server.url)
  try {
    await migrateAsServer(db)
  } finally {
    await db.close()
  }
  const schema = await dumpSchema(server.url)
  const before = await readFile(SCHEMA_FILE, 'utf8').catch(() => '')
  const [was, now] = [postgresMajorOf(before), postgresMajorOf(schema)]
  if (was !== undefined && was !== now) {
    console.warn(
      `Warning: ${path.relative(ROOT_DIR, SCHEMA_FILE)} was made with PostgreSQL ${was} and this machine has ${now}: some definitions print differently, and the test compares with the PostgreSQL it finds.`,
    )
  }
  await writeFile(SCHEMA_FILE, schema)
  const lines = schema.split('\n').length - 1
  const migrations = /^-- Migrations: (\d+), up to (.*)\.$/m.exec(schema) ?? []
  console.log(
    `${before === schema ? 'Unchanged' : 'Wrote'} ${path.relative(ROOT_DIR, SCHEMA_FILE)}: ${lines} lines, ${migrations[1]} migrations up to ${migrations[2]}.`,
  )
} finally {
  await server.stop()
}
