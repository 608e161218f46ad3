// The Supabase Edge Function: reads its environment, opens the database and the mail server,
// and serves the shared handler. Everything else lives in ../_shared/ and is what the Node
// server runs too. Secrets: SMTP_URL, MAIL_SWEEP_SECRET (what pg_cron's sweep sends), and
// optionally CONTACT_TO and MAIL_FROM; the platform provides SUPABASE_DB_URL.
import { headersForSql } from '../_shared/db/anon-request.ts'
import { notConfigured, serveFunction } from '../_shared/http/edge-function.ts'
import { readFunctionSettings } from '../_shared/http/function-settings.ts'
import { createMailSender } from '../_shared/mail/mail-transport.ts'
import { openMailFunction } from '../_shared/mail/mail-function.ts'
import { handleSendContactEmail } from '../_shared/contact/send-contact-email.ts'

Deno.serve(
  serveFunction(
    readFunctionSettings(Deno.env.toObject()),
    (settings) => {
      const { transport, deps: shared } = openMailFunction(settings)
      const deps = {
        ...shared,
        sendEmail: createMailSender(transport, settings.mail),
        sweepSecret: settings.sweepSecret,
        // The database reads the caller's address from the one header the operator trusts.
        visitorHeaders: (req: Request) => headersForSql(req.headers),
      }
      return (req) => handleSendContactEmail(req, deps)
    },
    notConfigured.browser,
  ),
)
