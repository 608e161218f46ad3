import { Hono } from 'hono'
import {
  handleSendContactEmail,
  type SendContactEmailDeps,
} from '../../supabase/functions/_shared/send-contact-email.ts'

/**
 * The same handler the Supabase Edge Function runs; this file only mounts it. Like the
 * Supabase gateway, sub-paths (…/send-contact-email/retry) reach the same function.
 */
export const createFunctionRoutes = (deps: SendContactEmailDeps) => {
  const handler = (c: { req: { raw: Request } }) => handleSendContactEmail(c.req.raw, deps)
  return new Hono()
    .all('/send-contact-email', handler)
    .all('/send-contact-email/*', handler)
    .all('*', (c) =>
      c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404),
    )
}
