// The Supabase Edge Function pg_cron calls every minute to deliver webhooks: reads its
// environment, opens the database and serves the shared handler (../_shared/webhooks/deliver-webhooks.ts;
// the Node server runs the same delivery core on a timer). Secrets: MAIL_SWEEP_SECRET (what
// pg_cron sends) and WEBHOOK_SECRET (signs for receivers without a secret of their own); the
// platform provides SUPABASE_DB_URL. Deployed with verify_jwt = false: the secret is the lock.
import {
  FUNCTION_SWEEP_BUDGET_MS,
  handleDeliverWebhooks,
  readDeliverWebhooksSettings,
} from '../_shared/webhooks/deliver-webhooks.ts'
import { serveScheduled } from '../_shared/http/edge-function.ts'
import { WEBHOOK_TIMEOUT_MS } from '../_shared/webhooks/webhook-delivery.ts'

Deno.serve(
  serveScheduled(readDeliverWebhooksSettings(Deno.env.toObject()), 3, (settings, basics) => {
    const timeoutMs = Number(Deno.env.get('WEBHOOK_TIMEOUT_MS') ?? WEBHOOK_TIMEOUT_MS)
    const deps = {
      ...basics,
      defaultSecret: settings.webhookSecret,
      timeoutMs: Number.isInteger(timeoutMs) && timeoutMs > 0 ? timeoutMs : WEBHOOK_TIMEOUT_MS,
      budgetMs: FUNCTION_SWEEP_BUDGET_MS,
    }
    return (req) => handleDeliverWebhooks(req, deps)
  }),
)
