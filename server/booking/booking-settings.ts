/**
 * The agenda's settings the operator may choose (BOOKING_*), the column of
 * private.booking_settings each one is stored in, and its default: the migration's default for
 * that column (supabase/migrations/20261125000000_bookings.sql; a test holds them together).
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

export const BOOKING_SETTINGS = {
  BOOKING_MIN_NOTICE_HOURS: {
    kind: 'number',
    column: 'min_notice_hours',
    min: 0,
    max: 720,
    fallback: 4,
  },
  BOOKING_HORIZON_DAYS: { kind: 'number', column: 'horizon_days', min: 1, max: 366, fallback: 21 },
  BOOKING_BUFFER_MINUTES: {
    kind: 'number',
    column: 'buffer_minutes',
    min: 0,
    max: 240,
    fallback: 15,
  },
  BOOKING_MAX_PER_DAY: { kind: 'number', column: 'max_per_day', min: 1, max: 100, fallback: 4 },
  BOOKING_PER_ADDRESS_PER_DAY: {
    kind: 'number',
    column: 'per_address_per_day',
    min: 1,
    max: 100_000,
    fallback: 3,
  },
  BOOKING_UNKNOWN_ADDRESSES_PER_DAY: {
    kind: 'number',
    column: 'unknown_addresses_per_day',
    min: 1,
    max: 100_000,
    fallback: 12,
  },
  // The agenda against strangers (decision 038): holds, networks, inboxes.
  BOOKING_HOLD_MINUTES: {
    kind: 'number',
    column: 'hold_minutes',
    min: 5,
    max: 1440,
    fallback: 30,
  },
  BOOKING_PER_NETWORK_PER_DAY: {
    kind: 'number',
    column: 'per_network_per_day',
    min: 1,
    max: 100_000,
    fallback: 6,
  },
  BOOKING_HOLDS_PER_NETWORK: {
    kind: 'number',
    column: 'holds_per_network',
    min: 1,
    max: 100_000,
    fallback: 2,
  },
  BOOKING_HOLDS_PER_PROVIDER: {
    kind: 'number',
    column: 'holds_per_provider',
    min: 1,
    max: 100_000,
    fallback: 4,
  },
  BOOKING_UPCOMING_PER_NETWORK: {
    kind: 'number',
    column: 'upcoming_per_network',
    min: 1,
    max: 100_000,
    fallback: 6,
  },
  BOOKING_REQUESTS_PER_EMAIL_PER_DAY: {
    kind: 'number',
    column: 'requests_per_email_per_day',
    min: 1,
    max: 10,
    fallback: 3,
  },
  BOOKING_CLOSE_ON_CARNAVAL: { kind: 'flag', column: 'close_on_carnaval', fallback: true },
  BOOKING_CLOSE_ON_CORPUS_CHRISTI: {
    kind: 'flag',
    column: 'close_on_corpus_christi',
    fallback: true,
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
