// The Supabase Edge Function pg_cron calls every minute to deliver webhooks: reads its
// environment, opens the database and serves the shared handler (../_shared/deliver-webhooks.ts;
// the Node server runs the same delivery core on a timer). Secrets: MAIL_SWEEP_SECRET (what
// pg_cron sends) and WEBHOOK_SECRET (signs for receivers without a secret of their own); the
// platform provides SUPABASE_DB_URL. Deployed with verify_jwt = false: the secret is the lock.
// @ts-types="npm:@types/pg@8.23.1"
import pg from 'pg'
import {
  FUNCTION_SWEEP_BUDGET_MS,
  handleDeliverWebhooks,
  readDeliverWebhooksSettings,
  type DeliverWebhooksSettings,
} from '../_shared/deliver-webhooks.ts'
import { WEBHOOK_TIMEOUT_MS } from '../_shared/webhook-delivery.ts'

const log = (level: 'info' | 'error', event: string, fields?: Record<string, unknown>) =>
  console[level === 'error' ? 'error' : 'log'](
    JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }),
  )

const loaded = readDeliverWebhooksSettings(Deno.env.toObject())

const serveMisconfigured = (problems: string[]) => {
  log('error', 'function_not_configured', { problems })
  return () =>
    new Response(
      JSON.stringify({ error: { code: 'not_configured', message: problems.join(' ') } }),
      { status: 500, headers: { 'Content-Type': 'application/json; charset=utf-8' } },
    )
}

const serveConfigured = (settings: DeliverWebhooksSettings) => {
  for (const warning of settings.warnings) log('error', 'function_setting_warning', { warning })
  const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 3 })
  const timeoutMs = Number(Deno.env.get('WEBHOOK_TIMEOUT_MS') ?? WEBHOOK_TIMEOUT_MS)
  const deps = {
    query: async (sql: string, params: unknown[]) => await pool.query(sql, params),
    defaultSecret: settings.webhookSecret,
    timeoutMs: Number.isInteger(timeoutMs) && timeoutMs > 0 ? timeoutMs : WEBHOOK_TIMEOUT_MS,
    sweepSecret: settings.sweepSecret,
    budgetMs: FUNCTION_SWEEP_BUDGET_MS,
    log: {
      info: (event: string, fields?: Record<string, string | number>) => log('info', event, fields),
      error: (event: string, fields?: Record<string, string | number>) =>
        log('error', event, fields),
    },
  }
  return (req: Request) => handleDeliverWebhooks(req, deps)
}

Deno.serve(loaded.ok ? serveConfigured(loaded.settings) : serveMisconfigured(loaded.problems))
