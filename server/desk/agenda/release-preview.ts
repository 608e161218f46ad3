import type { Queryable } from '../../db/database.ts'

/** How many meetings a confirmation page lists by name; the rest are counted. */
export const RELEASE_PREVIEW_LIMIT = 50

export interface ReleasePreview {
  /** The local date and time typed, as an instant. */
  since: Date
  total: number
  meetings: { id: string; startsAt: Date; createdAt: Date; name: string; email: string }[]
}

/**
 * What releasing everything booked since a local date and time would free (the conditions of
 * private.release_bookings), shown before anything is changed. `localSince` is already checked
 * (http/request-values.ts readLocalDateTime).
 */
export const previewReleaseSince = async (
  db: Queryable,
  localSince: string,
): Promise<ReleasePreview> => {
  const { rows } = await db.query<{
    since: Date | string
    total: number
    id: string | null
    starts_at: Date | string | null
    created_at: Date | string | null
    name: string | null
    email: string | null
  }>(
    `with since as (
       select $1::timestamp at time zone s.time_zone as instant from private.booking_settings s
     ),
     matching as (
       select b.*, count(*) over () as total from public.bookings b, since
        where b.status in ('pending', 'confirmed', 'held') and b.starts_at > now()
          and b.created_at >= since.instant
        order by b.created_at, b.id
        limit $2
     )
     select since.instant as since, coalesce(m.total, 0)::integer as total, m.id, m.starts_at,
            m.created_at, m.name, m.email
       from since left join matching m on true
      order by m.created_at, m.id`,
    [localSince, RELEASE_PREVIEW_LIMIT],
  )
  const date = (value: Date | string) => (value instanceof Date ? value : new Date(value))
  const first = rows[0]
  if (!first) throw new Error('private.booking_settings has no row')
  return {
    since: date(first.since),
    total: first.total,
    meetings: rows.flatMap((row) =>
      row.id && row.starts_at && row.created_at && row.name !== null && row.email !== null
        ? [
            {
              id: row.id,
              startsAt: date(row.starts_at),
              createdAt: date(row.created_at),
              name: row.name,
              email: row.email,
            },
          ]
        : [],
    ),
  }
}
