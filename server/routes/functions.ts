import { Hono } from 'hono'
import {
  handleSendBookingEmail,
  type SendBookingEmailDeps,
} from '../../supabase/functions/_shared/send-booking-email.ts'
import {
  handleSendContactEmail,
  type SendContactEmailDeps,
} from '../../supabase/functions/_shared/send-contact-email.ts'

type Handler = (req: Request) => Promise<Response>

/**
 * The same handlers the Supabase Edge Functions run; this file only mounts them. Like the
 * Supabase gateway, sub-paths (…/send-contact-email/retry, …/send-booking-email/sweep) reach
 * the same function.
 */
export const createFunctionRoutes = (
  contact: SendContactEmailDeps,
  booking: SendBookingEmailDeps | undefined,
) => {
  const mount = (app: Hono, name: string, handle: Handler) => {
    const handler = (c: { req: { raw: Request } }) => handle(c.req.raw)
    return app.all(`/${name}`, handler).all(`/${name}/*`, handler)
  }
  const app = mount(new Hono(), 'send-contact-email', (req) => handleSendContactEmail(req, contact))
  if (booking) mount(app, 'send-booking-email', (req) => handleSendBookingEmail(req, booking))
  return app.all('*', (c) =>
    c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404),
  )
}
