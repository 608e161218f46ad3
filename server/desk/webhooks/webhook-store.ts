import type { Queryable } from '../../db/database.ts'
import {
  describeWebhookUrl,
  isWebhookFormat,
  type WebhookFormat,
} from '#shared/webhooks/webhook-receivers.ts'

/**
 * A webhook receiver as the desk shows it: never its address, only `shownAs` (host and a hint,
 * webhook-receivers.ts), since a Slack or Discord address is itself the key to the channel.
 */
export interface WebhookReceiverState {
  id: string
  shownAs: string
  format: WebhookFormat
  /** Listed (WEBHOOK_URLS, or active in the table); false: removed, kept for what waits. */
  listed: boolean
  /** When it answered 410 Gone and was disabled; null while enabled. */
  disabledAt: Date | null
  hasOwnSecret: boolean
  /** Deliveries still to be tried, and those set apart after the retry schedule ran out. */
  pending: number
  failed: number
  deliveredLastWeek: number
  oldestUndeliveredAt: Date | null
  lastSuccessAt: Date | null
  lastFailureAt: Date | null
  lastError: string | null
}

interface ReceiverRow {
  id: string | number
  url: string
  format: string
  active: boolean
  disabled_at: Date | string | null
  has_own_secret: boolean
  pending: number
  failed: number
  delivered_last_week: number
  oldest_undelivered_at: Date | string | null
  last_success_at: Date | string | null
  last_failure_at: Date | string | null
  last_error: string | null
}

const date = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value)

const readReceiver = (row: ReceiverRow): WebhookReceiverState => ({
  id: String(row.id),
  shownAs: describeWebhookUrl(row.url),
  format: isWebhookFormat(row.format) ? row.format : 'standard',
  listed: row.active,
  disabledAt: date(row.disabled_at),
  hasOwnSecret: row.has_own_secret,
  pending: row.pending,
  failed: row.failed,
  deliveredLastWeek: row.delivered_last_week,
  oldestUndeliveredAt: date(row.oldest_undelivered_at),
  lastSuccessAt: date(row.last_success_at),
  lastFailureAt: date(row.last_failure_at),
  lastError: row.last_error,
})

/**
 * Every listed receiver, and those no longer listed that still hold something undelivered;
 * listed first. The address is read only to be described here, and goes no further.
 */
export const listWebhookReceivers = async (db: Queryable): Promise<WebhookReceiverState[]> => {
  const { rows } = await db.query<ReceiverRow>(
    `select s.*, r.url
       from private.webhook_receiver_status s
       join private.webhook_receivers r on r.id = s.id
      where s.active or s.pending + s.failed > 0
      order by s.active desc, s.id`,
  )
  return rows.map(readReceiver)
}

/**
 * "Retry now": re-enables the receiver and makes all it has not received due at once (the
 * server's sweep sends it within seconds). Returns how many deliveries, or undefined when
 * there is no such listed receiver.
 */
export const retryWebhookReceiver = async (
  db: Queryable,
  id: string,
): Promise<number | undefined> => {
  const { rows } = await db.query<{ retried: number | null }>(
    `select case when r.active then private.retry_webhook_receiver(r.id) end as retried
       from private.webhook_receivers r where r.id = $1::bigint`,
    [id],
  )
  const retried = rows[0]?.retried
  return retried === null || retried === undefined ? undefined : retried
}
