import type { Queryable } from '../db/database.ts'
import { describeWebhookUrl } from '#shared/webhooks/webhook-receivers.ts'
import { quoteName } from './site-tables.ts'

/**
 * What a restore does and says once the rows are in, before it commits (decision 056): the
 * calendar feed gets a new address, and the operator is shown every setting the backup brought
 * back that is not its default, since the server's next start writes again only those its
 * environment sets.
 */

/**
 * A new token for the desk's calendar feed ("Assinar no seu calendário"), when the backup had
 * one: the address anyone had before (or took from the file) stops working. Nobody sees the new
 * one; the desk makes one to show (decision 030). Returns whether there was a feed to renew.
 */
export const renewFeedToken = async (tx: Queryable): Promise<boolean> => {
  const { rows } = await tx.query<{ present: boolean }>(
    "select to_regclass('private.booking_feed_token') is not null as present",
  )
  if (!rows[0]?.present) return false
  const { rows: tokens } = await tx.query('select 1 from private.booking_feed_token')
  if (tokens.length === 0) return false
  await tx.query('select private.new_booking_feed_token()')
  return true
}

/** A value as the terminal may show it: no control characters a file could smuggle in. */
const shown = (value: string | null) =>
  value === null
    ? 'none'
    : // eslint-disable-next-line no-control-regex -- finding them is the point
      value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').slice(0, 200)

interface SettingsColumn {
  table_name: string
  column_name: string
  /** The column's default as SQL, null when it has none (its default is null). */
  default_sql: string | null
}

/**
 * The site's settings tables: private.*_settings, one row each, written by the migrations with
 * their defaults and by the server at start. Read from the catalogue, so a new setting is in
 * the list without anyone remembering to add it.
 */
const settingsColumns = async (tx: Queryable) =>
  (
    await tx.query<SettingsColumn>(
      `select n.nspname || '.' || c.relname as table_name, a.attname::text as column_name,
              pg_get_expr(d.adbin, d.adrelid) as default_sql
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
         left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
        where n.nspname = 'private' and c.relkind = 'r' and c.relname like '%\\_settings'
        order by 1, a.attnum`,
    )
  ).rows

/**
 * Every setting the database holds that differs from its default, one line each
 * (`private.booking_settings.meeting_url: https://… (default: none)`), then the webhook
 * receivers it will deliver to. A default that calls a function (now()) is not a fixed value,
 * and its column is left out.
 */
export const settingsAwayFromDefaults = async (tx: Queryable): Promise<string[]> => {
  const byTable = new Map<string, SettingsColumn[]>()
  for (const column of await settingsColumns(tx)) {
    if (column.default_sql?.includes('(')) continue
    byTable.set(column.table_name, [...(byTable.get(column.table_name) ?? []), column])
  }
  const lines: string[] = []
  for (const [table, columns] of byTable) {
    const values = columns.map((column) => `(${quoteName(column.column_name)})::text`)
    const defaults = columns.map((column) => `(${column.default_sql ?? 'null'})::text`)
    const { rows } = await tx.query<{ row: (string | null)[]; defaults: (string | null)[] }>(
      `select array[${values.join(', ')}] as row, array[${defaults.join(', ')}] as defaults
         from ${quoteName(table)}`,
    )
    for (const { row, defaults: fixed } of rows) {
      columns.forEach((column, index) => {
        const value = row[index] ?? null
        const byDefault = fixed[index] ?? null
        if (value === byDefault) return
        lines.push(`${table}.${column.column_name}: ${shown(value)} (default: ${shown(byDefault)})`)
      })
    }
  }
  const { rows: present } = await tx.query<{ present: boolean }>(
    "select to_regclass('private.webhook_receivers') is not null as present",
  )
  if (present[0]?.present) {
    const { rows: receivers } = await tx.query<{
      url: string
      format: string
      own_secret: boolean
    }>(
      `select url, format, secret is not null as own_secret
         from private.webhook_receivers where active order by id`,
    )
    for (const receiver of receivers) {
      const how = receiver.format === 'standard' ? 'signed JSON' : `#${receiver.format}`
      lines.push(
        `private.webhook_receivers: ${shown(describeWebhookUrl(receiver.url))} (${shown(how)}${receiver.own_secret ? ', its own secret' : ''}; default: none)`,
      )
    }
  }
  return lines
}
