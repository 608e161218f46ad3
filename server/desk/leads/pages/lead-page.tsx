/** @jsxImportSource hono/jsx */
import { layoutCopy } from '../../layout/layout-copy.ts'
import { leadsCopy } from '../leads-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { formatBrazilDateTime } from '../export/brazil-time.ts'
import type { Lead } from '../lead.ts'
import { DeliveryBadge, StatusBadge, UnconfirmedEmailBadge } from './badges.tsx'
import { DeskDocument, Notice } from '../../layout/desk-document.tsx'
import { visitorTextAsPlain } from '../../layout/visitor-text-parts.ts'
import { VisitorText } from '../../layout/visitor-text.tsx'
import { LeadAttribution } from './lead-attribution.tsx'
import { EraseForm, NoteForm, ResendForm, StatusForm } from './lead-forms.tsx'
import { MarkAnsweredForm, ReplyForm, type ReplyDraftView } from './lead-reply.tsx'
import { LeadTimeline } from './lead-timeline.tsx'
import type { ReplyRecord } from '../replies/lead-replies.ts'
import { describeDuration } from '#shared/support/durations.ts'
import type { NoticeMessage } from '../../layout/notices.ts'
import type { AgendaBooking } from '../../agenda/booking.ts'
import { formatShortDay } from '../../agenda/company-clock.ts'

const copy = leadsCopy.lead

// RFC 6068: the address may stay as is apart from what would break the URL.
const mailtoHref = (email: string) =>
  `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(copy.replySubject)}`

export interface LeadPageProps {
  lead: Lead
  /** Leads from the same address, this one included. */
  fromSameEmail: number
  /** The consultation this lead booked, when it came from the agenda. */
  booking?: AgendaBooking
  /** The reply form's starting text; undefined where the server sends no mail to visitors. */
  draft: ReplyDraftView | undefined
  replies: ReplyRecord[]
  now: Date
  csrfToken: string
  notice?: NoticeMessage
}

/** Where the lead stands against the reply promise, in words. */
const AnswerFact = ({ lead, now }: { lead: Lead; now: Date }) => {
  const { answer } = lead
  const words = copy.answerState
  const at = formatBrazilDateTime
  if (answer.answeredAt !== null && answer.via !== null) {
    const took = describeDuration(answer.answeredAt.getTime() - answer.waitingSince.getTime())
    return <>{words.answered(took, leadsCopy.answerVias[answer.via], at(answer.answeredAt))}</>
  }
  if (lead.status === 'spam') return <>{words.spam}</>
  const waited = describeDuration(now.getTime() - answer.waitingSince.getTime())
  const due = answer.dueAt === null ? null : at(answer.dueAt)
  return (
    <>
      {answer.late ? words.late(waited, due) : words.waiting(waited, due)}
      {answer.alertedAt && <> {words.alerted(at(answer.alertedAt))}</>}
    </>
  )
}

export const LeadPage = ({
  lead,
  fromSameEmail,
  booking,
  draft,
  replies,
  now,
  csrfToken,
  notice,
}: LeadPageProps) => (
  <DeskDocument title={copy.title(visitorTextAsPlain(lead.name))} csrfToken={csrfToken}>
    <p>
      <a href={deskPaths.leads}>{layoutCopy.back.leads}</a>
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
          <UnconfirmedEmailBadge confirmed={lead.emailConfirmed} />
          {!lead.emailConfirmed && <p class="hint">{copy.unconfirmedHint}</p>}
        </dd>
        <dt>{copy.company}</dt>
        <dd>{lead.company === null ? layoutCopy.noValue : <VisitorText text={lead.company} />}</dd>
        <dt>{copy.status}</dt>
        <dd>
          <StatusBadge status={lead.status} />
        </dd>
        <dt>{copy.delivery}</dt>
        <dd>
          <DeliveryBadge delivery={lead.delivery} error={lead.deliveryError} explain />
        </dd>
        <dt>{copy.answerFact}</dt>
        <dd>
          <AnswerFact lead={lead} now={now} />
        </dd>
        {booking && (
          <>
            <dt>{copy.booking}</dt>
            <dd>
              <a href={deskPaths.booking(booking.id)}>
                {copy.bookingLink(
                  `${formatShortDay(booking.localDay)} ${booking.localStart}`,
                  layoutCopy.bookingStatuses[booking.status],
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
    <ReplyForm lead={lead} draft={draft} csrfToken={csrfToken} />
    {lead.answer.answeredAt === null && <MarkAnsweredForm lead={lead} csrfToken={csrfToken} />}
    <LeadTimeline lead={lead} replies={replies} notifiedAt={lead.notifiedAt} />
    <LeadAttribution attribution={lead.attribution} />
    <div class="grid-2">
      <StatusForm lead={lead} csrfToken={csrfToken} />
      <ResendForm lead={lead} csrfToken={csrfToken} />
    </div>
    <NoteForm lead={lead} csrfToken={csrfToken} />
    <EraseForm lead={lead} fromSameEmail={fromSameEmail} csrfToken={csrfToken} />
  </DeskDocument>
)
