// The Supabase Edge Function that sends the booking e-mails: reads its environment, opens the
// database and the mail server, and serves the shared handler (../_shared/send-booking-email.ts,
// which the Node server runs too). The booking page calls it after each change; pg_cron calls
// its /sweep path every minute. Secrets: SMTP_URL, SITE_URL (where the e-mails' links point),
// MAIL_SWEEP_SECRET, optionally CONTACT_TO and MAIL_FROM; the platform provides SUPABASE_DB_URL.
// @ts-types="npm:@types/nodemailer@8.0.2"
import nodemailer from 'nodemailer'
import { createBookingMailSender } from '../_shared/booking-mail-delivery.ts'
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
import { smtpTransportOptions } from '../_shared/mail-settings.ts'
import { handleSendBookingEmail } from '../_shared/send-booking-email.ts'

const env = Deno.env.toObject()

Deno.serve(
  serveFunction(
    withSiteUrl(readFunctionSettings(env), readSiteUrl(env.SITE_URL)),
    (settings) => {
      const { query } = openDatabase(settings.databaseUrl, 3)
      const transport = nodemailer.createTransport(
        smtpTransportOptions(settings.smtpUrl, settings.mail),
      )
      const deps = {
        query,
        sendBookingEmail: createBookingMailSender(transport),
        settings: { to: settings.mail.to, from: settings.mail.from, siteUrl: settings.siteUrl },
        log: deliveryLog,
        responseDeadlineMs: settings.mail.responseDeadlineMs,
        sweepSecret: settings.sweepSecret,
        // Each call counts in its caller's budget (decision 040).
        countCall: (req: Request) => countFunctionCall(req, query),
        waitUntil,
      }
      return (req) => handleSendBookingEmail(req, deps)
    },
    notConfigured.browser,
  ),
)
