import type { Context } from 'hono'
import type { InTransaction } from '#shared/db/anon-request.ts'
import type { RunQuery } from '#shared/db/run-query.ts'
import { createRefusalQueue, type RefusalQueue, type RefusalQueueOptions } from './refusal-queue.ts'
import { clientKey } from './client-key.ts'
import type { RefusalMemory, RememberedRefusal } from './refusal-memory.ts'

/**
 * What a flood limit counts, besides the caller: the thing being limited, as the database
 * limits it. Two routes that the database counts together (the REST insert and the form
 * without script both add to the contact submissions' count) use one scope; a limit that also
 * depends on what is asked for (a slot, say) must name that in its scope too.
 */
export const refusalScopes = {
  /** An insert into this table (its triggers decide the limits). */
  insert: (table: string) => `insert:${table}`,
  /** A call to this database function through /rest/v1/rpc. */
  rpc: (name: string) => `rpc:${name}`,
  /** The visitor's call for the company's e-mail (private.claim_visitor_mail). */
  sendContactEmail: 'function:send-contact-email',
} as const

export {
  DEFAULT_REFUSALS_PER_SECOND,
  MAX_REFUSAL_WAIT_MS,
  MAX_WAITING_REFUSALS,
} from './refusal-queue.ts'

export type RefusalGuardOptions = RefusalQueueOptions

/**
 * The database's refusals for the caller of a request, keyed by the client key the database
 * counts (private.client_key of the address this server trusts, TRUST_PROXY; a header a
 * caller writes is never read here), so nobody can be refused with another's answer.
 *
 * The answers one caller gets this way leave one at a time, at most 20 a second: a caller
 * answered sooner sends sooner, so a flood from one address would otherwise keep the server's
 * one thread busy answering it, however cheap each answer is. A request waiting its turn costs
 * nothing; a lone one is answered at once; none waits more than 5 s (those past it leave at a
 * random moment in the last half, so that they do not all come back together). Retry-After is
 * counted when the answer leaves; a refusal that ended meanwhile asks the database.
 *
 * A route uses it in one or two lines:
 * - `guard.transactions(c, scope, transactionsOf(db))` in place of `transactionsOf(db)`: a
 *   transaction for a caller the database refused in this scope fails, in its turn, with the
 *   database's own error (Retry-After counting down), without touching the database, and a
 *   new refusal is remembered; the route answers it as it answers the database. One caller's
 *   transactions in one scope run one at a time on this server.
 * - optionally `await guard.recall(c, scope)` before reading the body: the same error, to
 *   answer with `databaseErrorResponse` before anything else is read.
 */
export interface RefusalGuard {
  recall(c: Context, scope: string): Promise<RememberedRefusal | undefined>
  transactions(c: Context, scope: string, inTransaction: InTransaction): InTransaction
  /**
   * The same for single queries, where only those `limited` picks out are the limited
   * question (answered from memory, one at a time); the others only teach it, so a query that
   * records what a request did is never refused halfway.
   */
  queries(c: Context, scope: string, query: RunQuery, limited?: (sql: string) => boolean): RunQuery
}

export const createRefusalGuard = (
  memory: RefusalMemory,
  clientAddress: (c: Context) => string | undefined,
  options: RefusalGuardOptions = {},
  /** The turns refusals leave in; the server shares one between its guards. */
  turns: RefusalQueue = createRefusalQueue(options),
): RefusalGuard => {
  const keyOf = (c: Context) => clientKey(clientAddress(c))

  /** The remembered refusal, in its turn; undefined when there is none (or no longer). */
  const recalled = async (scope: string, key: string | null) => {
    if (!memory.recall(scope, key)) return undefined
    await turns.wait(key)
    return memory.recall(scope, key)
  }

  // The tail of each caller's line of questions to the database, per scope.
  const lines = new Map<string, Promise<void>>()

  /** Runs ask after every earlier question of this caller in this scope has its answer. */
  const inLine = async <T>(id: string, ask: () => Promise<T>): Promise<T> => {
    const earlier = lines.get(id) ?? Promise.resolve()
    let done = () => {}
    const tail = earlier.then(() => new Promise<void>((resolve) => (done = resolve)))
    lines.set(id, tail)
    try {
      await earlier
      return await ask()
    } finally {
      done()
      if (lines.get(id) === tail) lines.delete(id)
    }
  }

  const TOLD = Symbol('refused meanwhile')

  /**
   * Asks the database one question at a time per caller and scope (the database decides a
   * caller's questions one at a time anyway: its counter row is locked), learning its
   * refusals; a question whose caller was refused while it waited in line gets that refusal,
   * in its turn, and none reaches the database. So a flood's first burst costs the database
   * one refusal, not one per connection.
   */
  const asked = async <T>(scope: string, key: string | null, ask: () => Promise<T>) => {
    for (;;) {
      const remembered = await recalled(scope, key)
      if (remembered) throw remembered
      const answer = await inLine(`${scope}\u0000${key ?? ''}`, async () => {
        if (memory.recall(scope, key)) return TOLD
        const askedAt = memory.now()
        return ask().catch((error: unknown) => {
          memory.learn(scope, key, error, askedAt)
          throw error
        })
      })
      if (answer !== TOLD) return answer as T
    }
  }

  const learning = <T>(scope: string, key: string | null, ask: () => Promise<T>): Promise<T> => {
    const askedAt = memory.now()
    return ask().catch((error: unknown) => {
      memory.learn(scope, key, error, askedAt)
      throw error
    })
  }

  return {
    recall: (c, scope) => recalled(scope, keyOf(c)),

    transactions(c, scope, inTransaction) {
      const key = keyOf(c)
      return (fn) => asked(scope, key, () => inTransaction(fn))
    },

    queries(c, scope, query, limited = () => false) {
      const key = keyOf(c)
      return (sql, params) =>
        limited(sql)
          ? asked(scope, key, () => query(sql, params))
          : learning(scope, key, () => query(sql, params))
    },
  }
}
