import type { Queryable } from '../db/database.ts'
import { deskPaths } from '../desk/desk-paths.ts'
import type { WebhookReceiverSetting } from './webhook-settings.ts'

/**
 * Writes WEBHOOK_URLS into the database at start, as the other settings are, so every server on
 * one PostgreSQL queues and sends to the same receivers: those listed active, every other one
 * no longer listed (its history and what it still had to receive stay, and are shown). Unlike
 * the limits, which keep the database's value when unset, the list is the setting's: a server
 * sends to exactly what its WEBHOOK_URLS names, none when it names none. Also where payloads
 * link to a lead: this server's lead desk, when it is on.
 */
export const applyWebhookSettings = async (
  db: Queryable,
  receivers: WebhookReceiverSetting[],
  deskSiteUrl: string | undefined,
): Promise<void> => {
  await db.query('select private.sync_webhook_receivers($1::jsonb)', [JSON.stringify(receivers)])
  const site = deskSiteUrl === undefined ? undefined : new URL(deskSiteUrl)
  const leadLinkBase =
    site === undefined
      ? null
      : `${site.origin}${site.pathname.replace(/\/+$/, '')}${deskPaths.lead('')}`
  await db.query('update private.webhook_settings set lead_link_base = $1', [leadLinkBase])
}
