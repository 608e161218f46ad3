import type { Context } from 'hono'
import type { InTransaction } from '../../supabase/functions/_shared/anon-request.ts'
import type { RunQuery } from '../../supabase/functions/_shared/mail-delivery.ts'
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

/**
 * The database's refusals for the caller of a request, keyed by the client key the database
 * counts (private.client_key of the address this server trusts, TRUST_PROXY; a header a
 * caller writes is never read here), so nobody can be refused with another's answer.
 *
 * A route uses it in one or two lines:
 * - `guard.transactions(c, scope, transactionsOf(db))` in place of `transactionsOf(db)`: a
 *   transaction for a caller the database refused in this scope fails at once with the
 *   database's own error (Retry-After counting down), without touching the database, and a
 *   new refusal is remembered; the route answers it as it answers the database.
 * - optionally `guard.recall(c, scope)` before reading the body: the same error, to answer
 *   with `databaseErrorResponse` before anything else is read.
 */
export interface RefusalGuard {
  recall(c: Context, scope: string): RememberedRefusal | undefined
  transactions(c: Context, scope: string, inTransaction: InTransaction): InTransaction
  /** Learns the refusals these queries meet; asks nothing of the memory (use recall). */
  queries(c: Context, scope: string, query: RunQuery): RunQuery
}

export const createRefusalGuard = (
  memory: RefusalMemory,
  clientAddress: (c: Context) => string | undefined,
): RefusalGuard => {
  const keyOf = (c: Context) => clientKey(clientAddress(c))

  const learning = <T>(scope: string, key: string | null, ask: () => Promise<T>): Promise<T> => {
    const askedAt = memory.now()
    return ask().catch((error: unknown) => {
      memory.learn(scope, key, error, askedAt)
      throw error
    })
  }

  return {
    recall: (c, scope) => memory.recall(scope, keyOf(c)),

    transactions(c, scope, inTransaction) {
      const key = keyOf(c)
      return (fn) => {
        const remembered = memory.recall(scope, key)
        if (remembered) return Promise.reject(remembered)
        return learning(scope, key, () => inTransaction(fn))
      }
    },

    queries(c, scope, query) {
      const key = keyOf(c)
      return (sql, params) => learning(scope, key, () => query(sql, params))
    },
  }
}
