// The Supabase Edge Function: reads its environment, opens the database and the mail server,
// and serves the shared handler. Everything else lives in ../_shared/ and is what the Node
// server runs too. Secrets: SMTP_URL, MAIL_SWEEP_SECRET (what pg_cron's sweep sends), and
// optionally CONTACT_TO and MAIL_FROM; the platform provides SUPABASE_DB_URL.
// @ts-types="npm:@types/nodemailer@8.0.2"
import nodemailer from 'nodemailer'
import { headersForSql } from '../_shared/anon-request.ts'
import {
  deliveryLog,
  notConfigured,
  openDatabase,
  serveFunction,
  waitUntil,
} from '../_shared/edge-function.ts'
import { countFunctionCall } from '../_shared/function-call-limit.ts'
import { readFunctionSettings } from '../_shared/function-settings.ts'
import { createMailSender } from '../_shared/mail-delivery.ts'
import { smtpTransportOptions } from '../_shared/mail-settings.ts'
import { handleSendContactEmail } from '../_shared/send-contact-email.ts'

Deno.serve(
  serveFunction(
    readFunctionSettings(Deno.env.toObject()),
    (settings) => {
      const { query } = openDatabase(settings.databaseUrl, 3)
      const transport = nodemailer.createTransport(
        smtpTransportOptions(settings.smtpUrl, settings.mail),
      )
      const deps = {
        query,
        sendEmail: createMailSender(transport, settings.mail),
        log: deliveryLog,
        responseDeadlineMs: settings.mail.responseDeadlineMs,
        sweepSecret: settings.sweepSecret,
        // The database reads the caller's address from the one header the operator trusts.
        visitorHeaders: (req: Request) => headersForSql(req.headers),
        // Each call counts in its caller's budget (decision 040).
        countCall: (req: Request) => countFunctionCall(req, query),
        waitUntil,
      }
      return (req) => handleSendContactEmail(req, deps)
    },
    notConfigured.browser,
  ),
)
