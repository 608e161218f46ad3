import { Badge } from '../components/ui/badge.tsx'
import { NewTabLink } from '../components/new-tab-link.tsx'
import { Button } from '../components/ui/button.tsx'
import { Input } from '../components/ui/input.tsx'
import { Label } from '../components/ui/label.tsx'
import { Textarea } from '../components/ui/textarea.tsx'
import { bookingPage, slotPickerText } from '../content/booking-page.ts'
import { whatsappChat } from '../content/legal.ts'
import { BOOKING_NOTE_MAX_CHARS } from '../content/booking.ts'
import { bookingFieldNames, bookingIds, PICKER_PREFIX } from '../features/booking/booking-ids.ts'
import { OtherWays } from '../features/booking/other-ways.tsx'
import { BookingSummaryCard } from '../features/booking/booking-summary-card.tsx'
import { refusalBoxClassName, SlotPickerFields } from '../features/booking/slot-picker-fields.tsx'
import { CONTACT_LIMITS } from '#shared/contact/contact-message.ts'
import { cn } from '../lib/cn.ts'
import { pageScriptStall } from '../lib/page-script-stall.ts'

const { fields, done } = bookingPage
// A link with a name breaks between words; an address (the e-mail) only where it must.
const link = 'font-medium text-accent-ink underline'

/** One field of the form: its label above it, as on the contact form. */
function Field({ name, type = 'text' }: { name: keyof typeof fields; type?: string }) {
  const id = `booking-${name}`
  const field = fields[name]
  const common = {
    id,
    name: bookingFieldNames[name],
    required: name !== 'company',
    placeholder: field.placeholder,
  }
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{field.label}</Label>
      {'rows' in field ? (
        <Textarea rows={field.rows} maxLength={BOOKING_NOTE_MAX_CHARS} {...common} />
      ) : (
        <Input
          type={type}
          autoComplete={'autoComplete' in field ? field.autoComplete : undefined}
          maxLength={CONTACT_LIMITS[bookingFieldNames[name] as 'name' | 'email' | 'company']}
          {...common}
        />
      )}
    </div>
  )
}

/** Who is booking: shown once a time is picked, with that time said first. */
function Details() {
  return (
    <fieldset
      id={bookingIds.details}
      hidden
      className="m-0 flex min-w-0 flex-col gap-5 border-0 p-0"
    >
      <legend className="mb-3 text-base font-semibold text-ink">{bookingPage.details}</legend>
      <p id={bookingIds.chosen} tabIndex={-1} className="text-sm text-ink-muted outline-none">
        {bookingPage.chosen} <strong id={bookingIds.chosenWhen} className="text-ink" />
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field name="name" />
        <Field name="email" type="email" />
      </div>
      <Field name="company" />
      <Field name="note" />
      {/* `hidden` keeps it from people, autofill and screen readers; bots fill it. */}
      <div hidden>
        <label htmlFor="booking-trap">{bookingPage.trap.label}</label>
        <input
          id="booking-trap"
          name={bookingPage.trap.name}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
    </fieldset>
  )
}

/**
 * What is being booked, the refusal and the button: beside the picker and the form from
 * 1024 px, staying in view while the visitor types; on a phone, after the form.
 */
function Summary() {
  return (
    <div className="flex flex-col gap-4 lg:sticky lg:top-24">
      <BookingSummaryCard />
      <p
        id={bookingIds.refusal}
        role="alert"
        tabIndex={-1}
        hidden
        className={refusalBoxClassName}
      />
      <Button id={bookingIds.submit} type="submit" size="lg" className="w-full">
        {bookingPage.submit}
      </Button>
      <p className="text-center text-sm text-ink-muted">
        {bookingPage.privacy.before}
        <NewTabLink
          href={bookingPage.privacy.href}
          hint={bookingPage.privacy.newTab}
          className="inline-block font-medium text-accent-ink underline"
        >
          {bookingPage.privacy.link}
        </NewTabLink>
        {bookingPage.privacy.after}
      </p>
    </div>
  )
}

/**
 * What the visitor reads once booked: the time is held until they confirm it from the e-mail
 * (decision 038). The script fills in the booking's own facts.
 */
function Confirmation() {
  return (
    <section
      id={bookingIds.done}
      hidden
      aria-labelledby={bookingIds.doneTitle}
      className="flex max-w-3xl flex-col gap-3 rounded-2xl border border-line bg-subtle p-6 text-ink-muted"
    >
      <h2
        id={bookingIds.doneTitle}
        tabIndex={-1}
        className="text-2xl font-heading text-ink outline-none"
      >
        {done.title}
      </h2>
      <p id={bookingIds.doneWhen} className="text-lg font-semibold text-ink" />
      <p id={bookingIds.doneCompanyWhen} hidden />
      <p>
        {done.sentBefore}
        <strong id={bookingIds.doneEmail} className="break-words" />
        {done.sentAfter}
      </p>
      <p>
        {done.holdBefore}
        <strong id={bookingIds.doneHoldUntil} />
        {done.holdAfter}
      </p>
      <p>{done.spam}</p>
      <p>
        {done.fixQuestion}
        <button id={bookingIds.doneFix} type="button" className={`${link} cursor-pointer`}>
          {done.fix}
        </button>
      </p>
      {whatsappChat.href ? (
        <p>
          {done.whatsappBefore}
          <a href={whatsappChat.href} className={link}>
            {whatsappChat.label}
          </a>
          {done.whatsappAfter}
        </p>
      ) : null}
      <p
        id={bookingIds.doneRefusal}
        role="alert"
        tabIndex={-1}
        hidden
        className={refusalBoxClassName}
      />
    </section>
  )
}

/**
 * The agenda: the picker and the form, prerendered empty and filled in by the page's script
 * (src/page-scripts/booking-page.ts). Without script they are hidden and the page says how to
 * book by e-mail or phone.
 */
export function Booking() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 sm:px-6 sm:py-16">
      <div className="flex max-w-3xl flex-col items-start gap-4">
        <Badge>{bookingPage.badge}</Badge>
        <h1 className="text-3xl font-heading tracking-tight text-balance text-ink sm:text-4xl">
          {bookingPage.title}
        </h1>
        <p className="text-lg text-pretty text-ink-muted">{bookingPage.intro}</p>
        <p className="hidden font-medium text-ink noscript:block">{bookingPage.noScript}</p>
        <p className={cn(pageScriptStall.noteIfStalled, 'font-medium text-ink')}>
          {bookingPage.scriptStalled}
        </p>
        <OtherWays className="text-ink-muted" />
      </div>
      <div className={cn(pageScriptStall.awaitsScript, 'flex flex-col gap-8 noscript:hidden')}>
        {/* Emptied once booked, when the confirmation's title says it all. */}
        <p id={bookingIds.status} role="status" className="text-sm text-ink-muted empty:hidden">
          {bookingPage.loading}
        </p>
        <Button id={bookingIds.retry} variant="outline" hidden className="self-start">
          {slotPickerText.retry}
        </Button>
        <form id={bookingIds.form}>
          <fieldset className="m-0 grid min-w-0 items-start gap-8 border-0 p-0 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-12">
            <div className="flex min-w-0 flex-col gap-8">
              <SlotPickerFields prefix={PICKER_PREFIX.book} />
              <Details />
            </div>
            <Summary />
          </fieldset>
        </form>
        <Confirmation />
      </div>
    </div>
  )
}
