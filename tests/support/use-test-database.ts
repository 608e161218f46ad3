import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { createTestDatabase } from './test-database.ts'

/**
 * One migrated PGlite for a test file, closed after its last test, and `reset` (SQL that
 * empties what the tests write) before each test. The answer reads the database of the moment:
 * it exists only once the file's tests run.
 */
export const useTestDatabase = (reset: string): (() => Database) => {
  let db: Database | undefined
  const current = () => {
    if (db === undefined) throw new Error('The test database is made in beforeAll.')
    return db
  }
  beforeAll(async () => {
    db = await createTestDatabase()
  })
  afterAll(() => db?.close())
  beforeEach(async () => {
    await current().exec(reset)
  })
  return current
}
