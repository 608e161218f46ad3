/**
 * The one way the shared core runs SQL: a statement and its parameters, the rows back.
 * node-postgres, PGlite and Deno's pg all fit (the Node server's Queryable does too).
 */
export type RunQuery = (
  sql: string,
  params: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>
