// The Supabase Edge Function the contact form posts to when the page's script does not run:
// reads its environment, opens the database and the mail server, and serves the shared
// handler (../_shared/submit-contact-form.ts, which the Node server's /contato route runs
// too). Secrets: SITE_URL and SMTP_URL, optionally CONTACT_TO and MAIL_FROM; the platform
// provides SUPABASE_DB_URL. Deployed with verify_jwt = false: a form posts no key.
// @ts-types="npm:@types/nodemailer@8.0.2"
import nodemailer from 'nodemailer'
import {
  deliveryLog,
  notConfigured,
  openDatabase,
  serveFunction,
  waitUntil,
  withSiteUrl,
} from '../_shared/edge-function.ts'
import { countFunctionCall } from '../_shared/function-call-limit.ts'
import { readFunctionSettings, readSiteUrl } from '../_shared/function-settings.ts'
import { createMailSender } from '../_shared/mail-delivery.ts'
import { smtpTransportOptions } from '../_shared/mail-settings.ts'
import { handleSubmitContactForm } from '../_shared/submit-contact-form.ts'

const env = Deno.env.toObject()

Deno.serve(
  serveFunction(
    withSiteUrl(readFunctionSettings(env), readSiteUrl(env.SITE_URL)),
    (settings) => {
      const { query, inTransaction } = openDatabase(settings.databaseUrl, 3)
      const transport = nodemailer.createTransport(
        smtpTransportOptions(settings.smtpUrl, settings.mail),
      )
      const deps = {
        siteUrl: settings.siteUrl,
        inTransaction,
        query,
        sendEmail: createMailSender(transport, settings.mail),
        log: deliveryLog,
        responseDeadlineMs: settings.mail.responseDeadlineMs,
        // Each call counts in its caller's budget (decision 040).
        countCall: (req: Request) => countFunctionCall(req, query),
        waitUntil,
      }
      return (req) => handleSubmitContactForm(req, deps)
    },
    // No page to send the visitor to without SITE_URL: say what is missing, plainly.
    (problems) => notConfigured.text(problems),
  ),
)
