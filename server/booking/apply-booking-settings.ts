import type { Queryable } from '../db/database.ts'
import type { BookingFacts } from './booking-facts.ts'
import {
  BOOKING_SETTINGS,
  withDefaults,
  type BookingSettingName,
  type BookingSettings,
  type BookingSettingValue,
} from './booking-settings.ts'

type Value = BookingSettingValue | number[]

/** Column → value for private.booking_settings: the facts always, then the settings given. */
const assignments = (facts: BookingFacts, booking: BookingSettings): [string, Value][] => [
  ...Object.entries(facts),
  ...(Object.entries(booking) as [BookingSettingName, BookingSettingValue][]).map(
    ([name, value]): [string, Value] => [BOOKING_SETTINGS[name].column, value],
  ),
]

// The two columns a parameter cannot carry as JSON-ish text without a cast.
const CASTS: Record<string, string> = {
  weekdays: '::integer[]',
  opens: '::time',
  closes: '::time',
}

const parameter = (value: Value) =>
  Array.isArray(value) ? `{${value.join(',')}}` : value === null ? null : value

/**
 * Writes the company's facts (company.ts) and the BOOKING_* that are set, as the Node server
 * does at every start, so every server on one PostgreSQL offers the same agenda. Settings not
 * given keep what the database holds.
 */
export const applyBookingSettings = async (
  db: Queryable,
  facts: BookingFacts,
  booking: BookingSettings,
): Promise<void> => {
  const pairs = assignments(facts, booking)
  const sets = pairs.map(([column], index) => `${column} = $${index + 1}${CASTS[column] ?? ''}`)
  await db.query(
    `update private.booking_settings set ${sets.join(', ')}`,
    pairs.map(([, value]) => parameter(value)),
  )
}

const literal = (value: Value): string => {
  if (value === null) return 'null'
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return `'{${value.join(',')}}'`
  return `'${value.replaceAll("'", "''")}'`
}

/**
 * The same as SQL to paste into hosted Supabase's SQL editor (`npm run booking --
 * settings-sql`): every setting, those not set at their defaults, so the database ends up
 * exactly as company.ts and these settings say.
 */
export const bookingSettingsSql = (facts: BookingFacts, booking: BookingSettings): string => {
  const pairs = assignments(facts, withDefaults(booking))
  const width = Math.max(...pairs.map(([column]) => column.length))
  const lines = pairs.map(
    ([column, value]) => `  ${column.padEnd(width)} = ${literal(value)}${CASTS[column] ?? ''}`,
  )
  return `update private.booking_settings set\n${lines.join(',\n')};\n`
}
