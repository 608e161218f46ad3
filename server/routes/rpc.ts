import { Hono, type Context } from 'hono'
import { findRoutine, loadRoutineCache, type Routine } from '../db/routine-cache.ts'
import { loadOnce } from '../db/load-once.ts'
import { quoteIdent } from '../db/schema-cache.ts'
import { refusalScopes } from '../rate-limit/refusal-guard.ts'
import { RememberedRefusal } from '../rate-limit/refusal-memory.ts'
import { READS_DECLARED_VOLATILE, CACHED_READS } from '../db/read-cache.ts'
import { silentLogger } from '../log.ts'
import { databaseErrorResponse, postgrestError } from './postgrest-error.ts'
import { substituteUnstorable } from './unstorable-text.ts'
import { readBodyWithin, unsupportedContentEncoding } from '#shared/http/request-body.ts'
import {
  MAX_REST_BODY_BYTES,
  readJsonBody,
  refuseBodyType,
  refuseProfile,
  runAsAnon,
  wrongValue,
  type RestDeps,
} from './rest.ts'

/**
 * PostgREST's function calls, `/rest/v1/rpc/NAME`, as hosted Supabase serves them: POST with a
 * JSON object of named arguments, or GET and HEAD with query arguments (run read-only, as
 * PostgREST does), for any function in schema public. Each call runs like an insert: one
 * transaction, as anon, with the request's headers; whether anon may execute the function is
 * the database's grant. The answer is PostgREST's: a function's bare value (scalar), one object
 * (a row), an array (a set), 204 (void); its errors and status codes.
 */

type Args = Record<string, unknown>

// Query parameters PostgREST keeps for itself on a GET (and the gateway's key): never arguments.
const RESERVED_QUERY = new Set(['select', 'order', 'limit', 'offset', 'columns', 'apikey'])

const JSON_TYPE = 'application/json; charset=utf-8'

/** PGRST202, worded as PostgREST words it (argument names sorted). */
const noSuchFunction = (
  c: Context,
  name: string,
  argumentNames: string[],
  overloads: Routine[],
) => {
  const func = `public.${name}`
  const keys = [...argumentNames].sort()
  const listed = keys.join(', ')
  const searched =
    keys.length === 0
      ? ' without parameters'
      : ` with parameter${keys.length > 1 ? 's' : ''} ${listed}`
  const unnamed = c.req.method === 'POST' ? ' or with a single unnamed json/jsonb parameter' : ''
  const other = overloads[0]
  return postgrestError(c, 404, {
    code: 'PGRST202',
    details: `Searched for the function ${func}${searched}${unnamed}, but no matches were found in the schema cache.`,
    hint: other
      ? `Perhaps you meant to call the function ${func}(${other.params
          .map((param) => param.name)
          .sort()
          .join(', ')})`
      : null,
    message: `Could not find the function ${func}${keys.length === 0 ? ' without parameters' : `(${listed})`} in the schema cache`,
  })
}

/** The SELECT that calls the function and shapes its result as PostgREST's JSON. */
const callSql = (routine: Routine, argumentNames: string[]): string => {
  const params = routine.params.filter((param) => argumentNames.includes(param.name))
  const call = `public.${quoteIdent(routine.name)}(${params
    .map((param) => `${quoteIdent(param.name)} := _args.${quoteIdent(param.name)}`)
    .join(', ')})`
  const args =
    params.length === 0
      ? '(select) as _args'
      : `json_to_record($1::json) as _args (${params
          .map((param) => `${quoteIdent(param.name)} ${param.type}`)
          .join(', ')})`
  if (routine.returnsVoid) return `select ${call} from ${args}`
  // One value is turned into JSON as it is (PostgREST's json_agg(…)->0 would parse the
  // aggregated text again: a millisecond for the free times' few hundred slots).
  if (routine.returnsComposite) {
    const rows = routine.returnsSet ? `json_agg(_r)::text` : `to_json(_r)::text`
    const none = routine.returnsSet ? `'[]'` : `'null'`
    return `select coalesce(${rows}, ${none}) as body from ${args} cross join lateral ${call} as _r`
  }
  const values = routine.returnsSet ? `json_agg(_r.value)::text` : `to_json(_r.value)::text`
  const none = routine.returnsSet ? `'[]'` : `'null'`
  return `select coalesce(${values}, ${none}) as body from (select ${call} as value from ${args}) as _r`
}

/** A POST's arguments: one JSON object (an empty body is `{}`), its values of the right kinds. */
const postedArgs = async (c: Context): Promise<Args | Response> => {
  const wrongBody = refuseBodyType(c)
  if (wrongBody) return wrongBody
  const read = await readJsonBody(c, {})
  if (read instanceof Response) return read
  const { json } = read
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return postgrestError(c, 400, {
      code: 'PGRST102',
      details: 'Send the arguments as one JSON object of named arguments.',
      hint: null,
      message: 'Empty or invalid json',
    })
  }
  return json as Args
}

/** A GET's arguments: the query's parameters, as text for the database to read as their types. */
const queryArgs = (c: Context): Args => {
  const args: Args = {}
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (!RESERVED_QUERY.has(name)) args[name] = values.at(-1)
  }
  return args
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** A POST's body as text when it is sent as `text/plain` (any charset parameter but UTF-8's is refused). */
const isTextBody = (c: Context): boolean =>
  (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() === 'text/plain'

/** The one overload that takes the whole body: a single unnamed `text` parameter. */
const rawTextRoutine = (overloads: Routine[]): Routine | undefined =>
  overloads.find(
    (routine) =>
      routine.params.length === 1 &&
      routine.params[0]?.name === '' &&
      routine.params[0].type === 'text',
  )

/** What PostgreSQL itself answers the anon role for a function it may not run. */
const permissionDenied = (c: Context, name: string) =>
  postgrestError(c, 401, {
    code: '42501',
    details: null,
    hint: null,
    message: `permission denied for function ${name}`,
  })

export const createRpcRoutes = (deps: RestDeps) => {
  const routineCache = loadOnce(() => loadRoutineCache(deps.db))

  const call = async (c: Context) => {
    const name = c.req.param('function') ?? ''
    const wrongProfile = refuseProfile(c)
    if (wrongProfile) return wrongProfile
    const isPost = c.req.method === 'POST'
    // A caller the database refused this function (book_meeting's daily limit) is answered
    // again before its body is read, as the insert's are.
    const remembered = isPost ? await deps.refusals?.recall(c, refusalScopes.rpc(name)) : undefined
    if (remembered) return databaseErrorResponse(c, remembered, deps.log ?? silentLogger)
    if (isPost && isTextBody(c)) return callWithText(c, name)
    const given = isPost ? await postedArgs(c) : queryArgs(c)
    if (given instanceof Response) return given
    // A NUL or a lone surrogate reaches the function as a character its rules refuse in words.
    const args = substituteUnstorable(given) as Args
    const argumentNames = Object.keys(args)
    try {
      const overloads = (await routineCache()).get(name) ?? []
      const routine = findRoutine(overloads, argumentNames)
      if (routine === 'none') return noSuchFunction(c, name, argumentNames, overloads)
      if (routine === 'ambiguous') {
        return postgrestError(c, 300, {
          code: 'PGRST203',
          details: null,
          hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
          message: `Could not choose the best candidate function between: public.${name}`,
        })
      }
      // The function is never called.
      if (!routine.anonMayExecute) return permissionDenied(c, name)
      if (isPost) {
        for (const param of routine.params) {
          const problem = wrongValue(args[param.name], param.type)
          if (param.name in args && problem) {
            return postgrestError(c, 400, {
              code: 'PGRST102',
              details: `The argument '${param.name}' ${problem}.`,
              hint: null,
              message: `Invalid value for the argument '${param.name}'`,
            })
          }
        }
      }
      const sql = callSql(routine, argumentNames)
      // PostgREST runs GET, HEAD and non-volatile functions in a read-only transaction.
      const readOnly =
        !isPost || routine.volatility !== 'v' || READS_DECLARED_VOLATILE.has(routine.name)
      const ask = () =>
        runAsAnon(
          c,
          deps,
          async (tx) => {
            if (readOnly) await tx.query('set transaction read only')
            const params = argumentNames.length > 0 ? [JSON.stringify(args)] : []
            const { rows } = await tx.query(sql, params)
            const value = rows[0]?.body
            return typeof value === 'string' ? value : undefined
          },
          // Only a call that may write is limited; reads from one address need not queue.
          readOnly ? undefined : refusalScopes.rpc(name),
        )
      // The same answer for any caller (the free times): one query serves them all a moment.
      const shared = CACHED_READS.has(routine.name) && argumentNames.length === 0
      const body =
        shared && deps.readCache
          ? await deps.readCache.read(routine.name, ask)
          : await ask().then(
              (answer) => {
                if (!readOnly) deps.readCache?.forget()
                return answer
              },
              (error: unknown) => {
                // A call the database answered may have changed the free times (another
                // server's booking took a slot: 409); one refused from memory changed nothing.
                if (!readOnly && !(error instanceof RememberedRefusal)) deps.readCache?.forget()
                throw error
              },
            )
      if (routine.returnsVoid) return c.body(null, 204)
      c.header('Content-Type', JSON_TYPE)
      if (c.req.method === 'HEAD') return c.body(null, 200)
      return c.body(body ?? 'null', 200)
    } catch (error) {
      return databaseErrorResponse(c, error, deps.log ?? silentLogger)
    }
  }

  /** PostgREST's raw body call: the function's one unnamed text parameter gets the body. */
  const callWithText = async (c: Context, name: string) => {
    const encoding = unsupportedContentEncoding(c.req.raw.headers)
    if (encoding !== null) return refuseBodyType(c) as Response
    const read = await readBodyWithin(c.req.raw, MAX_REST_BODY_BYTES)
    if (!read.ok) {
      return postgrestError(c, read.problem === 'too_large' ? 413 : 400, {
        code: read.problem === 'too_large' ? 'PGRST413' : 'PGRST102',
        details: null,
        hint: null,
        message: read.problem === 'too_large' ? 'Payload Too Large' : 'Empty or invalid body',
      })
    }
    let text: string
    try {
      text = substituteUnstorable(utf8.decode(read.bytes)) as string
    } catch {
      return postgrestError(c, 400, {
        code: 'PGRST102',
        details: 'The body is not UTF-8.',
        hint: null,
        message: 'Empty or invalid body',
      })
    }
    try {
      const overloads = (await routineCache()).get(name) ?? []
      const routine = rawTextRoutine(overloads)
      // A function that takes named arguments reads JSON only: text is the wrong media type.
      if (!routine) return refuseBodyType(c) as Response
      if (!routine.anonMayExecute) return permissionDenied(c, name)
      const call = `public.${quoteIdent(routine.name)}($1::text)`
      const sql = routine.returnsVoid
        ? `select ${call}`
        : `select coalesce(to_json(${call})::text, 'null') as body`
      const body = await runAsAnon(
        c,
        deps,
        async (tx) => {
          if (routine.volatility !== 'v') await tx.query('set transaction read only')
          const { rows } = await tx.query(sql, [text])
          const value = rows[0]?.body
          return typeof value === 'string' ? value : undefined
        },
        routine.volatility === 'v' ? refusalScopes.rpc(name) : undefined,
      )
      if (routine.returnsVoid) return c.body(null, 204)
      c.header('Content-Type', JSON_TYPE)
      return c.body(body ?? 'null', 200)
    } catch (error) {
      return databaseErrorResponse(c, error, deps.log ?? silentLogger)
    }
  }

  const app = new Hono()
  app.on(['GET', 'HEAD', 'POST'], '/:function', call)
  app.all('/:function', (c) =>
    postgrestError(c, 405, {
      code: 'PGRST101',
      details: null,
      hint: null,
      message: `Cannot use the ${c.req.method} method on RPC`,
    }),
  )
  return app
}
