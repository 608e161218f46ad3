/** @jsxImportSource hono/jsx */
import { layoutCopy } from '../../layout/layout-copy.ts'
import type { BookingStatus } from '../booking.ts'

export const BookingStatusBadge = ({ status }: { status: BookingStatus }) => (
  <span class={`badge badge-booking-${status}`}>{layoutCopy.bookingStatuses[status]}</span>
)

/**
 * The meeting's link, only if it is an https:// address (the database writes Jitsi rooms or
 * BOOKING_MEETING_URL; anything else is shown as text, never made a link).
 */
export const MeetingLink = ({ url, text, label }: { url: string; text: string; label?: string }) =>
  /^https:\/\/[^\s]+$/.test(url) ? (
    <a href={url} target="_blank" rel="noopener noreferrer" aria-label={label}>
      {text}
    </a>
  ) : (
    <span>{url}</span>
  )

/** A calendar day as a <time> element: people read the words, programs (and tests) the date. */
export const Day = ({ day, children }: { day: string; children: string }) => (
  <time datetime={day}>{children}</time>
)
