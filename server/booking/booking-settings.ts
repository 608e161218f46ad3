import { AGENDA } from '../declared-settings/agenda.ts'

/**
 * The agenda's settings the operator may choose (BOOKING_*) and the column of
 * private.booking_settings each one is stored in. Their defaults and ranges are declared in
 * server/declared-settings/agenda.ts: the migration's default for that column
 * (supabase/migrations/20261125000000_bookings.sql; a test holds them together).
 * Why these defaults: docs/decisions/026-booking.md, and 038 for the limits against strangers.
 */
type NumberSetting = {
  kind: 'number'
  column: string
  min: number
  max: number
  fallback: number
}
type FlagSetting = { kind: 'flag'; column: string; fallback: boolean }
type UrlSetting = { kind: 'url'; column: string; fallback: null }

type DeclaredNumber = { fallback: number; range: readonly [number, number] }

/** A number setting stored in `column`, with its declared default and range. */
const whole = (column: string, { fallback, range: [min, max] }: DeclaredNumber): NumberSetting => ({
  kind: 'number',
  column,
  min,
  max,
  fallback,
})

const declared = AGENDA.settings

export const BOOKING_SETTINGS = {
  BOOKING_MIN_NOTICE_HOURS: whole('min_notice_hours', declared.BOOKING_MIN_NOTICE_HOURS),
  BOOKING_HORIZON_DAYS: whole('horizon_days', declared.BOOKING_HORIZON_DAYS),
  BOOKING_BUFFER_MINUTES: whole('buffer_minutes', declared.BOOKING_BUFFER_MINUTES),
  BOOKING_MAX_PER_DAY: whole('max_per_day', declared.BOOKING_MAX_PER_DAY),
  BOOKING_PER_ADDRESS_PER_DAY: whole('per_address_per_day', declared.BOOKING_PER_ADDRESS_PER_DAY),
  BOOKING_UNKNOWN_ADDRESSES_PER_DAY: whole(
    'unknown_addresses_per_day',
    declared.BOOKING_UNKNOWN_ADDRESSES_PER_DAY,
  ),
  // The agenda against strangers (decision 038): holds, networks, inboxes.
  BOOKING_HOLD_MINUTES: whole('hold_minutes', declared.BOOKING_HOLD_MINUTES),
  BOOKING_PER_NETWORK_PER_DAY: whole('per_network_per_day', declared.BOOKING_PER_NETWORK_PER_DAY),
  BOOKING_HOLDS_PER_NETWORK: whole('holds_per_network', declared.BOOKING_HOLDS_PER_NETWORK),
  BOOKING_HOLDS_PER_PROVIDER: whole('holds_per_provider', declared.BOOKING_HOLDS_PER_PROVIDER),
  BOOKING_UPCOMING_PER_NETWORK: whole(
    'upcoming_per_network',
    declared.BOOKING_UPCOMING_PER_NETWORK,
  ),
  BOOKING_REQUESTS_PER_EMAIL_PER_DAY: whole(
    'requests_per_email_per_day',
    declared.BOOKING_REQUESTS_PER_EMAIL_PER_DAY,
  ),
  BOOKING_CLOSE_ON_CARNAVAL: {
    kind: 'flag',
    column: 'close_on_carnaval',
    fallback: declared.BOOKING_CLOSE_ON_CARNAVAL.fallback,
  },
  BOOKING_CLOSE_ON_CORPUS_CHRISTI: {
    kind: 'flag',
    column: 'close_on_corpus_christi',
    fallback: declared.BOOKING_CLOSE_ON_CORPUS_CHRISTI.fallback,
  },
  BOOKING_MEETING_URL: { kind: 'url', column: 'meeting_url', fallback: null },
} as const satisfies Record<string, NumberSetting | FlagSetting | UrlSetting>

export type BookingSettingName = keyof typeof BOOKING_SETTINGS
export type BookingSettingValue = number | boolean | string | null
/** Only the settings that were set; the others keep what the database holds. */
export type BookingSettings = Partial<Record<BookingSettingName, BookingSettingValue>>

/** BOOKING_MEETING_URL's value for "a fresh Jitsi Meet room per meeting" (the default). */
export const FRESH_ROOMS = 'jitsi'

type Environment = Readonly<Record<string, string | undefined>>

const readOne = (
  name: BookingSettingName,
  text: string,
): { value: BookingSettingValue } | { problem: string } => {
  const setting: NumberSetting | FlagSetting | UrlSetting = BOOKING_SETTINGS[name]
  if (setting.kind === 'number') {
    const value = Number(text)
    return /^\d+$/.test(text) && value >= setting.min && value <= setting.max
      ? { value }
      : {
          problem: `${name} must be a whole number from ${setting.min} to ${setting.max} (got "${text}").`,
        }
  }
  if (setting.kind === 'flag') {
    if (text === 'true' || text === 'false') return { value: text === 'true' }
    return { problem: `${name} must be true or false (got "${text}").` }
  }
  if (text === FRESH_ROOMS) return { value: null }
  return /^https:\/\/\S+$/.test(text) && text.length <= 500 && URL.canParse(text)
    ? { value: text }
    : {
        problem: `${name} must be an https:// address of at most 500 characters, or "${FRESH_ROOMS}" for a new Jitsi Meet room per meeting (got "${text}").`,
      }
}

/** Reads the BOOKING_* that are set, and what is wrong with any of them. */
export const readBookingSettings = (
  env: Environment,
): { booking: BookingSettings; problems: string[] } => {
  const booking: BookingSettings = {}
  const problems: string[] = []
  for (const name of Object.keys(BOOKING_SETTINGS) as BookingSettingName[]) {
    const text = env[name]?.trim()
    if (text === undefined || text === '') continue
    const read = readOne(name, text)
    if ('problem' in read) problems.push(read.problem)
    else booking[name] = read.value
  }
  return { booking, problems }
}

/** Every setting, those not set at their defaults: what the hosted database should hold. */
export const withDefaults = (
  booking: BookingSettings,
): Record<BookingSettingName, BookingSettingValue> => {
  const all = {} as Record<BookingSettingName, BookingSettingValue>
  for (const name of Object.keys(BOOKING_SETTINGS) as BookingSettingName[]) {
    all[name] = name in booking ? (booking[name] ?? null) : BOOKING_SETTINGS[name].fallback
  }
  return all
}
