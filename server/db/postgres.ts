import pg from 'pg'
import type { Database, Queryable } from './database.ts'

type Client = pg.Pool | pg.PoolClient

const wrap = (client: Client): Queryable => ({
  async query<Row>(sql: string, params?: unknown[]) {
    const result = await client.query(sql, params)
    return { rows: result.rows as Row[], affectedRows: result.rowCount ?? 0 }
  },
  async exec(sql: string) {
    // Without parameters pg uses the simple protocol, which accepts several statements.
    await client.query(sql)
  },
})

/** A real PostgreSQL server (DATABASE_URL), shared safely by any number of processes. */
export const openPostgresDatabase = async (connectionString: string): Promise<Database> => {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5_000 })
  // An idle connection dropped by the server must not crash the process; the next query
  // opens a new one, so the server recovers once the database is back.
  pool.on('error', () => {})
  return {
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await fn(wrap(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
