import type { Queryable } from '../../server/db/database.ts'

export interface SeedBooking {
  /** An instant (ISO 8601); see localInstant for one on the company's clock. */
  startsAt: string
  name?: string
  email?: string
  company?: string | null
  note?: string
  /**
   * pending: a hold waiting for its inbox until 30 minutes from now; expired: a hold never
   * confirmed, its time up a minute ago (decision 038).
   */
  status?: 'pending' | 'expired' | 'confirmed' | 'held' | 'no_show' | 'cancelled'
  /** The visitor's time zone (America/Sao_Paulo unless told). */
  timeZone?: string
  /** The caller's address as the booking call stored it; none is an unknown caller. */
  clientIp?: string
  createdAt?: string
}

export interface SeededBooking {
  id: string
  leadId: string
  meetingUrl: string
}

let sequence = 0

/**
 * Stores bookings and their leads as the booking call leaves them (docs/booking.md), at any
 * instant, past ones too, which the call itself refuses. Each 30 minutes long, with the 15
 * minutes of buffer the exclusion constraint compares: give them distinct times.
 */
export const seedBookings = async (
  db: Queryable,
  bookings: SeedBooking[],
): Promise<SeededBooking[]> => {
  const seeded: SeededBooking[] = []
  for (const booking of bookings) {
    sequence += 1
    const status = booking.status ?? 'confirmed'
    const { rows } = await db.query<{ id: string; lead_id: string; meeting_url: string }>(
      `with lead as (
         insert into public.contact_submissions
           (created_at, name, email, company, message, client_ip, client_key, notified_at,
            notified_via)
         values ($7::timestamptz, $2, $3, $4,
           case when $6 in ('pending', 'expired')
             then private.hold_lead_message($6 = 'expired', $1::timestamptz, $5)
             else private.booking_lead_message($6, 0, $1::timestamptz, $5) end,
           $9, private.client_key($9), $7::timestamptz, 'booking')
         returning id
       )
       insert into public.bookings (lead_id, starts_at, ends_at, blocked_until, name, email,
         company, note, time_zone, status, cancelled_at, cancelled_by, sequence, meeting_url,
         manage_token_hash, client_ip, client_key, client_network, hold_until, confirmed_at,
         created_at, updated_at)
       select lead.id, $1::timestamptz, $1::timestamptz + interval '30 minutes',
         $1::timestamptz + interval '45 minutes', $2, $3, $4, $5, $8,
         case $6 when 'expired' then 'cancelled' else $6 end,
         case when $6 = 'cancelled' then $7::timestamptz
              when $6 = 'expired' then now() - interval '1 minute' end,
         case when $6 = 'cancelled' then 'visitor' end,
         case when $6 = 'cancelled' then 1 else 0 end,
         'https://meet.jit.si/Consultoria-teste' || $10,
         encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'),
         $9, private.client_key($9), private.client_network(private.client_key($9)),
         case when $6 = 'pending' then now() + interval '30 minutes'
              when $6 = 'expired' then now() - interval '1 minute' end,
         case when $6 in ('pending', 'expired') then null else $7::timestamptz end,
         $7::timestamptz, $7::timestamptz
         from lead
       returning id, lead_id, meeting_url`,
      [
        booking.startsAt,
        booking.name ?? `Visitante ${sequence}`,
        booking.email ?? `visitante.${sequence}@example.com`,
        booking.company === undefined ? `Empresa ${sequence}` : booking.company,
        booking.note ?? `Quero conversar sobre o projeto ${sequence}.`,
        status,
        booking.createdAt ?? new Date().toISOString(),
        booking.timeZone ?? 'America/Sao_Paulo',
        booking.clientIp ?? null,
        String(sequence),
      ],
    )
    const row = rows[0]
    if (!row) throw new Error('The booking was not stored')
    seeded.push({ id: row.id, leadId: row.lead_id, meetingUrl: row.meeting_url })
  }
  return seeded
}

/**
 * An instant on the company's clock: `days` from today (negative for past days) at `time`
 * (HH:MM), in the zone the agenda is set to; with the local day it falls on.
 */
export const localInstant = async (
  db: Queryable,
  days: number,
  time: string,
): Promise<{ instant: string; day: string }> => {
  const { rows } = await db.query<{ instant: string; day: string }>(
    `select to_char((((now() at time zone s.time_zone)::date + $1::integer) + $2::time)
                      at time zone s.time_zone at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
              as instant,
            ((now() at time zone s.time_zone)::date + $1::integer)::text as day
       from private.booking_settings s`,
    [days, time],
  )
  const row = rows[0]
  if (!row) throw new Error('private.booking_settings has no row')
  return row
}
