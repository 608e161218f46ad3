import type { Context, MiddlewareHandler } from 'hono'
import {
  blockedCallOf,
  blockedCallWords,
  callLimitCopy,
  type BlockedCall,
} from '#shared/http/call-limit-copy.ts'
import { errorAnswer } from '#shared/http/function-json.ts'
import type { RefusalQueue } from './refusal-queue.ts'
import type { CallBudget, CallDecision } from './call-budget.ts'
import { createCallerQueues, type CallerQueues } from './caller-queues.ts'
import { clientKey } from './client-key.ts'

export type CallRefusal = Extract<CallDecision, { allowed: false }>

/** How a refusal is written: as PostgREST, as the functions answer, or as plain text. */
export type RefusalShape = 'postgrest' | 'function' | 'text'

/**
 * The refusal's words, status and headers, as the SQL on hosted Supabase words them; a blocked
 * network in the words of the call it made (`blockedCallWords`).
 */
export const describeCallRefusal = (refusal: CallRefusal, call: BlockedCall = 'other') => {
  const blocked = refusal.reason === 'blocked'
  return {
    status: blocked ? (403 as const) : (429 as const),
    code: blocked ? 'PT403' : 'PT429',
    details: blocked ? blockedCallWords[call].details : null,
    message: blocked
      ? blockedCallWords[call].message
      : refusal.unknown
        ? callLimitCopy.tooManyUnknown
        : refusal.network
          ? callLimitCopy.tooManyNetwork
          : callLimitCopy.tooMany,
    hint: blocked ? null : callLimitCopy.retryHint(refusal.retryAfterSeconds),
    headers: (blocked ? {} : { 'Retry-After': String(refusal.retryAfterSeconds) }) as Record<
      string,
      string
    >,
  }
}

/** The refusal as the route it stands in for would answer. */
export const callRefusalResponse = (c: Context, refusal: CallRefusal, shape: RefusalShape) => {
  const { status, code, details, message, hint, headers } = describeCallRefusal(
    refusal,
    blockedCallOf(c.req.path),
  )
  if (shape === 'function') {
    return errorAnswer(
      status,
      status === 403 ? 'blocked' : 'too_many_requests',
      message,
      c.req.header('origin') ?? null,
      { more: { hint }, headers },
    )
  }
  for (const [name, value] of Object.entries(headers)) c.header(name, value)
  if (shape === 'text') {
    c.header('Cache-Control', 'private, no-store')
    return c.text(`${message}${hint ? ` ${hint}` : ''}\n`, status)
  }
  c.header('Proxy-Status', `PostgREST; error=${code}`)
  return c.json({ code, details, hint, message }, status)
}

/** What a CallerOf answers for a request that is not limited here at all. */
export const UNCOUNTED = Symbol('not counted')

/** Whom a request's call counts against: a client key (null: unknown), or UNCOUNTED. */
export type CallerOf = (c: Context) => string | null | typeof UNCOUNTED

export interface CallGuard {
  /**
   * Counts this request's call; when its caller may make none, waits for the turn of the key
   * that refused it (refusals leave one at a time, decision 027) and says why. Nothing is read
   * but headers.
   */
  check(c: Context): Promise<CallRefusal | undefined>
  /**
   * Waits until this request's caller may start another call (at most two of one address's
   * and four of one network's run at once on this server; caller-queues.ts); call the function
   * it gives when done.
   */
  enter(c: Context): Promise<() => void>
  /**
   * Middleware that counts every request it sees, answers a refused one in `shape`, and runs
   * the others in their caller's line. `callerOf` names the caller otherwise than by the
   * client key of its address (the desk's signed-in operators are not counted at all).
   */
  limit(shape: RefusalShape, callerOf?: CallerOf): MiddlewareHandler
}

/**
 * The server's guard in front of every public call (decisions 040, 058): the caller is the
 * client key of the address this server trusts (TRUST_PROXY), the one the database counts,
 * and its /56 and /48 with it (call-budget.ts).
 */
export const createCallGuard = (
  budget: CallBudget,
  turns: RefusalQueue,
  clientAddress: (c: Context) => string | undefined,
  lines: CallerQueues = createCallerQueues(),
): CallGuard => {
  const keyOf = (c: Context) => clientKey(clientAddress(c))
  const checkAs = async (key: string | null) => {
    const decision = budget.take(key)
    if (decision.allowed) return undefined
    const asked = performance.now()
    await turns.wait(decision.turnKey)
    // Retry-After as it stands when the answer leaves.
    const waited = (performance.now() - asked) / 1000
    return {
      ...decision,
      retryAfterSeconds: Math.max(1, Math.ceil(decision.retryAfterSeconds - waited)),
    }
  }
  return {
    check: (c) => checkAs(keyOf(c)),
    enter: (c) => lines.enter(keyOf(c)),
    limit:
      (shape, callerOf = keyOf) =>
      async (c, next) => {
        if (c.req.method === 'OPTIONS') return next()
        const key = callerOf(c)
        if (key === UNCOUNTED) return next()
        const refusal = await checkAs(key)
        if (refusal) return callRefusalResponse(c, refusal, shape)
        const leave = await lines.enter(key)
        try {
          await next()
        } finally {
          leave()
        }
      },
  }
}
