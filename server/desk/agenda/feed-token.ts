import type { Queryable } from '../../db/database.ts'

/**
 * The bookings feed's token (private.booking_feed_token): made by the database, shown once,
 * stored as its SHA-256. A new one replaces the old, whose URL stops working at once.
 */
export const createFeedToken = async (db: Queryable): Promise<string> => {
  const { rows } = await db.query<{ token: string }>(
    'select private.new_booking_feed_token() as token',
  )
  const token = rows[0]?.token
  if (!token) throw new Error('private.new_booking_feed_token answered nothing')
  return token
}

/** When the current token was made; undefined when there is none. */
export const feedTokenCreatedAt = async (db: Queryable): Promise<Date | undefined> => {
  const { rows } = await db.query<{ created_at: Date | string }>(
    'select created_at from private.booking_feed_token',
  )
  const value = rows[0]?.created_at
  return value === undefined ? undefined : value instanceof Date ? value : new Date(value)
}
