// The Supabase Edge Function pg_cron asks every minute (private.run_pipeline_watch) to send the
// company's alerts: a lead about to break the reply promise, an incident of the pipeline, the
// weekly summary (../_shared/watch-pipeline.ts; the Node server runs the same on a timer).
// Secrets: SMTP_URL, MAIL_SWEEP_SECRET, optionally CONTACT_TO and MAIL_FROM; the platform
// provides SUPABASE_DB_URL. Deployed with verify_jwt = false: the secret is the lock.
// @ts-types="npm:@types/nodemailer@8.0.2"
import nodemailer from 'nodemailer'
// @ts-types="npm:@types/pg@8.23.1"
import pg from 'pg'
import { createBookingMailSender } from '../_shared/booking-mail-delivery.ts'
import { readFunctionSettings, type FunctionSettings } from '../_shared/function-settings.ts'
import { smtpTransportOptions } from '../_shared/mail-settings.ts'
import { schedulerJson } from '../_shared/scheduler-request.ts'
import { handleWatchPipeline } from '../_shared/watch-pipeline.ts'

const log = (level: 'info' | 'error', event: string, fields?: Record<string, unknown>) =>
  console[level === 'error' ? 'error' : 'log'](
    JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }),
  )

const loaded = readFunctionSettings(Deno.env.toObject())

const serveMisconfigured = (problems: string[]) => {
  log('error', 'function_not_configured', { problems })
  return () =>
    schedulerJson(500, { error: { code: 'not_configured', message: problems.join(' ') } })
}

const serveConfigured = (settings: FunctionSettings) => {
  for (const warning of settings.warnings) log('error', 'function_setting_warning', { warning })
  const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 2 })
  // An idle connection the database dropped must not end the function.
  pool.on('error', () => {})
  const transport = nodemailer.createTransport(
    smtpTransportOptions(settings.smtpUrl, settings.mail),
  )
  const deps = {
    query: async (sql: string, params: unknown[]) => await pool.query(sql, params),
    sendMessage: createBookingMailSender(transport),
    settings: { to: settings.mail.to, from: settings.mail.from },
    sweepSecret: settings.sweepSecret,
    log: {
      info: (event: string, fields?: Record<string, string | number>) => log('info', event, fields),
      error: (event: string, fields?: Record<string, string | number>) =>
        log('error', event, fields),
    },
  }
  return (req: Request) => handleWatchPipeline(req, deps)
}

Deno.serve(loaded.ok ? serveConfigured(loaded.settings) : serveMisconfigured(loaded.problems))
