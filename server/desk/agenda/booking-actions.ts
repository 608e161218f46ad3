import type { Database } from '../../db/database.ts'
import { isLeadId } from '../leads/lead.ts'
import type { BookingOutcome } from './booking.ts'

/** The longest message a cancellation carries (private.cancel_booking's rule). */
export const CANCEL_MESSAGE_LIMIT = 1000

export type CancelOutcome = 'cancelled' | 'not_found' | 'already_cancelled' | 'started'

/**
 * The company cancels a meeting still to come, telling the visitor, with the message, and its
 * own calendar (private.cancel_booking_by_company queues a cancellation to each, which the
 * booking e-mails' sender mails as METHOD:CANCEL). The row is locked first, so a visitor's
 * move or cancel at the same moment is either before (and seen) or after (and refused).
 */
export const cancelBooking = async (
  db: Database,
  id: string,
  message: string,
): Promise<CancelOutcome> => {
  if (!isLeadId(id)) return 'not_found'
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string; started: boolean }>(
      'select status, starts_at <= now() as started from public.bookings where id = $1 for update',
      [id],
    )
    const booking = rows[0]
    if (!booking) return 'not_found'
    if (booking.status === 'cancelled') return 'already_cancelled'
    if (booking.started) return 'started'
    await tx.query('select private.cancel_booking_by_company($1, $2, true)', [
      id,
      message.trim() === '' ? null : message,
    ])
    return 'cancelled'
  })
}

export type OutcomeResult = 'saved' | 'not_found' | 'cancelled' | 'not_started'

/** Records that a meeting was held, or that the visitor did not come. */
export const recordOutcome = async (
  db: Database,
  id: string,
  outcome: BookingOutcome,
): Promise<OutcomeResult> => {
  if (!isLeadId(id)) return 'not_found'
  const { rows } = await db.query<{ result: OutcomeResult }>(
    'select private.set_booking_outcome($1, $2) as result',
    [id, outcome],
  )
  return rows[0]?.result ?? 'not_found'
}

/** What to free: everything from one e-mail, one address, or booked since an instant. */
export type ReleaseScope = { email: string } | { address: string } | { since: Date }

/**
 * Frees junk bookings in one statement (private.release_bookings): meetings still to come are
 * cancelled without e-mailing anyone (the addresses may be strangers'), unsent e-mails are
 * dropped, and the leads are marked spam. Returns how many were freed.
 */
export const releaseBookings = async (db: Database, scope: ReleaseScope): Promise<number> => {
  const { rows } = await db.query<{ released: number }>(
    'select private.release_bookings($1, $2, $3) as released',
    [
      'email' in scope ? scope.email : null,
      'address' in scope ? scope.address : null,
      'since' in scope ? scope.since.toISOString() : null,
    ],
  )
  return rows[0]?.released ?? 0
}

/** The booking's e-mail and address key, for releasing by either from its page. */
export const releaseTargetsOf = async (
  db: Database,
  id: string,
): Promise<{ email: string; addressKey: string | null } | undefined> => {
  if (!isLeadId(id)) return undefined
  const { rows } = await db.query<{ email: string; client_key: string | null }>(
    'select email, client_key from public.bookings where id = $1',
    [id],
  )
  const row = rows[0]
  return row ? { email: row.email, addressKey: row.client_key } : undefined
}
