/**
 * The one way the shared core runs SQL: a statement and its parameters, the rows back.
 * node-postgres, PGlite and Deno's pg all are one; the Node server's Queryable and Database
 * extend it (server/db/database.ts) with the rows a statement changed and more.
 */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
}

/** A Queryable's query, bound (`(sql, params) => db.query(sql, params)`): what the outboxes take. */
export type RunQuery = (sql: string, params: unknown[]) => ReturnType<Queryable['query']>
