/** @jsxImportSource hono/jsx */
import { agendaCopy } from '../agenda-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { DeskDocument, Notice } from '../../layout/desk-document.tsx'
import type { NoticeMessage } from '../../layout/notices.ts'
import { CANCEL_MESSAGE_LIMIT } from '../booking-actions.ts'
import {
  CLOSED_DAY_REASON_LIMIT,
  type ClosedDay,
  type Holiday,
  type MeetingOnDay,
} from '../closed-days.ts'
import { formatLongDay, formatShortDay } from '../company-clock.ts'
import { PanelForm, RowAction } from '../../forms/panel-form.tsx'
import { AgendaTabs } from './agenda-tabs.tsx'
import { Day } from './booking-parts.tsx'
import { MeetingLine } from './meeting-line.tsx'

const copy = agendaCopy.closedDays

/** What was typed into the form, shown again when the day could not be closed. */
export interface CloseDayDraft {
  day: string
  reason: string
  message: string
  /** Meetings that keep the day open until the operator confirms cancelling them. */
  meetings: MeetingOnDay[]
}

export interface ClosedDaysPageProps {
  closedDays: ClosedDay[]
  holidays: Holiday[]
  today: string
  lastDay: string
  zone: string
  /** The reply promise counts office hours (REPLY_CLOCK=business, decision 070). */
  replyInOfficeHours: boolean
  csrfToken: string
  notice?: NoticeMessage
  draft?: CloseDayDraft
}

const holidayState = (holiday: Holiday) =>
  !holiday.closed
    ? copy.holidayOpen
    : holiday.closedUntil === null
      ? copy.holidayClosed
      : copy.holidayUntil(holiday.closedUntil)

/** The meetings that keep a day open, each a link to its page, with the choice to cancel them. */
const MeetingsInTheWay = ({ draft, zone }: { draft: CloseDayDraft; zone: string }) => (
  <div class="notice notice-error" role="alert">
    <p>{copy.meetingsRemain(draft.meetings.length)}</p>
    <ul>
      {draft.meetings.map((meeting) => (
        <li>
          <MeetingLine meeting={meeting} zone={zone} />
        </li>
      ))}
    </ul>
  </div>
)

const CloseDayForm = ({
  today,
  csrfToken,
  draft,
  zone,
}: {
  today: string
  csrfToken: string
  draft?: CloseDayDraft
  zone: string
}) => {
  const conflict = draft !== undefined && draft.meetings.length > 0
  return (
    <PanelForm
      action={deskPaths.closedDays}
      heading={copy.addHeading}
      submit={copy.add}
      csrfToken={csrfToken}
    >
      {conflict && <MeetingsInTheWay draft={draft} zone={zone} />}
      <label for="dia">{copy.day}</label>
      <input id="dia" type="date" name="dia" min={today} value={draft?.day ?? ''} required />
      <label for="motivo">{copy.reason}</label>
      <input
        id="motivo"
        type="text"
        name="motivo"
        maxlength={CLOSED_DAY_REASON_LIMIT}
        value={draft?.reason ?? ''}
        aria-describedby="motivo-dica"
      />
      <p id="motivo-dica" class="hint">
        {copy.reasonHint}
      </p>
      {conflict && (
        <>
          <label class="check">
            <input type="checkbox" name="cancelar" value="1" />
            <span>{copy.cancelMeetings(draft.meetings.length)}</span>
          </label>
          <label for="mensagem">{copy.cancelMessage}</label>
          <textarea id="mensagem" name="mensagem" dir="auto" maxlength={CANCEL_MESSAGE_LIMIT}>
            {draft.message}
          </textarea>
        </>
      )}
    </PanelForm>
  )
}

/** The company's closed days from today on, a form to close one more, and the holidays ahead. */
export const ClosedDaysPage = (props: ClosedDaysPageProps) => (
  <DeskDocument title={copy.title} csrfToken={props.csrfToken}>
    <h1>{copy.title}</h1>
    {props.notice && <Notice tone={props.notice.tone} text={props.notice.text} />}
    <p class="hint">{copy.intro(formatShortDay(props.lastDay), props.replyInOfficeHours)}</p>
    <AgendaTabs />
    <CloseDayForm
      today={props.today}
      csrfToken={props.csrfToken}
      draft={props.draft}
      zone={props.zone}
    />
    <section class="panel" aria-labelledby="fechados">
      <h2 id="fechados">{copy.upcoming}</h2>
      {props.closedDays.length === 0 ? (
        <p>{copy.none}</p>
      ) : (
        <ul class="rows">
          {props.closedDays.map((closed) => (
            <li>
              <span>
                <Day day={closed.day}>{formatLongDay(closed.day)}</Day>:{' '}
                {closed.reason ?? copy.noReason}
              </span>
              <RowAction
                action={deskPaths.closedDayReopen(closed.day)}
                csrfToken={props.csrfToken}
                text={copy.reopen}
                tone="secondary"
                label={copy.reopenLabel(formatShortDay(closed.day))}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
    <section class="panel" aria-labelledby="feriados">
      <h2 id="feriados">{copy.holidays}</h2>
      {props.holidays.length === 0 ? (
        <p>{copy.noHolidays}</p>
      ) : (
        <ul>
          {props.holidays.map((holiday) => (
            <li>
              <Day day={holiday.day}>{formatLongDay(holiday.day)}</Day>: {holiday.name} (
              {holidayState(holiday)})
            </li>
          ))}
        </ul>
      )}
    </section>
  </DeskDocument>
)
