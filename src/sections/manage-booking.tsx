import { Button, buttonClassName } from '../components/ui/button.tsx'
import { Label } from '../components/ui/label.tsx'
import { Textarea } from '../components/ui/textarea.tsx'
import { manageBookingPage as text } from '../content/booking-page.ts'
import { BOOKING_NOTE_MAX_CHARS } from '../content/booking.ts'
import { BOOKING_URL } from '../routes.ts'
import { manageIds as ids, PICKER_PREFIX } from '../features/booking/booking-ids.ts'
import { OtherWays } from '../features/booking/other-ways.tsx'
import { refusalBoxClassName, SlotPickerFields } from '../features/booking/slot-picker-fields.tsx'
import { cn } from '../lib/cn.ts'
import { pageScriptStall } from '../lib/page-script-stall.ts'

const heading = 'text-xl font-semibold text-ink outline-none'
const note = 'font-medium text-ink outline-none'

/** What the booking is: filled in by the page's script from booking_details. */
function BookingFacts() {
  const row = (label: string, id: string, rowId?: string) => (
    <div id={rowId} className="flex flex-col gap-1 sm:flex-row sm:gap-4">
      <dt className="font-medium text-ink sm:w-36 sm:shrink-0">{label}</dt>
      <dd id={id} className="m-0 min-w-0 break-words" />
    </div>
  )
  return (
    <section id={ids.booking} hidden aria-labelledby={ids.when} className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <p id={ids.when} tabIndex={-1} className="text-lg font-semibold text-ink outline-none" />
        <p id={ids.companyWhen} hidden className="text-ink-muted" />
      </div>
      <p id={ids.statePending} hidden className={note}>
        {text.states.pendingBefore}
        <strong id={ids.holdUntil} />
        {text.states.pendingAfter}
      </p>
      {/* Worded by the script: whether the time may still be confirmed. */}
      <p id={ids.stateExpired} tabIndex={-1} hidden className={note} />
      {/* Right under the time, so the tap the e-mail asks for needs no scrolling on a phone. */}
      <Button id={ids.confirm} hidden className="self-start">
        {text.confirm}
      </Button>
      <p id={ids.stateCancelled} tabIndex={-1} hidden className={note}>
        {text.states.cancelled}
      </p>
      <p id={ids.statePast} hidden className={note}>
        {text.states.past}
      </p>
      <p id={ids.stateLocked} hidden className={note}>
        {text.states.locked}
      </p>
      <dl className="m-0 flex flex-col gap-3 text-ink-muted">
        {row(text.labels.meetingLink, ids.meeting, ids.meetingRow)}
        {row(text.labels.name, ids.name)}
        {row(text.labels.email, ids.email)}
        {row(text.labels.company, ids.company, ids.companyRow)}
        {row(text.labels.note, ids.note)}
      </dl>
      <div id={ids.actions} hidden className="flex flex-wrap gap-3">
        <Button id={ids.reschedule}>{text.reschedule}</Button>
        <Button id={ids.cancel} variant="outline">
          {text.cancel}
        </Button>
      </div>
    </section>
  )
}

/** Back to the booking without changing it. */
function BackButton() {
  return (
    <Button variant="outline" data-manage-back="">
      {text.back}
    </Button>
  )
}

function RescheduleForm() {
  return (
    <form id={ids.rescheduleForm} hidden aria-labelledby={ids.rescheduleTitle}>
      <fieldset className="m-0 flex min-w-0 flex-col gap-8 border-0 p-0">
        <div className="flex flex-col gap-2">
          <h2 id={ids.rescheduleTitle} tabIndex={-1} className={heading}>
            {text.rescheduleTitle}
          </h2>
          <p className="text-ink-muted">
            {text.currentTime}
            <strong id={ids.rescheduleCurrent} className="font-semibold text-ink" />
          </p>
        </div>
        <SlotPickerFields prefix={PICKER_PREFIX.reschedule} />
        <p
          id={ids.rescheduleRefusal}
          role="alert"
          tabIndex={-1}
          hidden
          className={refusalBoxClassName}
        />
        <div className="flex flex-wrap gap-3">
          <Button id={ids.rescheduleSubmit} type="submit">
            {text.rescheduleSubmit}
          </Button>
          <BackButton />
        </div>
      </fieldset>
    </form>
  )
}

function CancelForm() {
  return (
    <form id={ids.cancelForm} hidden aria-labelledby={ids.cancelTitle}>
      <fieldset className="m-0 flex min-w-0 flex-col gap-5 border-0 p-0">
        <div className="flex flex-col gap-2">
          <h2 id={ids.cancelTitle} tabIndex={-1} className={heading}>
            {text.cancelTitle}
          </h2>
          <p className="text-ink-muted">
            {text.cancelWhich}
            <strong id={ids.cancelWhich} className="font-semibold text-ink" />
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.cancelMessage}>{text.cancelMessage.label}</Label>
          <Textarea
            id={ids.cancelMessage}
            name="message"
            rows={text.cancelMessage.rows}
            maxLength={BOOKING_NOTE_MAX_CHARS}
            placeholder={text.cancelMessage.placeholder}
          />
        </div>
        <p
          id={ids.cancelRefusal}
          role="alert"
          tabIndex={-1}
          hidden
          className={refusalBoxClassName}
        />
        <div className="flex flex-wrap gap-3">
          <Button id={ids.cancelSubmit} type="submit">
            {text.cancelSubmit}
          </Button>
          <BackButton />
        </div>
      </fieldset>
    </form>
  )
}

/**
 * The booking behind a manage link (/agendar/gerenciar#<token>), prerendered empty: the page's
 * script reads the token from the address's fragment, which no server sees, and fills it in.
 */
export function ManageBooking() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-12 sm:px-6 sm:py-16">
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-heading tracking-tight text-balance text-ink sm:text-4xl">
          {text.title}
        </h1>
        <p className="hidden font-medium text-ink noscript:block">{text.noScript}</p>
        <p className={cn(pageScriptStall.noteIfStalled, 'font-medium text-ink')}>
          {text.scriptStalled}
        </p>
        <OtherWays onManagePage className="text-ink-muted" />
      </div>
      <div className={cn(pageScriptStall.awaitsScript, 'flex flex-col gap-8 noscript:hidden')}>
        {/* Emptied when the refusal below says it all: then it takes no room. */}
        <p id={ids.status} role="status" className="text-sm text-ink-muted empty:-mb-8">
          {text.loading}
        </p>
        <p id={ids.refusal} role="alert" tabIndex={-1} hidden className={refusalBoxClassName} />
        <BookingFacts />
        {/* After the facts of a cancelled meeting, or right after a link that opens none. */}
        <a
          id={ids.bookAgain}
          href={BOOKING_URL}
          hidden
          className={buttonClassName({}, 'self-start')}
        >
          {text.bookAgain}
        </a>
        <RescheduleForm />
        <CancelForm />
      </div>
    </div>
  )
}
