import type { Queryable } from '../db/database.ts'
import { deskPaths } from '../desk/desk-paths.ts'
import type { WebhookReceiverSetting } from './webhook-settings.ts'

/**
 * Writes WEBHOOK_URLS into the database at start, as the other settings are, so every server on
 * one PostgreSQL queues and sends to the same receivers: listed ones active, the others no
 * longer listed (their history and what they still had to receive stay). Unset keeps the
 * database's list. Also where payloads link to a lead: this server's lead desk, when it is on.
 */
export const applyWebhookSettings = async (
  db: Queryable,
  receivers: WebhookReceiverSetting[] | undefined,
  deskSiteUrl: string | undefined,
): Promise<void> => {
  if (receivers !== undefined) {
    await db.query('select private.sync_webhook_receivers($1::jsonb)', [JSON.stringify(receivers)])
  }
  const site = deskSiteUrl === undefined ? undefined : new URL(deskSiteUrl)
  const leadLinkBase =
    site === undefined
      ? null
      : `${site.origin}${site.pathname.replace(/\/+$/, '')}${deskPaths.lead('')}`
  await db.query('update private.webhook_settings set lead_link_base = $1', [leadLinkBase])
}
