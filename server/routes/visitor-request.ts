import type { Context } from 'hono'
import { headersForSql, type AnonRequest, type InTransaction } from '#shared/db/anon-request.ts'
import type { Database } from '../db/database.ts'
import type { RefusalGuard } from '../rate-limit/refusal-guard.ts'

/**
 * A visitor's request as the database sees it (PostgREST's request.* settings), with the
 * caller's address as this server trusts it (TRUST_PROXY), never as the caller wrote it:
 * the headers that name an address would let a caller pick the one the limits count.
 */
export const visitorRequest = (c: Context, clientAddress: string | undefined): AnonRequest => {
  const headers = headersForSql(c.req.raw.headers)
  delete headers['cf-connecting-ip']
  delete headers['x-forwarded-for']
  if (clientAddress) headers['x-forwarded-for'] = clientAddress
  return { method: c.req.method, path: c.req.path, headers }
}

/** The database's transactions in the shape the shared insert takes. */
export const transactionsOf =
  (db: Database): InTransaction =>
  (fn) =>
    db.transaction(fn)

/**
 * The database's transactions for a request the database limits in `scope`: through the
 * refusal guard when the server has one, so a caller it refused is answered from memory
 * (decision 027).
 */
export const limitedTransactionsOf = (
  c: Context,
  db: Database,
  refusals: RefusalGuard | undefined,
  scope: string,
): InTransaction => {
  const transactions = transactionsOf(db)
  return refusals?.transactions(c, scope, transactions) ?? transactions
}
