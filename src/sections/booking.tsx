import { Badge } from '../components/ui/badge.tsx'
import { Button } from '../components/ui/button.tsx'
import { Input } from '../components/ui/input.tsx'
import { Label } from '../components/ui/label.tsx'
import { Textarea } from '../components/ui/textarea.tsx'
import { bookingPage, slotPickerText } from '../content/booking-page.ts'
import { whatsappChat } from '../content/legal.ts'
import { BOOKING_NOTE_MAX_CHARS } from '../content/booking.ts'
import { MANAGE_BOOKING_URL } from '../routes.ts'
import { bookingFieldNames, bookingIds, PICKER_PREFIX } from '../features/booking/booking-ids.ts'
import { OtherWays } from '../features/booking/other-ways.tsx'
import { refusalBoxClassName, SlotPickerFields } from '../features/booking/slot-picker-fields.tsx'
import { CONTACT_LIMITS } from '../../supabase/functions/_shared/contact-message.ts'

const { fields, done } = bookingPage
const link = 'font-medium break-all text-brand-700 underline'

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
      <legend className="mb-3 text-base font-semibold text-slate-900">{bookingPage.details}</legend>
      <p id={bookingIds.chosen} tabIndex={-1} className="text-sm text-slate-700 outline-none">
        {bookingPage.chosen} <strong id={bookingIds.chosenWhen} className="text-slate-900" />
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
      <p className="text-center text-sm text-slate-600">
        {bookingPage.privacy.before}
        <a
          href={bookingPage.privacy.href}
          target="_blank"
          className="font-medium text-brand-700 underline"
        >
          {bookingPage.privacy.link}
          {bookingPage.privacy.newTab}
        </a>
        {bookingPage.privacy.after}
      </p>
    </fieldset>
  )
}

/** What the visitor reads once booked; the script fills in the booking's own facts. */
function Confirmation() {
  return (
    <section
      id={bookingIds.done}
      hidden
      aria-labelledby={bookingIds.doneTitle}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-6 text-slate-700"
    >
      <h2
        id={bookingIds.doneTitle}
        tabIndex={-1}
        className="text-2xl font-bold text-slate-900 outline-none"
      >
        {done.title}
      </h2>
      <p id={bookingIds.doneWhen} className="text-lg font-semibold text-slate-900" />
      <p id={bookingIds.doneCompanyWhen} hidden />
      <p>
        {done.meetingLink}
        {/* The booking's own room: a link the script writes here. */}
        <span id={bookingIds.doneMeeting} />
      </p>
      <p>
        {done.invitationBefore}
        <strong id={bookingIds.doneEmail} className="break-all" />
        {done.invitationAfter}
      </p>
      <p>
        {done.manageBefore}
        <a id={bookingIds.doneManage} href={MANAGE_BOOKING_URL} className={link}>
          {done.manageLink}
        </a>
        {done.manageAfter}
      </p>
      <p id={bookingIds.doneManageAddress} className="text-sm break-all text-slate-600" />
      {whatsappChat.href ? (
        <p>
          {done.whatsappBefore}
          <a href={whatsappChat.href} className={link}>
            {whatsappChat.label}
          </a>
          {done.whatsappAfter}
        </p>
      ) : null}
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
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-12 sm:px-6 sm:py-16">
      <div className="flex flex-col items-start gap-4">
        <Badge>{bookingPage.badge}</Badge>
        <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          {bookingPage.title}
        </h1>
        <p className="text-lg text-pretty text-slate-600">{bookingPage.intro}</p>
        <p className="hidden font-medium text-slate-900 noscript:block">{bookingPage.noScript}</p>
        <OtherWays className="text-slate-700" />
      </div>
      <div className="flex flex-col gap-8 noscript:hidden">
        <p id={bookingIds.status} role="status" className="text-sm text-slate-600">
          {bookingPage.loading}
        </p>
        <Button id={bookingIds.retry} variant="outline" hidden className="self-start">
          {slotPickerText.retry}
        </Button>
        <form id={bookingIds.form} className="flex flex-col gap-8">
          <fieldset className="m-0 flex min-w-0 flex-col gap-8 border-0 p-0">
            <SlotPickerFields prefix={PICKER_PREFIX.book} />
            <Details />
          </fieldset>
        </form>
        <Confirmation />
      </div>
    </div>
  )
}
