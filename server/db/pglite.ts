import { PGlite, type Transaction } from '@electric-sql/pglite'
import type { Database, Queryable } from './database.ts'

const wrap = (client: PGlite | Transaction): Queryable => ({
  async query<Row>(sql: string, params?: unknown[]) {
    const result = await client.query<Row>(sql, params)
    return { rows: result.rows, affectedRows: result.affectedRows ?? 0 }
  },
  async exec(sql: string) {
    await client.exec(sql)
  },
})

/**
 * PostgreSQL compiled to WebAssembly, in this process: nothing to install. With a folder it
 * persists there (the caller must hold the folder's lock: two processes on one folder
 * silently lose rows); without one it lives in memory, which the tests use.
 */
export const openPgliteDatabase = async (dataDir?: string): Promise<Database> => {
  const db = await PGlite.create(dataDir === undefined ? {} : { dataDir })
  return {
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  }
}
