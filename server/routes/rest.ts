import { Hono, type Context } from 'hono'
import {
  ACCEPTED_BODY_ENCODINGS,
  parseJsonBody,
  readBodyWithin,
  unsupportedContentEncoding,
} from '#shared/http/request-body.ts'
import { asAnon, insertAsAnon, quoteIdent } from '#shared/db/anon-request.ts'
import type { Queryable } from '#shared/db/run-query.ts'
import type { Database } from '../db/database.ts'
import { loadOnce } from '../db/load-once.ts'
import { loadSchemaCache } from '../db/schema-cache.ts'
import { refusalScopes, type RefusalGuard } from '../rate-limit/refusal-guard.ts'
import type { ReadCache } from '../db/read-cache.ts'
import { silentLogger, type Logger } from '../log.ts'
import { databaseErrorResponse, invalidPath, postgrestError } from './postgrest-error.ts'
import { limitedTransactionsOf, transactionsOf, visitorRequest } from './visitor-request.ts'

/** Far above any real contact message (5000 code points ≈ 20 KB), far below anything abusive. */
export const MAX_REST_BODY_BYTES = 64 * 1024

/** Rows are flat; a value nested deeper is refused before it reaches anything recursive. */
const MAX_JSON_DEPTH = 32

export interface RestDeps {
  db: Database
  /** The caller's address as the database should see it (the socket's, never a header's). */
  clientAddress: (c: Context) => string | undefined
  /** Where a database outage is reported; the caller only learns that it happened. */
  log?: Logger
  /** The database's flood refusals, answered again without it until their Retry-After. */
  refusals?: RefusalGuard
  /** Answers the same for everyone (the free times), kept a moment (decision 040). */
  readCache?: ReadCache
}

type Row = Record<string, unknown>

export const invalidJson = (c: Context, message = 'Empty or invalid json') =>
  postgrestError(c, 400, { code: 'PGRST102', details: null, hint: null, message })

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const sameKeys = (a: string[], b: string[]) =>
  a.length === b.length && a.every((key) => b.includes(key))

/** `?columns="a","b"` (what supabase-js sends for array inserts) or the first object's keys. */
const columnsFor = (c: Context, rows: Row[]): string[] | 'mismatch' => {
  const param = c.req.query('columns')
  if (param !== undefined) {
    return param
      .split(',')
      .map((name) => name.trim().replace(/^"(.*)"$/, '$1'))
      .filter(Boolean)
  }
  const keys = Object.keys(rows[0] ?? {})
  return rows.every((row) => sameKeys(Object.keys(row), keys)) ? keys : 'mismatch'
}

const returnsRepresentation = (prefer: string | undefined) =>
  /(^|[\s,;])return=representation(\s|,|;|$)/.test(prefer ?? '')

/**
 * Runs fn as PostgREST would run this request (see _shared/db/anon-request.ts). With a refusal
 * scope, a caller the database refused in it is answered from memory (decision 027).
 */
export const runAsAnon = <T>(
  c: Context,
  deps: RestDeps,
  fn: (tx: Queryable) => Promise<T>,
  refusalScope?: string,
): Promise<T> => {
  const transactions =
    refusalScope === undefined
      ? transactionsOf(deps.db)
      : limitedTransactionsOf(c, deps.db, deps.refusals, refusalScope)
  return asAnon(transactions, visitorRequest(c, deps.clientAddress(c)), fn)
}

const describeJson = (value: unknown) =>
  Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`

/**
 * Where PostgREST would quietly turn `{"a":1}`, `12345` or `true` into text, this server
 * refuses them: a form sends strings, and a number stored as a name is a caller's mistake.
 * Strings must also be whole Unicode (no lone surrogate halves). Returns what is wrong.
 */
export const wrongValue = (value: unknown, sqlType: string): string | undefined => {
  if (value === null) return undefined
  if (/^(text|character varying|character|uuid|timestamp)/.test(sqlType)) {
    if (typeof value !== 'string') return `takes a JSON string, not ${describeJson(value)}`
    return value.isWellFormed() ? undefined : 'holds an unpaired UTF-16 surrogate'
  }
  if (/^(integer|bigint|smallint)$/.test(sqlType) && !Number.isInteger(value)) {
    return `takes a whole JSON number, not ${describeJson(value)}`
  }
  return undefined
}

const tooLarge = (c: Context) =>
  postgrestError(c, 413, {
    code: 'PGRST413',
    details: `The request body is larger than ${MAX_REST_BODY_BYTES} bytes.`,
    hint: null,
    message: 'Payload Too Large',
  })

type TableHandler = (
  c: Context,
  deps: RestDeps,
  table: string,
  types: Map<string, string>,
) => Promise<Response>

/**
 * The body as parsed JSON, or the refusal; read before the database is asked anything. An
 * empty body is `empty` when given (PostgREST reads an empty function call as `{}`).
 */
export const readJsonBody = async (
  c: Context,
  empty?: unknown,
): Promise<{ json: unknown } | Response> => {
  const read = await readBodyWithin(c.req.raw, MAX_REST_BODY_BYTES)
  if (!read.ok) return read.problem === 'too_large' ? tooLarge(c) : invalidJson(c)
  if (empty !== undefined && read.bytes.byteLength === 0) return { json: empty }
  const parsed = parseJsonBody(read.bytes, MAX_JSON_DEPTH)
  if (!parsed.ok) {
    if (parsed.problem === 'invalid') return invalidJson(c)
    return postgrestError(c, 400, {
      code: 'PGRST102',
      details: `Arrays and objects may nest at most ${MAX_JSON_DEPTH} levels deep.`,
      hint: null,
      message: 'Empty or invalid json',
    })
  }
  return { json: parsed.value }
}

/** The body as rows, or the refusal. */
const readRows = async (c: Context): Promise<Row[] | Response> => {
  const read = await readJsonBody(c)
  if (read instanceof Response) return read
  const body = read.json
  const rows: unknown[] = Array.isArray(body) ? body : [body]
  return rows.every(isRow) ? rows : invalidJson(c)
}

const insertRows = async (
  c: Context,
  deps: RestDeps,
  table: string,
  types: Map<string, string>,
  rows: Row[],
) => {
  const columns = columnsFor(c, rows)
  if (columns === 'mismatch') return invalidJson(c, 'All object keys must match')
  const unknown = columns.find((name) => !types.has(name))
  if (unknown !== undefined) {
    return postgrestError(c, 400, {
      code: 'PGRST204',
      details: null,
      hint: null,
      message: `Could not find the '${unknown}' column of '${table}' in the schema cache`,
    })
  }
  for (const row of rows) {
    for (const column of columns) {
      const problem = wrongValue(row[column], types.get(column) ?? 'text')
      if (problem) {
        return postgrestError(c, 400, {
          code: 'PGRST102',
          details: `The column '${column}' ${problem}.`,
          hint: null,
          message: `Invalid value for the column '${column}'`,
        })
      }
    }
  }
  const representation = returnsRepresentation(c.req.header('prefer'))
  const inserted = await insertAsAnon(
    limitedTransactionsOf(c, deps.db, deps.refusals, refusalScopes.insert(table)),
    visitorRequest(c, deps.clientAddress(c)),
    {
      table,
      columns: columns.map((name) => [name, types.get(name) ?? 'text'] as const),
      rows,
      returning: representation,
    },
  )
  // A successful minimal insert is 201 with no body and no Content-Type, as PostgREST sends it.
  return representation ? c.json(inserted, 201) : c.body(null, 201)
}

/** Reads or changes nothing itself: it asks the database as anon, whose grants say no. */
const otherMethod = async (
  c: Context,
  deps: RestDeps,
  table: string,
  types: Map<string, string>,
) => {
  const target = `public.${quoteIdent(table)}`
  const firstColumn = quoteIdent([...types.keys()][0] ?? 'id')
  if (c.req.method === 'GET' || c.req.method === 'HEAD') {
    const rows = await runAsAnon(
      c,
      deps,
      async (tx) => (await tx.query(`select * from ${target}`)).rows,
    )
    return c.json(rows, 200)
  }
  const sql =
    c.req.method === 'DELETE'
      ? `delete from ${target} where false`
      : `update ${target} set ${firstColumn} = ${firstColumn} where false`
  await runAsAnon(c, deps, (tx) => tx.query(sql))
  return c.body(null, 204)
}

/** Only the public schema is exposed, as on Supabase. */
export const refuseProfile = (c: Context): Response | undefined => {
  const profile = c.req.header('content-profile') ?? c.req.header('accept-profile')
  if (profile === undefined || profile === 'public') return undefined
  return postgrestError(c, 406, {
    code: 'PGRST106',
    details: null,
    hint: 'Only the following schemas are exposed: public',
    message: `Invalid schema: ${profile}`,
  })
}

/** JSON, uncompressed. Media types are case-insensitive and may carry parameters. */
export const refuseBodyType = (c: Context): Response | undefined => {
  const type = (c.req.header('content-type') ?? 'application/json')
    .split(';')[0]
    ?.trim()
    .toLowerCase()
  if (type !== 'application/json') {
    return postgrestError(c, 415, {
      code: 'PGRST107',
      details: null,
      hint: null,
      message: `None of these Content-Types are available: ${type}`,
    })
  }
  const encoding = unsupportedContentEncoding(c.req.raw.headers)
  if (encoding === null) return undefined
  c.header('Accept-Encoding', ACCEPTED_BODY_ENCODINGS)
  return postgrestError(c, 415, {
    code: 'PGRST107',
    details: null,
    hint: 'Send the body uncompressed: supabase-js never compresses it.',
    message: `Content-Encoding not supported: ${encoding}`,
  })
}

export const createRestRoutes = (deps: RestDeps) => {
  const schemaCache = loadOnce(() => loadSchemaCache(deps.db))

  const tableRoute = async (c: Context, fn: TableHandler) => {
    const table = c.req.param('table') ?? ''
    const wrongProfile = refuseProfile(c)
    if (wrongProfile) return wrongProfile
    try {
      const types = (await schemaCache()).get(table)
      if (!types) {
        return postgrestError(c, 404, {
          code: 'PGRST205',
          details: null,
          hint: null,
          message: `Could not find the table 'public.${table}' in the schema cache`,
        })
      }
      return await fn(c, deps, table, types)
    } catch (error) {
      return databaseErrorResponse(c, error, deps.log ?? silentLogger)
    }
  }

  const insertRoute = async (c: Context) => {
    const wrongBody = refuseBodyType(c)
    if (wrongBody) return wrongBody
    // A caller the database refused is answered again before its body is read.
    const remembered = await deps.refusals?.recall(
      c,
      refusalScopes.insert(c.req.param('table') ?? ''),
    )
    if (remembered) return databaseErrorResponse(c, remembered, deps.log ?? silentLogger)
    const rows = await readRows(c)
    if (rows instanceof Response) return rows
    return tableRoute(c, (c, deps, table, types) => insertRows(c, deps, table, types, rows))
  }

  const app = new Hono()
  app.post('/:table', insertRoute)
  app.on(['GET', 'HEAD', 'PATCH', 'PUT', 'DELETE'], '/:table', (c) => tableRoute(c, otherMethod))
  app.all('/:table', (c) =>
    postgrestError(c, 405, {
      code: 'PGRST117',
      details: null,
      hint: null,
      message: `Unsupported HTTP method: ${c.req.method}`,
    }),
  )
  app.all('*', invalidPath)
  return app
}
