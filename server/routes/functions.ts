import { Hono, type Context } from 'hono'
import {
  handleSendContactEmail,
  type SendContactEmailDeps,
} from '../../supabase/functions/_shared/send-contact-email.ts'
import { VISITOR_CLAIM_SQL } from '../../supabase/functions/_shared/mail-delivery.ts'
import { refusalScopes, type RefusalGuard } from '../flood/refusal-guard.ts'
import { visitorRequest } from './visitor-request.ts'

const isVisitorClaim = (sql: string) => sql === VISITOR_CLAIM_SQL

export interface FunctionRouteDeps extends Omit<
  SendContactEmailDeps,
  'visitorHeaders' | 'rememberedRefusal'
> {
  /** The caller's address as the database should see it (the socket's, never a header's). */
  clientAddress: (c: Context) => string | undefined
  /** The database's flood refusals, answered again without it until their Retry-After. */
  refusals?: RefusalGuard
}

/**
 * The same handler the Supabase Edge Function runs; this file only mounts it, with the
 * caller's address as this server trusts it and the refusals it remembers. Like the Supabase
 * gateway, sub-paths (…/send-contact-email/retry) reach the same function.
 */
export const createFunctionRoutes = (deps: FunctionRouteDeps) => {
  const scope = refusalScopes.sendContactEmail
  const handler = (c: Context) =>
    handleSendContactEmail(c.req.raw, {
      ...deps,
      query: deps.refusals?.queries(c, scope, deps.query, isVisitorClaim) ?? deps.query,
      visitorHeaders: () => visitorRequest(c, deps.clientAddress(c)).headers,
      rememberedRefusal: async () => deps.refusals?.recall(c, scope),
    })
  return new Hono()
    .all('/send-contact-email', handler)
    .all('/send-contact-email/*', handler)
    .all('*', (c) =>
      c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404),
    )
}
