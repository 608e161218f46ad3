import type { Queryable as SharedQueryable } from '#shared/db/run-query.ts'

/** One small interface over PGlite and node-postgres, so every caller has one code path. */
export interface QueryResult<Row> {
  rows: Row[]
  /** Rows inserted, updated or deleted by the statement (0 for a plain SELECT). */
  affectedRows: number
}

/** The shared core's Queryable (run-query.ts), as the server's drivers give it. */
export interface Queryable extends SharedQueryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>
  /** Runs several statements in one go (no parameters), e.g. a migration file. */
  exec(sql: string): Promise<void>
}

export interface Database extends Queryable {
  /** Runs fn inside BEGIN … COMMIT; any error rolls back and is rethrown. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

// Shared with the Edge Function, which reads the same drivers' errors.
export {
  isConnectionFailure,
  readDatabaseError,
  type DatabaseErrorFields,
} from '#shared/db/database-answer.ts'
