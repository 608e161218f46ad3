/**
 * A booking as the agenda sees it (public.bookings; docs/booking.md): its state as
 * private.booking_state reads it, so a hold waiting for its confirmation ('pending') and one
 * never confirmed in time ('expired') are told apart from meetings (decision 038).
 */
export const BOOKING_STATUSES = [
  'pending',
  'expired',
  'confirmed',
  'held',
  'no_show',
  'cancelled',
] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]

/** What the company records after a meeting's time (private.set_booking_outcome). */
export const BOOKING_OUTCOMES = ['held', 'no_show'] as const
export type BookingOutcome = (typeof BOOKING_OUTCOMES)[number]

export const isBookingStatus = (value: unknown): value is BookingStatus =>
  typeof value === 'string' && (BOOKING_STATUSES as readonly string[]).includes(value)

export const isBookingOutcome = (value: unknown): value is BookingOutcome =>
  typeof value === 'string' && (BOOKING_OUTCOMES as readonly string[]).includes(value)

/** One meeting in the agenda's lists, with its times on the company's clock. */
export interface AgendaBooking {
  id: string
  leadId: string
  status: BookingStatus
  startsAt: Date
  endsAt: Date
  /** The company's local day (YYYY-MM-DD) and times (HH:MM): what the lists group and show. */
  localDay: string
  localStart: string
  localEnd: string
  name: string
  email: string
  company: string | null
  note: string
  meetingUrl: string
  createdAt: Date
  /** Until when a booking waits (or waited) for its confirmation; null before holds. */
  holdUntil: Date | null
  cancelledAt: Date | null
  cancelledBy: 'visitor' | 'company' | null
  cancelMessage: string | null
}

/** Everything one booking's page shows. */
export interface BookingDetails extends AgendaBooking {
  /** The visitor's time zone and the meeting's start on their clock (dd/mm/aaaa hh:mm). */
  visitorTimeZone: string
  visitorStart: string
  /** Times the visitor moved it. */
  moves: number
  leadStatus: string
  leadNote: string | null
  /** Meetings still to come, not cancelled, that releasing by e-mail or address would free. */
  releasableByEmail: number
  /** Null when the address the booking came from is not known. */
  releasableByAddress: number | null
  /** The network it came from (IPv6 /48, IPv4 /24), null when not known. */
  network: string | null
  /** Whether that network is blocked now (private.is_network_blocked). */
  networkBlocked: boolean
}

/** A meeting can be cancelled by the company until it starts. */
export const canCancel = (booking: Pick<AgendaBooking, 'status' | 'startsAt'>, now = new Date()) =>
  (booking.status === 'confirmed' || booking.status === 'held') && booking.startsAt > now

/** Its outcome can be recorded from its start on, if it became a meeting. */
export const canRecordOutcome = (
  booking: Pick<AgendaBooking, 'status' | 'startsAt'>,
  now = new Date(),
) => ['confirmed', 'held', 'no_show'].includes(booking.status) && booking.startsAt <= now
