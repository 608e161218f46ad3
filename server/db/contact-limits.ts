import { VISITOR_LIMITS } from '../declared-settings/visitor-limits.ts'
import type { Queryable } from './database.ts'

/**
 * The limits of private.contact_settings (migrations) the operator may set from the
 * environment (RATE_LIMIT_*, FORM_MIN_FILL_MS, QUARANTINE_*, PAGE_VIEW*, PUBLIC_CALLS_*). They live in the database so
 * that every server on one PostgreSQL, and hosted Supabase, apply the same ones.
 */
export const CONTACT_LIMIT_SETTINGS = {
  RATE_LIMIT_PER_ADDRESS: 'per_address_limit',
  RATE_LIMIT_PER_HOME: 'per_home_limit',
  RATE_LIMIT_PER_NETWORK: 'per_network_limit',
  RATE_LIMIT_UNKNOWN_ADDRESSES: 'unknown_address_limit',
  RATE_LIMIT_WINDOW_MINUTES: 'window_minutes',
  RATE_LIMIT_ROWS_PER_REQUEST: 'rows_per_request',
  RATE_LIMIT_MAIL_PER_HOUR: 'mail_per_hour',
  FORM_MIN_FILL_MS: 'min_fill_ms',
  QUARANTINE_DAYS: 'quarantine_days',
  QUARANTINE_MAX_ENTRIES: 'quarantine_max_entries',
  PAGE_VIEWS_PER_MINUTE: 'page_views_per_minute',
  PAGE_VIEW_SOURCES_PER_DAY: 'page_view_sources_per_day',
  PUBLIC_CALLS_PER_MINUTE: 'calls_per_minute',
  PUBLIC_CALLS_PER_56_PER_MINUTE: 'calls_per_56_per_minute',
  PUBLIC_CALLS_PER_48_PER_MINUTE: 'calls_per_48_per_minute',
  PUBLIC_CALLS_UNKNOWN_PER_MINUTE: 'unknown_calls_per_minute',
} as const

export type ContactLimitName = keyof typeof CONTACT_LIMIT_SETTINGS

/** Each limit's bounds, as the migrations' checks hold them (declared in visitor-limits.ts). */
export const CONTACT_LIMIT_BOUNDS = Object.fromEntries(
  Object.keys(CONTACT_LIMIT_SETTINGS).map((name) => [
    name,
    VISITOR_LIMITS.settings[name as ContactLimitName].range,
  ]),
) as Readonly<Record<ContactLimitName, readonly [number, number]>>

/** Writes the limits that were set; the others keep what the database holds. */
export const applyContactLimits = async (
  db: Queryable,
  limits: Partial<Record<ContactLimitName, number>>,
): Promise<void> => {
  const entries = Object.entries(limits) as [ContactLimitName, number][]
  if (entries.length === 0) return
  const assignments = entries.map(
    ([name], index) => `${CONTACT_LIMIT_SETTINGS[name]} = $${index + 1}`,
  )
  await db.query(
    `update private.contact_settings set ${assignments.join(', ')}`,
    entries.map(([, value]) => value),
  )
}
