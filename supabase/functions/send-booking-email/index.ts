// The Supabase Edge Function that sends the booking e-mails: reads its environment, opens the
// database and the mail server, and serves the shared handler (../_shared/send-booking-email.ts,
// which the Node server runs too). The booking page calls it after each change; pg_cron calls
// its /sweep path every minute. Secrets: SMTP_URL, SITE_URL (where the e-mails' links point),
// MAIL_SWEEP_SECRET, optionally CONTACT_TO and MAIL_FROM; the platform provides SUPABASE_DB_URL.
// @ts-types="npm:@types/nodemailer@8.0.2"
import nodemailer from 'nodemailer'
// @ts-types="npm:@types/pg@8.23.1"
import pg from 'pg'
import { createBookingMailSender } from '../_shared/booking-mail-delivery.ts'
import { errorAnswer } from '../_shared/function-json.ts'
import {
  readFunctionSettings,
  readSiteUrl,
  type FunctionSettings,
} from '../_shared/function-settings.ts'
import { countFunctionCall } from '../_shared/function-call-limit.ts'
import { smtpTransportOptions } from '../_shared/mail-settings.ts'
import { handleSendBookingEmail } from '../_shared/send-booking-email.ts'

/** Supabase's runtime keeps a request's background work alive through this, when present. */
declare const EdgeRuntime: { waitUntil(work: Promise<unknown>): void } | undefined

const log = (level: 'info' | 'error', event: string, fields?: Record<string, unknown>) =>
  console[level === 'error' ? 'error' : 'log'](
    JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }),
  )

const env = Deno.env.toObject()
const loaded = readFunctionSettings(env)
const site = readSiteUrl(env.SITE_URL)

const serveMisconfigured = (problems: string[]) => {
  log('error', 'function_not_configured', { problems })
  // Still JSON with CORS headers, so the browser logs the real reason, not a CORS error.
  return (req: Request) =>
    errorAnswer(500, 'not_configured', problems.join(' '), req.headers.get('origin'))
}

const serveConfigured = (settings: FunctionSettings, siteUrl: string) => {
  for (const warning of settings.warnings) log('error', 'function_setting_warning', { warning })
  const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 3 })
  // An idle connection the database dropped must not end the function.
  pool.on('error', () => {})
  const transport = nodemailer.createTransport(
    smtpTransportOptions(settings.smtpUrl, settings.mail),
  )
  const query = async (sql: string, params: unknown[]) => await pool.query(sql, params)
  const deps = {
    query,
    sendBookingEmail: createBookingMailSender(transport),
    settings: { to: settings.mail.to, from: settings.mail.from, siteUrl },
    log: {
      info: (event: string, fields?: Record<string, string | number>) => log('info', event, fields),
      error: (event: string, fields?: Record<string, string | number>) =>
        log('error', event, fields),
    },
    responseDeadlineMs: settings.mail.responseDeadlineMs,
    sweepSecret: settings.sweepSecret,
    // Each call counts in its caller's budget (decision 040).
    countCall: (req: Request) => countFunctionCall(req, query),
    waitUntil: (work: Promise<unknown>) =>
      typeof EdgeRuntime === 'undefined' ? undefined : EdgeRuntime.waitUntil(work),
  }
  return (req: Request) => handleSendBookingEmail(req, deps)
}

Deno.serve(
  loaded.ok && site.ok
    ? serveConfigured(loaded.settings, site.siteUrl)
    : serveMisconfigured([
        ...(loaded.ok ? [] : loaded.problems),
        ...(site.ok ? [] : [site.problem]),
      ]),
)
