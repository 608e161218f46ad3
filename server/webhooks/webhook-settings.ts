import {
  describeWebhookUrl,
  isWebhookFormat,
  isWebhookUrl,
  type WebhookFormat,
} from '#shared/webhooks/webhook-receivers.ts'
import { webhookSecretProblem } from '#shared/webhooks/webhook-signature.ts'

/** One receiver as WEBHOOK_URLS lists it. */
export interface WebhookReceiverSetting {
  url: string
  format: WebhookFormat
}

/** The webhooks' part of the server's settings (server/settings.ts reads it from here). */
export interface WebhookSettings {
  /** WEBHOOK_URLS as listed: exactly the receivers this server sends to (none when unset). */
  receivers: WebhookReceiverSetting[]
  /** WEBHOOK_SECRET: signs every delivery (one or several `whsec_…`). */
  secret: string | undefined
}

/** More would be a mistake, not a team's channels and tools. */
const MAX_RECEIVERS = 20

const FORMAT_HINT = 'use #slack, #teams or #discord, or nothing for the signed JSON'

/**
 * WEBHOOK_URLS: addresses separated by spaces or line breaks, each with its format after a
 * `#` (`https://hooks.slack.com/services/…#slack`); none is the signed JSON of Standard
 * Webhooks. WEBHOOK_SECRET signs. Problems name an address only by its host and a hint, and
 * never quote the secret: both are secrets, and start-up errors end up in logs.
 */
export const readWebhookSettings = (
  env: Readonly<Record<string, string | undefined>>,
): { webhooks: WebhookSettings; problems: string[] } => {
  const problems: string[] = []
  const listText = env.WEBHOOK_URLS ?? ''
  const secretText = env.WEBHOOK_SECRET?.trim() || undefined
  if (secretText !== undefined) {
    const problem = webhookSecretProblem('WEBHOOK_SECRET', secretText)
    if (problem !== null) problems.push(problem)
  }
  const receivers: WebhookReceiverSetting[] = []
  {
    const entries = listText.split(/\s+/).filter((entry) => entry !== '')
    for (const [index, entry] of entries.entries()) {
      const hash = entry.indexOf('#')
      const url = hash === -1 ? entry : entry.slice(0, hash)
      const format = hash === -1 ? 'standard' : entry.slice(hash + 1).toLowerCase()
      const named = `WEBHOOK_URLS entry ${index + 1} (${describeWebhookUrl(url)})`
      if (!isWebhookUrl(url)) {
        problems.push(
          `${named} must be an https:// address (http:// only on this machine: 127.0.0.1, [::1], localhost), without a user name or password.`,
        )
      } else if (!isWebhookFormat(format)) {
        problems.push(`${named} has an unknown format after #: ${FORMAT_HINT}.`)
      } else if (receivers.some((receiver) => receiver.url === url)) {
        problems.push(`${named} is listed twice.`)
      } else {
        receivers.push({ url, format })
      }
    }
    if (entries.length > MAX_RECEIVERS) {
      problems.push(`WEBHOOK_URLS lists ${entries.length} addresses; at most ${MAX_RECEIVERS}.`)
    }
    if (receivers.some((receiver) => receiver.format === 'standard') && !secretText) {
      problems.push(
        'WEBHOOK_SECRET is needed to sign the JSON webhooks (the WEBHOOK_URLS without #slack, #teams or #discord): make one with: echo "whsec_$(openssl rand -base64 32)"',
      )
    }
  }
  return { webhooks: { receivers, secret: secretText }, problems }
}
