import { headersForSql } from '../db/anon-request.ts'
import { readDatabaseAnswer, type DatabaseRefusal } from '../db/database-answer.ts'
import { errorAnswer } from './function-json.ts'
import type { RunQuery } from '../db/run-query.ts'

/**
 * A caller's call to a function, refused for its caller's calls a minute (429) or a blocked
 * network (403) as 20261128020100_public_call_limits.sql words it (decision 040).
 */
export type CallLimitRefusal = DatabaseRefusal

/**
 * Counts one call to an Edge Function in the caller's budget, by the request's headers (the
 * database reads the one header the operator trusts): the refusal when its caller may make no
 * more, undefined otherwise. Only hosted Supabase counts in SQL; the Node server counts in
 * memory before the function runs, so its handlers get no `countCall`. A database that cannot
 * be reached refuses nothing here: the function meets it itself and says so.
 */
export const countFunctionCall = async (
  req: Request,
  query: RunQuery,
): Promise<CallLimitRefusal | undefined> => {
  if (req.method === 'OPTIONS') return undefined
  try {
    await query('select private.count_function_call($1::jsonb)', [
      JSON.stringify(headersForSql(req.headers)),
    ])
    return undefined
  } catch (error) {
    const answer = readDatabaseAnswer(error)
    if (answer === 'unreachable' || (answer.status !== 429 && answer.status !== 403)) {
      return undefined
    }
    return answer
  }
}

/** The refusal as the JSON functions answer their errors, CORS headers included. */
export const callLimitAnswer = (refusal: CallLimitRefusal, origin: string | null): Response =>
  errorAnswer(
    refusal.status,
    refusal.status === 403 ? 'blocked' : 'too_many_requests',
    refusal.message,
    origin,
    { more: { hint: refusal.hint }, headers: refusal.headers },
  )

/** What a shared handler takes to count its calls (hosted Supabase only). */
export interface CountsCalls {
  countCall?: (req: Request) => Promise<CallLimitRefusal | undefined>
}
