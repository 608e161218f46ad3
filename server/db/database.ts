/** One small interface over PGlite and node-postgres, so every caller has one code path. */
export interface QueryResult<Row> {
  rows: Row[]
  /** Rows inserted, updated or deleted by the statement (0 for a plain SELECT). */
  affectedRows: number
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>
  /** Runs several statements in one go (no parameters), e.g. a migration file. */
  exec(sql: string): Promise<void>
}

export interface Database extends Queryable {
  /** Runs fn inside BEGIN … COMMIT; any error rolls back and is rethrown. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** The fields PostgreSQL reports on an error; both drivers expose them under these names. */
export interface DatabaseErrorFields {
  code?: string
  message: string
  detail?: string
  hint?: string
}

const SQLSTATE = /^[0-9A-Z]{5}$/

/** Reads a driver error; a missing SQLSTATE means the database could not be reached at all. */
export const readDatabaseError = (error: unknown): DatabaseErrorFields & { sqlState: boolean } => {
  if (typeof error !== 'object' || error === null) {
    return { message: String(error), sqlState: false }
  }
  const fields = error as Record<string, unknown>
  const text = (key: string) => (typeof fields[key] === 'string' ? fields[key] : undefined)
  const code = text('code')
  return {
    code,
    message: text('message') ?? String(error),
    detail: text('detail'),
    hint: text('hint'),
    sqlState: code !== undefined && SQLSTATE.test(code),
  }
}

const SYSTEM_ERROR_CODE = /^E[A-Z]+$/
const CONNECTION_WORDS = /\b(connect|connection|terminated|closed|timeout)\b/i

/**
 * True for a driver's "could not reach the database" (refused, reset, timed out, closed)
 * rather than a bug in our code: a Node system error (ECONNREFUSED…) or pg's and PGlite's
 * own wording for a lost or closed connection.
 */
export const isConnectionFailure = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code === 'string' && SYSTEM_ERROR_CODE.test(code)) return true
  return typeof message === 'string' && CONNECTION_WORDS.test(message)
}
