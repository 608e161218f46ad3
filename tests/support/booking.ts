import type { Queryable } from '../../server/db/database.ts'
import { applyBookingSettings } from '../../server/booking/apply-booking-settings.ts'
import type { BookingFacts } from '../../server/booking/booking-facts.ts'
import { withDefaults, type BookingSettings } from '../../server/booking/booking-settings.ts'

/**
 * The hours the agenda's tests are written for: 30-minute consultations from 9h to 18h in São
 * Paulo, Monday to Friday (the spec's). Fixed here, not read from company.ts, so the tests of
 * the agenda's rules hold for a fork with other hours; the re-brand test checks a company's own.
 */
export const TEST_AGENDA: BookingFacts = {
  time_zone: 'America/Sao_Paulo',
  weekdays: [1, 2, 3, 4, 5],
  opens: '09:00',
  closes: '18:00',
  slot_minutes: 30,
}

/** Sets the agenda: the test hours and the default settings, with these changed. */
export const setAgenda = async (
  db: Queryable,
  booking: BookingSettings = {},
  facts: Partial<BookingFacts> = {},
): Promise<void> => {
  await applyBookingSettings(db, { ...TEST_AGENDA, ...facts }, withDefaults(booking))
}

/** No bookings (their leads and e-mails go with them), busy times or closed days; defaults. */
export const resetAgenda = async (db: Queryable): Promise<void> => {
  await db.query(`delete from public.contact_submissions where notified_via = 'booking'`)
  await db.query('delete from private.busy_times')
  await db.query('delete from private.booking_closed_days')
  await setAgenda(db)
}

/** The free slots seen at `now`, as local 'YYYY-MM-DD HH24:MI' in `zone`. */
export const localSlots = async (
  db: Queryable,
  now: string,
  zone = 'America/Sao_Paulo',
): Promise<string[]> => {
  const { rows } = await db.query<{ slot: string }>(
    `select to_char(f.starts_at at time zone $2, 'YYYY-MM-DD HH24:MI') as slot
       from private.free_slots($1::timestamptz) f`,
    [now, zone],
  )
  return rows.map((row) => row.slot)
}

/** Slots per local day ('YYYY-MM-DD' → ['09:00', …]). */
export const slotsByDay = (slots: string[]): Map<string, string[]> => {
  const days = new Map<string, string[]>()
  for (const slot of slots) {
    const [day = '', time = ''] = slot.split(' ')
    days.set(day, [...(days.get(day) ?? []), time])
  }
  return days
}

let sequence = 0

/**
 * Books through the private function at any instant, as an unknown caller; returns the JSON:
 * a hold waiting for its confirmation (decision 038), with its manage token and hold token,
 * which only this private function answers.
 */
export const bookAt = async (
  db: Queryable,
  startsAt: string,
  now: string,
  overrides: { email?: string; name?: string; note?: string } = {},
): Promise<Record<string, unknown>> => {
  sequence += 1
  const { rows } = await db.query<{ booking: Record<string, unknown> }>(
    `select private.book_meeting($1::timestamptz, $2, $3, null, $4, 'America/Sao_Paulo', null,
       60000, $5::timestamptz) as booking`,
    [
      startsAt,
      overrides.name ?? `Visitante ${sequence}`,
      overrides.email ?? `visitante.${sequence}@example.com`,
      overrides.note ?? `Quero conversar sobre o projeto ${sequence}.`,
      now,
    ],
  )
  return rows[0]?.booking ?? {}
}

/** Confirms a hold from its manage token at any instant, as the e-mail's link does. */
export const confirmAt = async (
  db: Queryable,
  manageToken: unknown,
  now: string,
): Promise<Record<string, unknown>> => {
  const { rows } = await db.query<{ booking: Record<string, unknown> }>(
    'select private.confirm_booking($1, $2::timestamptz) as booking',
    [manageToken, now],
  )
  return rows[0]?.booking ?? {}
}

/** Books and confirms at once: a meeting, as a visitor who read the e-mail makes it. */
export const bookConfirmedAt = async (
  db: Queryable,
  startsAt: string,
  now: string,
  overrides: { email?: string; name?: string; note?: string } = {},
): Promise<Record<string, unknown>> => {
  const held = await bookAt(db, startsAt, now, overrides)
  return { ...(await confirmAt(db, held.manage_token, now)), manage_token: held.manage_token }
}

/**
 * The manage token the e-mail of a booking will carry: it waits on the booking's unsent
 * visitor rows of the outbox (decision 029), the only place besides the e-mail that holds it.
 */
export const MANAGE_TOKEN_IN_OUTBOX = `select manage_token from private.booking_messages
  where booking_id = $1 and manage_token is not null order by id limit 1`

export const manageTokenInOutbox = async (
  db: Pick<Queryable, 'query'>,
  bookingId: unknown,
): Promise<string | undefined> => {
  const { rows } = await db.query<{ manage_token: string }>(MANAGE_TOKEN_IN_OUTBOX, [bookingId])
  return rows[0]?.manage_token
}
