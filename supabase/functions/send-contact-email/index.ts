// The Supabase Edge Function: reads its environment, opens the database and the mail server,
// and serves the shared handler. Everything else lives in ../_shared/ and is what the Node
// server runs too. Secrets: SMTP_URL, MAIL_SWEEP_SECRET (what pg_cron's sweep sends), and
// optionally CONTACT_TO and MAIL_FROM; the platform provides SUPABASE_DB_URL.
// @ts-types="npm:@types/nodemailer@8.0.2"
import nodemailer from 'nodemailer'
// @ts-types="npm:@types/pg@8.23.1"
import pg from 'pg'
import { readFunctionSettings, type FunctionSettings } from '../_shared/function-settings.ts'
import { createMailSender } from '../_shared/mail-delivery.ts'
import { countFunctionCall } from '../_shared/function-call-limit.ts'
import { smtpTransportOptions } from '../_shared/mail-settings.ts'
import { headersForSql } from '../_shared/anon-request.ts'
import { corsHeaders } from '../_shared/cors.ts'
import { handleSendContactEmail } from '../_shared/send-contact-email.ts'

/** Supabase's runtime keeps a request's background work alive through this, when present. */
declare const EdgeRuntime: { waitUntil(work: Promise<unknown>): void } | undefined

const log = (level: 'info' | 'error', event: string, fields?: Record<string, unknown>) =>
  console[level === 'error' ? 'error' : 'log'](
    JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }),
  )

const loaded = readFunctionSettings(Deno.env.toObject())

const serveMisconfigured = (problems: string[]) => {
  log('error', 'function_not_configured', { problems })
  // Still JSON with CORS headers, so the browser logs the real reason, not a CORS error.
  return (req: Request) =>
    new Response(
      JSON.stringify({ error: { code: 'not_configured', message: problems.join(' ') } }),
      {
        status: 500,
        headers: {
          ...corsHeaders(req.headers.get('origin')),
          'Content-Type': 'application/json; charset=utf-8',
        },
      },
    )
}

const serveConfigured = (settings: FunctionSettings) => {
  for (const warning of settings.warnings) log('error', 'function_setting_warning', { warning })
  const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 3 })
  const transport = nodemailer.createTransport(
    smtpTransportOptions(settings.smtpUrl, settings.mail),
  )
  const query = async (sql: string, params: unknown[]) => await pool.query(sql, params)
  const deps = {
    query,
    sendEmail: createMailSender(transport, settings.mail),
    log: {
      info: (event: string, fields?: Record<string, string | number>) => log('info', event, fields),
      error: (event: string, fields?: Record<string, string | number>) =>
        log('error', event, fields),
    },
    responseDeadlineMs: settings.mail.responseDeadlineMs,
    sweepSecret: settings.sweepSecret,
    // The database reads the caller's address from the one header the operator trusts.
    visitorHeaders: (req: Request) => headersForSql(req.headers),
    // Each call counts in its caller's budget (decision 040).
    countCall: (req: Request) => countFunctionCall(req, query),
    waitUntil: (work: Promise<unknown>) =>
      typeof EdgeRuntime === 'undefined' ? undefined : EdgeRuntime.waitUntil(work),
  }
  return (req: Request) => handleSendContactEmail(req, deps)
}

Deno.serve(loaded.ok ? serveConfigured(loaded.settings) : serveMisconfigured(loaded.problems))
