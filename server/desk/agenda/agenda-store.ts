import type { Queryable } from '../../db/database.ts'
import type { AgendaView } from '../desk-paths.ts'
import { isLeadId } from '../leads/lead.ts'
import { isBookingStatus, type AgendaBooking, type BookingDetails } from './booking.ts'

/** Meetings per page of a list: at most four a day by default, so weeks on one page. */
export const AGENDA_PAGE_SIZE = 50

/** The company's zone and local day, once per statement (private.booking_settings). */
const CLOCK = `clock as (
  select s.time_zone as zone, (now() at time zone s.time_zone)::date as today
    from private.booking_settings s limit 1
)`

const COLUMNS = `b.id, b.lead_id, private.booking_state(b, now()) as status, b.starts_at,
  b.ends_at, b.name, b.email, b.company, b.note, b.meeting_url, b.created_at, b.hold_until,
  b.cancelled_at, b.cancelled_by, b.cancel_message,
  to_char(b.starts_at at time zone clock.zone, 'YYYY-MM-DD') as local_day,
  to_char(b.starts_at at time zone clock.zone, 'HH24:MI') as local_start,
  to_char(b.ends_at at time zone clock.zone, 'HH24:MI') as local_end`

/** A hold still waiting for its confirmation from the inbox (decision 038). */
const LIVE_HOLD = `(b.status = 'pending' and b.hold_until > now())`
/** What became a meeting: confirmed from the inbox (or written in as one). */
const MEETING = `b.status in ('confirmed', 'held', 'no_show')`

/**
 * Each list: which meetings, in which order (no value from a request reaches this text). Holds
 * waiting for their confirmation are shown with the meetings to come, marked as such; a hold
 * never confirmed is no meeting, past or cancelled (the networks page counts them).
 */
const VIEWS: Record<AgendaView, { where: string; order: string }> = {
  proximas: {
    where: `(${MEETING} or ${LIVE_HOLD}) and b.starts_at >= clock.today::timestamp at time zone clock.zone`,
    order: 'b.starts_at, b.id',
  },
  passadas: {
    where: `${MEETING} and b.starts_at < clock.today::timestamp at time zone clock.zone`,
    order: 'b.starts_at desc, b.id desc',
  },
  canceladas: {
    where: `b.status = 'cancelled' and b.confirmed_at is not null`,
    order: 'b.cancelled_at desc, b.id desc',
  },
}

interface BookingRow {
  id: string
  lead_id: string
  status: string
  starts_at: Date | string
  ends_at: Date | string
  name: string
  email: string
  company: string | null
  note: string
  meeting_url: string
  created_at: Date | string
  hold_until: Date | string | null
  cancelled_at: Date | string | null
  cancelled_by: string | null
  cancel_message: string | null
  local_day: string
  local_start: string
  local_end: string
}

const dateOf = (value: Date | string) => (value instanceof Date ? value : new Date(value))

const readBooking = (row: BookingRow): AgendaBooking => ({
  id: row.id,
  leadId: row.lead_id,
  status: isBookingStatus(row.status) ? row.status : 'confirmed',
  startsAt: dateOf(row.starts_at),
  endsAt: dateOf(row.ends_at),
  localDay: row.local_day,
  localStart: row.local_start,
  localEnd: row.local_end,
  name: row.name,
  email: row.email,
  company: row.company,
  note: row.note,
  meetingUrl: row.meeting_url,
  createdAt: dateOf(row.created_at),
  holdUntil: row.hold_until === null ? null : dateOf(row.hold_until),
  cancelledAt: row.cancelled_at === null ? null : dateOf(row.cancelled_at),
  cancelledBy:
    row.cancelled_by === 'visitor' || row.cancelled_by === 'company' ? row.cancelled_by : null,
  cancelMessage: row.cancel_message,
})

export interface AgendaClock {
  /** The company's IANA time zone. */
  zone: string
  /** Its local day now, YYYY-MM-DD. */
  today: string
  /** The last day the site offers, YYYY-MM-DD. */
  lastDay: string
}

export const readAgendaClock = async (db: Queryable): Promise<AgendaClock> => {
  const { rows } = await db.query<AgendaClock>(
    `with ${CLOCK}
     select clock.zone, clock.today::text as today,
            (clock.today + s.horizon_days)::text as "lastDay"
       from clock, private.booking_settings s`,
  )
  const clock = rows[0]
  if (!clock) throw new Error('private.booking_settings has no row')
  return clock
}

export interface AgendaList {
  view: AgendaView
  bookings: AgendaBooking[]
  /** Meetings in the list, on every page. */
  total: number
  page: number
  pages: number
  clock: AgendaClock
}

/**
 * One page of a list; past the last page, the last page. The page number is already checked
 * (http/request-values.ts).
 */
export const listAgenda = async (
  db: Queryable,
  view: AgendaView,
  requestedPage: number,
): Promise<AgendaList> => {
  const { where, order } = VIEWS[view]
  const clock = await readAgendaClock(db)
  const counted = await db.query<{ total: number }>(
    `with ${CLOCK} select count(*)::integer as total from public.bookings b, clock where ${where}`,
  )
  const total = counted.rows[0]?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / AGENDA_PAGE_SIZE))
  const page = Math.min(pages, requestedPage)
  const { rows } = await db.query<BookingRow>(
    `with ${CLOCK}
     select ${COLUMNS} from public.bookings b, clock
      where ${where} order by ${order} limit $1 offset $2`,
    [AGENDA_PAGE_SIZE, (page - 1) * AGENDA_PAGE_SIZE],
  )
  return { view, bookings: rows.map(readBooking), total, page, pages, clock }
}

/** Meetings today on the company's clock, confirmed (the navigation shows it). */
export const countMeetingsToday = async (db: Queryable): Promise<number> => {
  const { rows } = await db.query<{ total: number }>(
    `with ${CLOCK}
     select count(*)::integer as total from public.bookings b, clock
      where ${MEETING}
        and b.starts_at >= clock.today::timestamp at time zone clock.zone
        and b.starts_at < (clock.today + 1)::timestamp at time zone clock.zone`,
  )
  return rows[0]?.total ?? 0
}

type DetailsRow = BookingRow & {
  visitor_time_zone: string
  visitor_start: string
  moves: number
  lead_status: string
  desk_note: string | null
  by_email: number
  by_address: number | null
  client_network: string | null
  network_blocked: boolean
}

/** Meetings and holds still to come that private.release_bookings would free (its conditions). */
const RELEASABLE = `(b2.status in ('confirmed', 'held')
  or (b2.status = 'pending' and b2.hold_until > now())) and b2.starts_at > now()`

/** One booking with everything its page shows; undefined for no such booking. */
export const findBooking = async (
  db: Queryable,
  id: string,
): Promise<BookingDetails | undefined> => {
  if (!isLeadId(id)) return undefined
  const { rows } = await db.query<DetailsRow>(
    `with ${CLOCK}
     select ${COLUMNS},
            b.time_zone as visitor_time_zone,
            to_char(b.starts_at at time zone
              (case when private.is_time_zone(b.time_zone) then b.time_zone else clock.zone end),
              'DD/MM/YYYY HH24:MI') as visitor_start,
            -- A cancellation raises the sequence too; it is not a move.
            b.sequence - (case when b.status = 'cancelled' then 1 else 0 end) as moves,
            s.lead_status, s.desk_note,
            (select count(*)::integer from public.bookings b2
              where ${RELEASABLE} and lower(b2.email) = lower(b.email)) as by_email,
            case when b.client_key is null then null else
              (select count(*)::integer from public.bookings b2
                where ${RELEASABLE} and b2.client_key = b.client_key) end as by_address,
            b.client_network,
            private.is_network_blocked(b.client_key) as network_blocked
       from public.bookings b
       join public.contact_submissions s on s.id = b.lead_id, clock
      where b.id = $1`,
    [id],
  )
  const row = rows[0]
  if (!row) return undefined
  return {
    ...readBooking(row),
    visitorTimeZone: row.visitor_time_zone,
    visitorStart: row.visitor_start,
    moves: Math.max(0, row.moves),
    leadStatus: row.lead_status,
    leadNote: row.desk_note,
    releasableByEmail: row.by_email,
    releasableByAddress: row.by_address,
    network: row.client_network,
    networkBlocked: row.network_blocked,
  }
}

/** The booking a lead was made by, for the lead's page; undefined for a lead from the form. */
export const findBookingOfLead = async (
  db: Queryable,
  leadId: string,
): Promise<AgendaBooking | undefined> => {
  if (!isLeadId(leadId)) return undefined
  const { rows } = await db.query<BookingRow>(
    `with ${CLOCK} select ${COLUMNS} from public.bookings b, clock where b.lead_id = $1`,
    [leadId],
  )
  return rows[0] ? readBooking(rows[0]) : undefined
}

/** How the last import of the company's calendar went (private.busy_feed_status). */
export interface BusyFeedState {
  lastSuccessAt: Date | null
  lastErrorAt: Date | null
  lastError: string | null
  /** Busy times not yet over: what the free times are keeping clear. */
  inForce: number
}

export const readBusyFeedState = async (db: Queryable): Promise<BusyFeedState> => {
  const { rows } = await db.query<{
    last_success_at: Date | string | null
    last_error_at: Date | string | null
    last_error: string | null
    in_force: number
  }>(
    `select f.last_success_at, f.last_error_at, f.last_error,
            (select count(*)::integer from private.busy_times t where t.ends_at > now()) as in_force
       from private.busy_feed_status f`,
  )
  const row = rows[0]
  return {
    lastSuccessAt: row?.last_success_at ? dateOf(row.last_success_at) : null,
    lastErrorAt: row?.last_error_at ? dateOf(row.last_error_at) : null,
    lastError: row?.last_error ?? null,
    inForce: row?.in_force ?? 0,
  }
}
