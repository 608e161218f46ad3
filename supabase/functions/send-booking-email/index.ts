// The Supabase Edge Function that sends the booking e-mails: reads its environment, opens the
// database and the mail server, and serves the shared handler (../_shared/booking/send-booking-email.ts,
// which the Node server runs too). The booking page calls it after each change; pg_cron calls
// its /sweep path every minute. Secrets: SMTP_URL, SITE_URL (where the e-mails' links point),
// MAIL_SWEEP_SECRET, optionally CONTACT_TO and MAIL_FROM; the platform provides SUPABASE_DB_URL.
import { createBookingMailSender } from '../_shared/booking/booking-mail-delivery.ts'
import { notConfigured, serveFunction, withSiteUrl } from '../_shared/http/edge-function.ts'
import { readFunctionSettings, readSiteUrl } from '../_shared/http/function-settings.ts'
import { openMailFunction } from '../_shared/mail/mail-function.ts'
import { handleSendBookingEmail } from '../_shared/booking/send-booking-email.ts'

const env = Deno.env.toObject()

Deno.serve(
  serveFunction(
    withSiteUrl(readFunctionSettings(env), readSiteUrl(env.SITE_URL)),
    (settings) => {
      const { transport, deps: shared } = openMailFunction(settings)
      const deps = {
        ...shared,
        sendBookingEmail: createBookingMailSender(transport),
        settings: { to: settings.mail.to, from: settings.mail.from, siteUrl: settings.siteUrl },
        sweepSecret: settings.sweepSecret,
      }
      return (req) => handleSendBookingEmail(req, deps)
    },
    notConfigured.browser,
  ),
)
