import { Hono, type Context } from 'hono'
import {
  handleSendBookingEmail,
  type SendBookingEmailDeps,
} from '#shared/booking/send-booking-email.ts'
import {
  handleSendContactEmail,
  type SendContactEmailDeps,
} from '#shared/contact/send-contact-email.ts'
import { VISITOR_CLAIM_SQL } from '#shared/mail/mail-delivery.ts'
import { refusalScopes, type RefusalGuard } from '../rate-limit/refusal-guard.ts'
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
 * The same handlers the Supabase Edge Functions run; this file only mounts them, the contact
 * one with the caller's address as this server trusts it and the refusals it remembers. Like
 * the Supabase gateway, sub-paths (…/send-contact-email/retry, …/send-booking-email/sweep)
 * reach the same function.
 */
export const createFunctionRoutes = (
  contact: FunctionRouteDeps,
  booking: SendBookingEmailDeps | undefined,
) => {
  const scope = refusalScopes.sendContactEmail
  const sendContactEmail = (c: Context) =>
    handleSendContactEmail(c.req.raw, {
      ...contact,
      query: contact.refusals?.queries(c, scope, contact.query, isVisitorClaim) ?? contact.query,
      visitorHeaders: () => visitorRequest(c, contact.clientAddress(c)).headers,
      rememberedRefusal: async () => contact.refusals?.recall(c, scope),
    })
  const mount = (app: Hono, name: string, handler: (c: Context) => Promise<Response>) =>
    app.all(`/${name}`, handler).all(`/${name}/*`, handler)
  const app = mount(new Hono(), 'send-contact-email', sendContactEmail)
  if (booking) {
    mount(app, 'send-booking-email', (c) => handleSendBookingEmail(c.req.raw, booking))
  }
  return app.all('*', (c) =>
    c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404),
  )
}
