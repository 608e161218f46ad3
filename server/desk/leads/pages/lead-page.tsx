/** @jsxImportSource hono/jsx */
import { deskCopy } from '../../copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { formatBrazilDateTime } from '../export/brazil-time.ts'
import type { Lead } from '../lead.ts'
import { DeliveryBadge, StatusBadge } from './badges.tsx'
import { DeskDocument, Notice } from '../../frame/desk-document.tsx'
import { visitorTextAsPlain } from '../../frame/visitor-text-parts.ts'
import { VisitorText } from '../../frame/visitor-text.tsx'
import { LeadAttribution } from './lead-attribution.tsx'
import { EraseForm, NoteForm, ResendForm, StatusForm } from './lead-forms.tsx'
import type { NoticeMessage } from '../../frame/notices.ts'
import type { AgendaBooking } from '../../agenda/booking.ts'
import { formatShortDay } from '../../agenda/company-clock.ts'

const copy = deskCopy.lead

// RFC 6068: the address may stay as is apart from what would break the URL.
const mailtoHref = (email: string) =>
  `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(copy.replySubject)}`

export interface LeadPageProps {
  lead: Lead
  /** Leads from the same address, this one included. */
  fromSameEmail: number
  /** The consultation this lead booked, when it came from the agenda. */
  booking?: AgendaBooking
  csrfToken: string
  notice?: NoticeMessage
}

export const LeadPage = ({ lead, fromSameEmail, booking, csrfToken, notice }: LeadPageProps) => (
  <DeskDocument title={copy.title(visitorTextAsPlain(lead.name))} csrfToken={csrfToken}>
    <p>
      <a href={deskPaths.leads}>{copy.back}</a>
    </p>
    <h1>
      {copy.heading} <VisitorText text={lead.name} />
    </h1>
    {notice && <Notice tone={notice.tone} text={notice.text} />}
    <section class="panel" aria-labelledby="mensagem">
      <dl class="facts">
        <dt>{copy.received}</dt>
        <dd>{formatBrazilDateTime(lead.createdAt)}</dd>
        <dt>{copy.email}</dt>
        <dd>
          <VisitorText text={lead.email} />
        </dd>
        <dt>{copy.company}</dt>
        <dd>
          {lead.company === null ? deskCopy.list.noCompany : <VisitorText text={lead.company} />}
        </dd>
        <dt>{copy.status}</dt>
        <dd>
          <StatusBadge status={lead.status} />
        </dd>
        <dt>{copy.delivery}</dt>
        <dd>
          <DeliveryBadge delivery={lead.delivery} error={lead.deliveryError} explain />
        </dd>
        {booking && (
          <>
            <dt>{copy.booking}</dt>
            <dd>
              <a href={deskPaths.booking(booking.id)}>
                {copy.bookingLink(
                  `${formatShortDay(booking.localDay)} ${booking.localStart}`,
                  deskCopy.agenda.statuses[booking.status],
                )}
              </a>
            </dd>
          </>
        )}
      </dl>
      <h2 id="mensagem">{copy.message}</h2>
      <p class="message">
        <VisitorText text={lead.message} />
      </p>
      <a class="button" href={mailtoHref(lead.email)}>
        {copy.reply}
      </a>
    </section>
    <LeadAttribution attribution={lead.attribution} />
    <div class="grid-2">
      <StatusForm lead={lead} csrfToken={csrfToken} />
      <ResendForm lead={lead} csrfToken={csrfToken} />
    </div>
    <NoteForm lead={lead} csrfToken={csrfToken} />
    <EraseForm lead={lead} fromSameEmail={fromSameEmail} csrfToken={csrfToken} />
  </DeskDocument>
)
