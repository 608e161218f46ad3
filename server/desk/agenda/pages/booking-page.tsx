/** @jsxImportSource hono/jsx */
import { layoutCopy } from '../../layout/layout-copy.ts'
import { agendaCopy } from '../agenda-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { DeskDocument, Notice } from '../../layout/desk-document.tsx'
import type { NoticeMessage } from '../../layout/notices.ts'
import { visitorTextAsPlain } from '../../layout/visitor-text-parts.ts'
import { VisitorText } from '../../layout/visitor-text.tsx'
import { isLeadStatus } from '../../leads/lead.ts'
import { canCancel, canRecordOutcome, type BookingDetails } from '../booking.ts'
import { formatDateTimeIn, formatLongDay } from '../company-clock.ts'
import { BookingStatusBadge, Day, MeetingLink } from './booking-parts.tsx'
import {
  BlockNetworkForm,
  BookingNoteForm,
  CancelForm,
  OutcomeForm,
  ReleaseForm,
} from './booking-forms.tsx'

const copy = agendaCopy.booking

export interface BookingPageProps {
  booking: BookingDetails
  /** The company's time zone. */
  zone: string
  csrfToken: string
  notice?: NoticeMessage
  now?: Date
}

/** One meeting: everything about it, and what the company can do with it now. */
export const BookingPage = ({ booking, zone, csrfToken, notice, now }: BookingPageProps) => {
  const leadStatus = isLeadStatus(booking.leadStatus)
    ? layoutCopy.leadStatuses[booking.leadStatus]
    : booking.leadStatus
  const releasable = booking.releasableByEmail > 0 || (booking.releasableByAddress ?? 0) > 0
  return (
    <DeskDocument title={copy.title(visitorTextAsPlain(booking.name))} csrfToken={csrfToken}>
      <p>
        <a href={deskPaths.agenda}>{layoutCopy.back.agenda}</a>
      </p>
      <h1>
        {copy.heading} <VisitorText text={booking.name} />
      </h1>
      {notice && <Notice tone={notice.tone} text={notice.text} />}
      <section class="panel" aria-label={copy.when}>
        <dl class="facts">
          <dt>{copy.when}</dt>
          <dd>
            <Day day={booking.localDay}>{formatLongDay(booking.localDay)}</Day>,{' '}
            {booking.localStart}–{booking.localEnd} ({zone})
            {booking.visitorTimeZone !== zone && (
              <span class="hint">
                {' '}
                {copy.visitorClock(booking.visitorStart, booking.visitorTimeZone)}
              </span>
            )}
          </dd>
          <dt>{copy.status}</dt>
          <dd>
            <BookingStatusBadge status={booking.status} />
            {booking.status === 'pending' && booking.holdUntil !== null && (
              <span class="hint"> {copy.holdHint(formatDateTimeIn(booking.holdUntil, zone))}</span>
            )}
            {booking.status === 'expired' && <span class="hint"> {copy.expiredHint}</span>}
            {booking.cancelledAt !== null && booking.cancelledBy !== null && (
              <span class="hint">
                {' '}
                {copy.cancelled(
                  formatDateTimeIn(booking.cancelledAt, zone),
                  agendaCopy.list.cancelledBy[booking.cancelledBy],
                )}
              </span>
            )}
          </dd>
          {booking.cancelMessage !== null && (
            <>
              <dt>{copy.cancelMessage}</dt>
              <dd class="message">
                <VisitorText text={booking.cancelMessage} />
              </dd>
            </>
          )}
          <dt>{copy.email}</dt>
          <dd>
            <VisitorText text={booking.email} />
          </dd>
          <dt>{copy.company}</dt>
          <dd>
            {booking.company === null ? layoutCopy.noValue : <VisitorText text={booking.company} />}
          </dd>
          <dt>{copy.note}</dt>
          <dd class="message">
            <VisitorText text={booking.note} />
          </dd>
          <dt>{copy.meeting}</dt>
          <dd>
            <MeetingLink url={booking.meetingUrl} text={booking.meetingUrl} />
          </dd>
          <dt>{copy.booked}</dt>
          <dd>{formatDateTimeIn(booking.createdAt, zone)}</dd>
          {booking.moves > 0 && (
            <>
              <dt>{copy.moves}</dt>
              <dd>{booking.moves}</dd>
            </>
          )}
          <dt>{copy.lead}</dt>
          <dd>
            <a href={deskPaths.lead(booking.leadId)}>{copy.leadLink}</a> (
            {copy.leadStatus(leadStatus)})
          </dd>
        </dl>
      </section>
      {canRecordOutcome(booking, now) && <OutcomeForm booking={booking} csrfToken={csrfToken} />}
      {canCancel(booking, now) && <CancelForm booking={booking} csrfToken={csrfToken} />}
      <BookingNoteForm booking={booking} csrfToken={csrfToken} />
      {releasable && <ReleaseForm booking={booking} csrfToken={csrfToken} />}
      {booking.network === null ? (
        <p class="hint">{copy.networkUnknown}</p>
      ) : booking.networkBlocked ? (
        <p class="panel">{copy.blockedAlready(booking.network)}</p>
      ) : (
        <BlockNetworkForm booking={booking} csrfToken={csrfToken} network={booking.network} />
      )}
    </DeskDocument>
  )
}
