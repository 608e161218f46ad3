/**
 * Sending the booking form (/agendar), loaded on the visitor's first use of it
 * (book-a-meeting.ts): the fields checked in the database's words, `book_meeting` with the
 * bot signals and the visitor's zone, then the hold that waits for the visitor's confirmation
 * from the e-mail (decision 038), or the refusal in place. A lost race (someone booked the time meanwhile) shows the database's
 * words and fresh times, and keeps what was typed.
 */
import { currentArrival } from '../attribution/carry-arrival.ts'
import { CONTACT_FORM_FIELDS } from '#shared/contact/contact-form-fields.ts'
import { bookingMessages } from '../../content/booking-messages.ts'
import { bookingRefusals } from '../../content/booking.ts'
import type { BookingPageParts } from './book-a-meeting.ts'
import { elementById } from './book-a-meeting.ts'
import { askToSendBookingEmail, refusalText, type Booking } from './booking-calls.ts'
import { explainBookingFields, fieldValue } from './booking-fields.ts'
import { bookingFieldNames, bookingIds } from './booking-ids.ts'
import { describeHoldUntil, describeWhen } from './booking-when.ts'
import { SLOT_REFUSALS } from './slot-refusals.ts'
import { showKeepingWordsWhole } from '../../lib/words-kept-whole.ts'

const checkedForms = new WeakSet<HTMLFormElement>()

/**
 * Gives the hold up with the page's token (a mistyped e-mail): nothing was marked, so nothing
 * is mailed, and the form comes back as it was, to correct and send again.
 */
async function giveUp(parts: BookingPageParts, booking: Booking): Promise<void> {
  const { doc, form } = parts
  const byId = (id: string) => elementById(doc, id)
  const fix = elementById<HTMLButtonElement>(doc, bookingIds.doneFix)
  const refusal = byId(bookingIds.doneRefusal)
  refusal.hidden = true
  fix.disabled = true
  parts.announce(bookingMessages.fixing)
  const result = await parts.calls.releaseHold(booking.hold_token ?? '')
  fix.disabled = false
  if (!result.ok) {
    parts.announce('')
    showKeepingWordsWhole(refusal, refusalText(result.refusal))
    refusal.hidden = false
    refusal.focus()
    return
  }
  parts.unbooked()
  byId(bookingIds.done).hidden = true
  form.hidden = false
  await parts.reload(() => bookingMessages.fixed)
  // The time it held is free again: picked as it was, so only the address needs a change.
  const time = [...form.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find(
    (input) => input.value === booking.starts_at,
  )
  if (time && !time.checked) {
    time.checked = true
    time.dispatchEvent(new Event('change', { bubbles: true }))
  }
  form.querySelector<HTMLInputElement>(`[name="${bookingFieldNames.email}"]`)?.focus()
}

/** Booked as a hold: the page says where the e-mail went and until when the time is kept. */
function confirm(parts: BookingPageParts, booking: Booking): void {
  const { doc, form } = parts
  const byId = (id: string) => elementById(doc, id)
  parts.booked()
  const holdToken = booking.hold_token ?? ''
  const { when, companyWhen } = describeWhen(
    booking.starts_at,
    parts.visitorZone,
    booking.company_time_zone,
  )
  byId(bookingIds.doneWhen).textContent = when
  const companyLine = byId(bookingIds.doneCompanyWhen)
  companyLine.textContent = companyWhen ?? ''
  companyLine.hidden = companyWhen === null
  byId(bookingIds.doneEmail).textContent = booking.email
  byId(bookingIds.doneHoldUntil).textContent = describeHoldUntil(
    booking.hold_until ?? booking.starts_at,
    parts.visitorZone,
  )
  byId(bookingIds.doneRefusal).hidden = true
  const fix = elementById<HTMLButtonElement>(doc, bookingIds.doneFix)
  fix.onclick = () => void giveUp(parts, booking)
  form.hidden = true
  byId(bookingIds.done).hidden = false
  // The confirmation's title takes focus and says it; the status line would say it twice.
  parts.announce('')
  byId(bookingIds.doneTitle).focus()
  void askToSendBookingEmail(holdToken)
}

export async function sendBooking(parts: BookingPageParts): Promise<void> {
  const { form, picker } = parts
  if (!checkedForms.has(form)) {
    checkedForms.add(form)
    // Once the browser has said why a field is wrong, it is checked again as it is typed.
    form.addEventListener('input', () => explainBookingFields(form))
  }
  elementById(parts.doc, bookingIds.refusal).hidden = true
  const slot = picker.picked()
  if (!slot) return picker.refuse(bookingRefusals.slot_required)
  explainBookingFields(form)
  if (!form.reportValidity()) return

  const everything = form.querySelector('fieldset')
  const submit = elementById<HTMLButtonElement>(parts.doc, bookingIds.submit)
  const label = submit.textContent
  if (everything) everything.disabled = true
  submit.textContent = bookingMessages.submitting
  const result = await parts.calls.book({
    starts_at: slot,
    name: fieldValue(form, bookingFieldNames.name),
    email: fieldValue(form, bookingFieldNames.email),
    company: fieldValue(form, bookingFieldNames.company) || null,
    note: fieldValue(form, bookingFieldNames.note),
    time_zone: parts.visitorZone,
    form_trap: fieldValue(form, CONTACT_FORM_FIELDS.trap),
    // Since the page started loading: a person picks and types for longer than the
    // database's minimum (FORM_MIN_FILL_MS); a script booking on load does not.
    form_elapsed_ms: performance.now(),
    attribution: currentArrival(),
  })
  if (everything) everything.disabled = false
  submit.textContent = label
  if (result.ok) return confirm(parts, result.data)

  const text = refusalText(result.refusal)
  if (!SLOT_REFUSALS.has(result.refusal.details ?? '')) return parts.refuse(text)
  picker.refuse(text)
  await parts.reload(() => bookingMessages.refreshed)
}
