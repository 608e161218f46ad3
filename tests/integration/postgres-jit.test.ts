/**
 * The site's connections to PostgreSQL, the Node server's and each Edge Function's, compile no
 * statement with LLVM (decision 103). On a default PostgreSQL 15 the planner sent the desk's
 * overview and lead list to the JIT compiler, which spent 0.3–2 s on each statement at every
 * load for a few thousand rows. The database
 * here makes every statement worth compiling (`jit_above_cost = 0`), so a connection that kept
 * JIT on shows it in its plan, as the test's own connection does.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { openDatabase } from '../../supabase/functions/_shared/http/edge-function.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'

/** Enough work for the compiler: an aggregate over an expression, on any database. */
const STATEMENT = 'select sum(n * 2) from generate_series(1, 10000) n'

/** Whether PostgreSQL compiled the statement, from its plan as it ran. */
const compiled = async (db: {
  query(sql: string, params: unknown[]): Promise<{ rows: unknown[] }>
}) => {
  const { rows } = await db.query(`explain (analyze, format json) ${STATEMENT}`, [])
  return JSON.stringify(rows).includes('"JIT"')
}

let postgres: PostgresDatabase
let site: Database
beforeAll(async () => {
  postgres = await createPostgresDatabase()
  const name = new URL(postgres.url).pathname.slice(1)
  const admin = new pg.Client({ connectionString: postgres.url })
  await admin.connect()
  try {
    const { rows } = await admin.query<{ available: boolean }>(
      'select pg_jit_available() as available',
    )
    if (!rows[0]?.available) {
      throw new Error(
        'This PostgreSQL server has no JIT compiler (llvmjit), so nothing here could show the site turning it off: install the server with its JIT (Debian: postgresql).',
      )
    }
    await admin.query(`alter database ${name} set jit_above_cost = 0`)
  } finally {
    await admin.end()
  }
  site = await openPostgresDatabase(postgres.url)
}, 60_000)
afterAll(async () => {
  await site.close()
  await postgres.stop()
})

describe('the site on PostgreSQL', () => {
  it('compiles no statement on any connection of its pool, in a transaction or not', async () => {
    // Several at once, so the pool opens several connections.
    const each = await Promise.all(Array.from({ length: 4 }, () => compiled(site)))
    expect(each).toEqual([false, false, false, false])
    expect(await site.transaction((tx) => compiled(tx))).toBe(false)
  })

  it('compiles none in an Edge Function’s pool either', async () => {
    // Its pool has no close: its idle connections end with the database, dropped after the file.
    const edge = openDatabase(postgres.url, 3)
    const each = await Promise.all(Array.from({ length: 3 }, () => compiled(edge)))
    expect(each).toEqual([false, false, false])
    expect(await edge.inTransaction((tx) => compiled(tx))).toBe(false)
  })

  it('leaves the server’s own setting alone: another client on the database still compiles', async () => {
    const other = new pg.Client({ connectionString: postgres.url })
    await other.connect()
    try {
      const { rows } = await other.query(`explain (analyze, format json) ${STATEMENT}`)
      expect(JSON.stringify(rows)).toContain('"JIT"')
    } finally {
      await other.end()
    }
  })
})
