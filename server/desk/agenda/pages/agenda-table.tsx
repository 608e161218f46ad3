/** @jsxImportSource hono/jsx */
import { layoutCopy } from '../../layout/layout-copy.ts'
import { agendaCopy } from '../agenda-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { visitorTextAsPlain } from '../../layout/visitor-text-parts.ts'
import { DeskTable, type DeskColumn } from '../../layout/desk-table.tsx'
import { VisitorText } from '../../layout/visitor-text.tsx'
import { firstWords } from '../../leads/lead-store.ts'
import type { AgendaBooking } from '../booking.ts'
import { formatDateTimeIn, formatLongDay, formatShortDay, nextDay } from '../company-clock.ts'
import { BookingStatusBadge, Day, MeetingLink } from './booking-parts.tsx'

const copy = agendaCopy.list
const columns = copy.columns

/** "Hoje · terça-feira, 24 de novembro de 2026", "Amanhã · …", or the day alone. */
export const dayLabel = (day: string, today: string): string => {
  const long = formatLongDay(day)
  if (day === today) return `${copy.today} · ${long}`
  if (day === nextDay(today)) return `${copy.tomorrow} · ${long}`
  return long
}

interface AgendaRow {
  booking: AgendaBooking
  /** The first column: the meeting's time, with its day and cancellation when cancelled. */
  when: string
}

const nameOf = (row: AgendaRow) => visitorTextAsPlain(row.booking.name)

const agendaColumns: DeskColumn<AgendaRow>[] = [
  { heading: columns.time, class: 'date', cell: (row) => row.when },
  {
    heading: columns.name,
    cell: ({ booking }) => (
      <a href={deskPaths.booking(booking.id)}>
        <VisitorText text={booking.name} />
      </a>
    ),
  },
  {
    heading: columns.email,
    class: 'email',
    cell: ({ booking }) => <VisitorText text={booking.email} />,
  },
  {
    heading: columns.company,
    cell: ({ booking }) =>
      booking.company === null ? layoutCopy.noValue : <VisitorText text={booking.company} />,
  },
  {
    heading: columns.note,
    class: 'excerpt',
    cell: ({ booking }) => <VisitorText text={firstWords(booking.note)} />,
  },
  {
    heading: columns.status,
    cell: ({ booking }) => <BookingStatusBadge status={booking.status} />,
  },
  {
    heading: columns.meeting,
    cell: (row) =>
      row.booking.status === 'cancelled' || row.booking.status === 'pending' ? (
        layoutCopy.noValue
      ) : (
        <MeetingLink
          url={row.booking.meetingUrl}
          text={copy.meetingLink}
          label={copy.meetingLinkLabel(nameOf(row))}
        />
      ),
  },
  {
    heading: columns.lead,
    cell: (row) => (
      <a href={deskPaths.lead(row.booking.leadId)} aria-label={copy.leadLinkLabel(nameOf(row))}>
        {copy.leadLink}
      </a>
    ),
  },
]

/** Meetings grouped by the company's local day, each day a heading and a table. */
export const DayGroups = ({ bookings, today }: { bookings: AgendaBooking[]; today: string }) => {
  const days = new Map<string, AgendaBooking[]>()
  for (const booking of bookings) {
    days.set(booking.localDay, [...(days.get(booking.localDay) ?? []), booking])
  }
  return (
    <>
      {[...days].map(([day, meetings]) => (
        // Not a landmark of its own: its table's scrolling region already bears the day's name.
        <section class="day">
          <h2 id={`dia-${day}`}>
            <Day day={day}>{dayLabel(day, today)}</Day>
            <span class="day-count"> · {copy.total(meetings.length)}</span>
          </h2>
          <DeskTable
            name={{ labelledBy: `dia-${day}` }}
            columns={agendaColumns}
            rows={meetings.map((booking) => ({
              booking,
              when: `${booking.localStart}–${booking.localEnd}`,
            }))}
          />
        </section>
      ))}
    </>
  )
}

/** Cancelled meetings, latest cancellation first: when each was to be and when it was called off. */
export const CancelledTable = ({ bookings, zone }: { bookings: AgendaBooking[]; zone: string }) => (
  <section>
    <h2 id="canceladas" class="visually-hidden">
      {copy.views.canceladas}
    </h2>
    <DeskTable
      name={{ labelledBy: 'canceladas' }}
      columns={agendaColumns}
      rows={bookings.map((booking) => ({
        booking,
        when: `${formatShortDay(booking.localDay)} ${booking.localStart}${
          booking.cancelledAt === null
            ? ''
            : ` (${columns.cancelled.toLowerCase()} ${formatDateTimeIn(booking.cancelledAt, zone)})`
        }`,
      }))}
    />
  </section>
)
