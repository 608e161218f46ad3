/** @jsxImportSource hono/jsx */
import { frameCopy } from '../../frame/frame-copy.ts'
import { agendaCopy } from '../agenda-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { visitorTextAsPlain } from '../../frame/visitor-text-parts.ts'
import { VisitorText } from '../../frame/visitor-text.tsx'
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

const Row = ({ booking, when }: { booking: AgendaBooking; when: string }) => {
  const name = visitorTextAsPlain(booking.name)
  return (
    <tr>
      <td class="date">{when}</td>
      <td>
        <a href={deskPaths.booking(booking.id)}>
          <VisitorText text={booking.name} />
        </a>
      </td>
      <td class="email">
        <VisitorText text={booking.email} />
      </td>
      <td>
        {booking.company === null ? frameCopy.noValue : <VisitorText text={booking.company} />}
      </td>
      <td class="excerpt">
        <VisitorText text={firstWords(booking.note)} />
      </td>
      <td>
        <BookingStatusBadge status={booking.status} />
      </td>
      <td>
        {booking.status === 'cancelled' || booking.status === 'pending' ? (
          frameCopy.noValue
        ) : (
          <MeetingLink
            url={booking.meetingUrl}
            text={copy.meetingLink}
            label={copy.meetingLinkLabel(name)}
          />
        )}
      </td>
      <td>
        <a href={deskPaths.lead(booking.leadId)} aria-label={copy.leadLinkLabel(name)}>
          {copy.leadLink}
        </a>
      </td>
    </tr>
  )
}

const Table = ({
  labelledBy,
  firstColumn,
  rows,
}: {
  labelledBy: string
  firstColumn: string
  rows: { booking: AgendaBooking; when: string }[]
}) => (
  <div class="table-wrap" role="region" aria-labelledby={labelledBy} tabindex={0}>
    <table aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">{firstColumn}</th>
          <th scope="col">{columns.name}</th>
          <th scope="col">{columns.email}</th>
          <th scope="col">{columns.company}</th>
          <th scope="col">{columns.note}</th>
          <th scope="col">{columns.status}</th>
          <th scope="col">{columns.meeting}</th>
          <th scope="col">{columns.lead}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Row booking={row.booking} when={row.when} />
        ))}
      </tbody>
    </table>
  </div>
)

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
          <Table
            labelledBy={`dia-${day}`}
            firstColumn={columns.time}
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
    <Table
      labelledBy="canceladas"
      firstColumn={columns.time}
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
