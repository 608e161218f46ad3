import type { Database, Queryable } from '../../db/database.ts'

/** The longest reason a closed day keeps (private.booking_closed_days). */
export const CLOSED_DAY_REASON_LIMIT = 200

export interface ClosedDay {
  /** YYYY-MM-DD */
  day: string
  reason: string | null
}

/** Days closed from today on, on the company's clock. */
export const listClosedDays = async (db: Queryable): Promise<ClosedDay[]> => {
  const { rows } = await db.query<ClosedDay>(
    `select c.day::text as day, c.reason
       from private.booking_closed_days c, private.booking_settings s
      where c.day >= (now() at time zone s.time_zone)::date
      order by c.day`,
  )
  return rows
}

export interface Holiday {
  day: string
  name: string
  /** Whether the agenda closes on it (national ones always; Carnaval and Corpus Christi by setting). */
  closed: boolean
  /** The local time it opens (Ash Wednesday, 14:00), or null for the whole day. */
  closedUntil: string | null
}

/** Brazil's holidays from today to the horizon's last day, as the free times see them. */
export const listHolidaysAhead = async (db: Queryable): Promise<Holiday[]> => {
  const { rows } = await db.query<Holiday>(
    `with z as (
       select s.*, (now() at time zone s.time_zone)::date as today from private.booking_settings s
     )
     select h.day::text as day, h.name, to_char(h.closed_until, 'HH24:MI') as "closedUntil",
            (h.closure = 'national'
              or (h.closure = 'carnaval' and z.close_on_carnaval)
              or (h.closure = 'corpus_christi' and z.close_on_corpus_christi)) as closed
       from z,
       generate_series(extract(year from z.today)::integer,
         extract(year from z.today + z.horizon_days)::integer) as y (year),
       private.brazil_holidays(y.year) h
      where h.day between z.today and z.today + z.horizon_days
      order by h.day`,
  )
  return rows
}

/** A meeting that keeps a day from closing. */
export interface MeetingOnDay {
  id: string
  startsAt: Date
  name: string
}

export type CloseDayResult =
  | { closed: true; cancelled: number }
  | { closed: false; meetings: MeetingOnDay[] }
  | { closed: false; refused: 'day_passed' }

/**
 * Closes a day (private.close_booking_day): at once no free time is offered on it. A day with
 * meetings still to come closes only when `cancelMeetings` says to cancel them, each with a
 * cancellation e-mail to the visitor (and `message`); otherwise nothing changes and the
 * meetings are returned, to be shown.
 */
export const closeDay = async (
  db: Database,
  day: string,
  reason: string,
  cancelMeetings: boolean,
  message: string,
): Promise<CloseDayResult> => {
  const { rows: today } = await db.query<{ passed: boolean }>(
    `select $1::date < (now() at time zone s.time_zone)::date as passed
       from private.booking_settings s`,
    [day],
  )
  if (today[0]?.passed) return { closed: false, refused: 'day_passed' }
  const { rows } = await db.query<{
    result: {
      closed: boolean
      cancelled: number
      meetings: { id: string; starts_at: string; name: string }[]
    }
  }>('select private.close_booking_day($1::date, $2, $3, $4) as result', [
    day,
    reason.trim() === '' ? null : reason.trim(),
    cancelMeetings,
    message.trim() === '' ? null : message,
  ])
  const result = rows[0]?.result
  if (!result) throw new Error('private.close_booking_day answered nothing')
  if (result.closed) return { closed: true, cancelled: result.cancelled }
  return {
    closed: false,
    meetings: result.meetings.map((meeting) => ({
      id: meeting.id,
      startsAt: new Date(meeting.starts_at),
      name: meeting.name,
    })),
  }
}

/** Opens a closed day again; false when it was not closed. */
export const reopenDay = async (db: Queryable, day: string): Promise<boolean> => {
  const { affectedRows } = await db.query(
    'delete from private.booking_closed_days where day = $1::date',
    [day],
  )
  return affectedRows > 0
}
