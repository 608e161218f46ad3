/**
 * The booking form's rules, checked in the browser before anything is sent and said in the
 * database's words: name, e-mail and company are the contact form's (contact-message.ts), the
 * note and a cancellation's message the booking's (the same character classes, 1000 code
 * points; supabase/migrations/20261125000200_booking_calls.sql).
 */
import { bookingFieldErrors, BOOKING_NOTE_MAX_CHARS } from '../../content/booking.ts'
import { contactFieldErrors } from '../../content/contact-errors.ts'
import {
  checkContactField,
  countCodePoints,
  hasVisibleText,
  type ContactProblem,
} from '#shared/contact/contact-message.ts'

/** A text of up to 1000 code points with the message's characters (tabs and line breaks). */
const checkText = (value: string): ContactProblem | null => {
  if (!hasVisibleText(value)) return 'required'
  if (countCodePoints(value) > BOOKING_NOTE_MAX_CHARS) return 'too_long'
  // The contact message's rule for characters; its longer limit is met by now.
  return checkContactField('message', value)
}

export const checkNote = (note: string): ContactProblem | null => checkText(note)

/** Optional: one with nothing visible in it is no message at all. */
export const checkCancelMessage = (message: string): ContactProblem | null =>
  hasVisibleText(message) ? checkText(message) : null

type FormField = HTMLInputElement | HTMLTextAreaElement

const textField = (form: HTMLFormElement, name: string): FormField | undefined => {
  const field = form.elements.namedItem(name)
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement
    ? field
    : undefined
}

/** The value of a text field of `form`, '' when there is none. */
export const fieldValue = (form: HTMLFormElement, name: string): string =>
  textField(form, name)?.value ?? ''

/**
 * Marks each field the database would refuse, in its words, so the browser's own validation
 * stops the form and says why at the field, before a request is made.
 */
export function explainBookingFields(form: HTMLFormElement): void {
  for (const name of ['name', 'email', 'company'] as const) {
    const problem = checkContactField(name, fieldValue(form, name))
    textField(form, name)?.setCustomValidity(problem ? contactFieldErrors[name][problem] : '')
  }
  const note = checkNote(fieldValue(form, 'note'))
  textField(form, 'note')?.setCustomValidity(note ? bookingFieldErrors.note[note] : '')
}

export function explainCancelMessage(form: HTMLFormElement, name: string): void {
  const problem = checkCancelMessage(fieldValue(form, name))
  const words = bookingFieldErrors.cancelMessage
  textField(form, name)?.setCustomValidity(
    problem === 'too_long' || problem === 'invalid' ? words[problem] : '',
  )
}
