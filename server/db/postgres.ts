import pg from 'pg'
import { prepareConnection } from '#shared/db/connection-settings.ts'
import { messageOf, silentLogger, type Logger } from '../log.ts'
import {
  isConnectionFailure,
  readDatabaseError,
  type Database,
  type Queryable,
} from './database.ts'

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

const whatToCheck = (error: unknown): string => {
  const { code } = readDatabaseError(error)
  if (code?.startsWith('28')) return 'Check the user name and password in DATABASE_URL.'
  if (code === '3D000') return 'Create that database, or correct its name in DATABASE_URL.'
  if (isConnectionFailure(error)) {
    return 'Check that PostgreSQL is running and accepts connections at that address (listen_addresses, pg_hba.conf, a firewall), and that DATABASE_URL names the right host and port.'
  }
  return 'Check DATABASE_URL and the server it names.'
}

/**
 * Why the server cannot start on DATABASE_URL, for the person starting it: which setting,
 * where it points and what to check. Never the password, which the URL may carry.
 */
export const describeConnectionFailure = (connectionString: string, error: unknown): string => {
  const url = new URL(connectionString)
  const password = decodeURIComponent(url.password)
  const where = [
    `host ${url.hostname || 'localhost'}, port ${url.port || '5432'}`,
    url.pathname.length > 1 ? `database "${decodeURIComponent(url.pathname.slice(1))}"` : '',
    url.username ? `user "${decodeURIComponent(url.username)}"` : '',
  ]
    .filter(Boolean)
    .join(', ')
  let reason = readDatabaseError(error).message
  if (password) reason = reason.replaceAll(password, '***')
  return `Cannot use the PostgreSQL server in DATABASE_URL (${where}): ${reason}. ${whatToCheck(error)} Without DATABASE_URL the server uses its embedded database.`
}

/**
 * A real PostgreSQL server (DATABASE_URL), shared safely by any number of processes. It
 * connects once before returning, so a wrong URL or a stopped server stops the start-up
 * with a message that says what to fix. Once running, a database that goes away costs the
 * queries made meanwhile their answers (connection errors, which the routes answer with 503)
 * and nothing else: the pool opens new connections when it is back (decision 057).
 */
export const openPostgresDatabase = async (
  connectionString: string,
  log: Logger = silentLogger,
): Promise<Database> => {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5_000,
    onConnect: prepareConnection,
  })
  // A connection the server dropped emits 'error', and an 'error' nobody listens to ends the
  // process. The pool listens to its idle ones here; a held one, in transaction() below.
  const connectionLost = (error: unknown) =>
    log.error('database_connection_lost', { message: messageOf(error) })
  pool.on('error', connectionLost)
  try {
    await pool.query('select 1')
  } catch (error) {
    await pool.end().catch(() => {})
    throw new Error(describeConnectionFailure(connectionString, error), { cause: error })
  }
  return {
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      // The statement in flight fails with the same error; a client that lost its server, or
      // could not roll back, is closed rather than handed to the next caller.
      let broken: unknown
      const lost = (error: unknown) => {
        broken = error
        connectionLost(error)
      }
      client.on('error', lost)
      try {
        await client.query('begin')
        const result = await fn(wrap(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch((rollbackError: unknown) => {
          broken ??= rollbackError
        })
        throw error
      } finally {
        client.off('error', lost)
        client.release(broken !== undefined)
      }
    },
    close: () => pool.end(),
  }
}
