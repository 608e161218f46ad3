import type { Queryable } from './database.ts'

/**
 * The limits of private.contact_settings (migrations) the operator may set from the
 * environment (RATE_LIMIT_*, FORM_MIN_FILL_MS). They live in the database so that every
 * server on one PostgreSQL, and hosted Supabase, apply the same ones.
 */
export const CONTACT_LIMIT_SETTINGS = {
  RATE_LIMIT_PER_ADDRESS: 'per_address_limit',
  RATE_LIMIT_UNKNOWN_ADDRESSES: 'unknown_address_limit',
  RATE_LIMIT_WINDOW_MINUTES: 'window_minutes',
  RATE_LIMIT_ROWS_PER_REQUEST: 'rows_per_request',
  RATE_LIMIT_MAIL_PER_HOUR: 'mail_per_hour',
  FORM_MIN_FILL_MS: 'min_fill_ms',
} as const

export type ContactLimitName = keyof typeof CONTACT_LIMIT_SETTINGS

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
