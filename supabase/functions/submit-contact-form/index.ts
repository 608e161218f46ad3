// The Supabase Edge Function the contact form posts to when the page's script does not run:
// reads its environment, opens the database and the mail server, and serves the shared
// handler (../_shared/contact/submit-contact-form.ts, which the Node server's /contato route runs
// too). Secrets: SITE_URL and SMTP_URL, optionally CONTACT_TO and MAIL_FROM; the platform
// provides SUPABASE_DB_URL. Deployed with verify_jwt = false: a form posts no key.
import { notConfigured, serveFunction, withSiteUrl } from '../_shared/http/edge-function.ts'
import { readFunctionSettings, readSiteUrl } from '../_shared/http/function-settings.ts'
import { createMailSender } from '../_shared/mail/mail-transport.ts'
import { openMailFunction } from '../_shared/mail/mail-function.ts'
import { handleSubmitContactForm } from '../_shared/contact/submit-contact-form.ts'

const env = Deno.env.toObject()

Deno.serve(
  serveFunction(
    withSiteUrl(readFunctionSettings(env), readSiteUrl(env.SITE_URL)),
    (settings) => {
      const { transport, inTransaction, deps: shared } = openMailFunction(settings)
      const deps = {
        ...shared,
        siteUrl: settings.siteUrl,
        inTransaction,
        sendEmail: createMailSender(transport, settings.mail),
      }
      return (req) => handleSubmitContactForm(req, deps)
    },
    // No page to send the visitor to without SITE_URL: say what is missing, plainly.
    (problems) => notConfigured.text(problems),
  ),
)
