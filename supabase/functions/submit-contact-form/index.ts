// The Supabase Edge Function the contact form posts to when the page's script does not run:
// reads its environment, opens the database and the mail server, and serves the shared
// handler (../_shared/submit-contact-form.ts, which the Node server's /contato route runs
// too). Secrets: SITE_URL and SMTP_URL, optionally CONTACT_TO and MAIL_FROM; the platform
// provides SUPABASE_DB_URL. Deployed with verify_jwt = false: a form posts no key.
// @ts-types="npm:@types/nodemailer@8.0.2"
import nodemailer from 'nodemailer'
// @ts-types="npm:@types/pg@8.23.1"
import pg from 'pg'
import type { InTransaction } from '../_shared/anon-request.ts'
import {
  readFunctionSettings,
  readSiteUrl,
  type FunctionSettings,
} from '../_shared/function-settings.ts'
import { createMailSender } from '../_shared/mail-delivery.ts'
import { countFunctionCall } from '../_shared/function-call-limit.ts'
import { smtpTransportOptions } from '../_shared/mail-settings.ts'
import { handleSubmitContactForm } from '../_shared/submit-contact-form.ts'

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
  // No page to send the visitor to without SITE_URL: say what is missing, plainly.
  return () =>
    new Response(`This function is not configured: ${problems.join(' ')}\n`, {
      status: 500,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
}

/** One connection per request's transaction, as PostgREST holds one per request. */
const transactionsOn =
  (pool: pg.Pool): InTransaction =>
  async (fn) => {
    const client = await pool.connect()
    let broken: Error | undefined
    try {
      await client.query('begin')
      const result = await fn(client)
      await client.query('commit')
      return result
    } catch (error) {
      await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError))
      throw error
    } finally {
      // A connection that cannot even roll back is dropped rather than handed out again.
      client.release(broken)
    }
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
    siteUrl,
    inTransaction: transactionsOn(pool),
    query,
    sendEmail: createMailSender(transport, settings.mail),
    log: {
      info: (event: string, fields?: Record<string, string | number>) => log('info', event, fields),
      error: (event: string, fields?: Record<string, string | number>) =>
        log('error', event, fields),
    },
    responseDeadlineMs: settings.mail.responseDeadlineMs,
    // Each call counts in its caller's budget (decision 040).
    countCall: (req: Request) => countFunctionCall(req, query),
    waitUntil: (work: Promise<unknown>) =>
      typeof EdgeRuntime === 'undefined' ? undefined : EdgeRuntime.waitUntil(work),
  }
  return (req: Request) => handleSubmitContactForm(req, deps)
}

Deno.serve(
  loaded.ok && site.ok
    ? serveConfigured(loaded.settings, site.siteUrl)
    : serveMisconfigured([
        ...(loaded.ok ? [] : loaded.problems),
        ...(site.ok ? [] : [site.problem]),
      ]),
)
