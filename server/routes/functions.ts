import { Hono } from 'hono'
import {
  handleSendContactEmail,
  type SendContactEmailDeps,
} from '../../supabase/functions/_shared/send-contact-email.ts'

/** The same handler the Supabase Edge Function runs; this file only mounts it. */
export const createFunctionRoutes = (deps: SendContactEmailDeps) =>
  new Hono()
    .all('/send-contact-email', (c) => handleSendContactEmail(c.req.raw, deps))
    .all('*', (c) =>
      c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404),
    )
