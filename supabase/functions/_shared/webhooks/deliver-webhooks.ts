import { schedulerFailed, schedulerHandler, schedulerJson } from '../http/scheduler-request.ts'
import { readDatabaseUrl, readSweepSecret } from '../http/function-env.ts'
import { deliverDueWebhooks, type WebhookDeliveryDeps } from './webhook-delivery.ts'
import { webhookSecretProblem } from './webhook-signature.ts'

/**
 * The deliver-webhooks Edge Function, runtime-neutral: pg_cron calls it every minute (through
 * pg_net, migration 20261126000100) with the scheduler's secret, and it sends what is due.
 * Only the scheduler may: anyone else gets 401 and no counts, as with the mail sweep.
 */

/** A sweep claims nothing new after this long; an attempt in flight may take its timeout more. */
export const FUNCTION_SWEEP_BUDGET_MS = 25_000

export interface DeliverWebhooksDeps extends WebhookDeliveryDeps {
  /** MAIL_SWEEP_SECRET, the scheduler's secret; without one nobody may run the sweep. */
  sweepSecret: string | undefined
  budgetMs: number
}

/** What the function reads from its secrets; the platform provides SUPABASE_DB_URL. */
export interface DeliverWebhooksSettings {
  databaseUrl: string
  sweepSecret: string | undefined
  webhookSecret: string | undefined
  warnings: string[]
}

export type DeliverWebhooksSettingsResult =
  { ok: true; settings: DeliverWebhooksSettings } | { ok: false; problems: string[] }

export const readDeliverWebhooksSettings = (
  env: Readonly<Record<string, string | undefined>>,
): DeliverWebhooksSettingsResult => {
  const problems: string[] = []
  const databaseUrl = readDatabaseUrl(env, problems)
  const sweepSecret = readSweepSecret(env, problems)
  const webhookSecret = env.WEBHOOK_SECRET?.trim() || undefined
  const signingProblem =
    webhookSecret === undefined ? null : webhookSecretProblem('WEBHOOK_SECRET', webhookSecret)
  if (signingProblem !== null) problems.push(signingProblem)
  if (!databaseUrl || problems.length > 0) return { ok: false, problems }
  const warnings: string[] = []
  if (sweepSecret === undefined) {
    warnings.push(
      'MAIL_SWEEP_SECRET is missing: the scheduled sweep is refused, so no webhook is delivered (docs/deploy.md).',
    )
  }
  return { ok: true, settings: { databaseUrl, sweepSecret, webhookSecret, warnings } }
}

export const handleDeliverWebhooks = schedulerHandler(
  'Only the scheduler may run the webhook sweep.',
  async (deps: DeliverWebhooksDeps) =>
    schedulerJson(200, { ok: true, ...(await deliverDueWebhooks(deps, deps.budgetMs)) }),
  () => schedulerFailed('The sweep failed.'),
)
