import type { Queryable } from './run-query.ts'

/**
 * How PostgREST runs a visitor's request, which the migrations' policies and guard rely on:
 * one transaction, as the anon role, with the request's method, path and headers visible to
 * SQL (the guard reads the visitor's address from request.headers) and a statement timeout.
 * The Node server's REST and contact form routes and the submit-contact-form Edge Function
 * all insert through here, so the database decides alike whichever way a lead arrives.
 */

/** Runs fn inside BEGIN … COMMIT on one connection; any error rolls back and is rethrown. */
export type InTransaction = <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>

/** What SQL sees of the request (request.method, request.path, request.headers). */
export interface AnonRequest {
  method: string
  path: string
  /** Lower-case names, as PostgREST hands them to SQL. */
  headers: Record<string, string>
}

/** Longer than any real insert takes, short enough that a stuck lock frees the connection. */
export const STATEMENT_TIMEOUT_MS = 5_000

/** The headers as PostgREST exposes them to SQL: every one, names in lower case. */
export const headersForSql = (headers: Headers): Record<string, string> => {
  const result: Record<string, string> = {}
  headers.forEach((value, name) => {
    result[name.toLowerCase()] = value
  })
  return result
}

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`

/**
 * Runs fn the way PostgREST runs a request. Grants, row level security and triggers then
 * decide exactly as they would on Supabase; any error rolls everything back.
 */
export const asAnon = <T>(
  inTransaction: InTransaction,
  request: AnonRequest,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> =>
  inTransaction(async (tx) => {
    await tx.query(
      `select set_config('role', 'anon', true),
              set_config('request.jwt.claims', '{"role":"anon"}', true),
              set_config('request.method', $1, true),
              set_config('request.path', $2, true),
              set_config('request.headers', $3, true),
              set_config('statement_timeout', $4, true)`,
      [request.method, request.path, JSON.stringify(request.headers), String(STATEMENT_TIMEOUT_MS)],
    )
    return fn(tx)
  })

export interface AnonInsert {
  table: string
  /** Each column with its SQL type, in the order the rows are read. */
  columns: ReadonlyArray<readonly [name: string, type: string]>
  rows: readonly Record<string, unknown>[]
  /** `returning *` (Prefer: return=representation); anon needs a SELECT grant for it. */
  returning: boolean
}

/** The statement PostgREST generates: the rows travel as one JSON parameter. */
const insertSql = ({ table, columns, returning }: AnonInsert): string => {
  const target = `public.${quoteIdent(table)}`
  const tail = returning ? ' returning *' : ''
  if (columns.length === 0) return `insert into ${target} default values${tail}`
  const names = columns.map(([name]) => quoteIdent(name)).join(', ')
  const record = columns.map(([name, type]) => `${quoteIdent(name)} ${type}`).join(', ')
  return `insert into ${target} (${names}) select ${names} from json_to_recordset($1::json) as _(${record})${tail}`
}

/** Inserts the rows as a visitor's request would; returns what `returning` asked for. */
export const insertAsAnon = (
  inTransaction: InTransaction,
  request: AnonRequest,
  insert: AnonInsert,
): Promise<Record<string, unknown>[]> => {
  const sql = insertSql(insert)
  return asAnon(inTransaction, request, async (tx) => {
    if (insert.columns.length > 0) {
      return (await tx.query(sql, [JSON.stringify(insert.rows)])).rows
    }
    const all: Record<string, unknown>[] = []
    for (let index = 0; index < insert.rows.length; index += 1) {
      all.push(...(await tx.query(sql)).rows)
    }
    return all
  })
}
