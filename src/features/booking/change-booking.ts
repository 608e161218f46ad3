/**
 * Confirming, moving or cancelling a booking from its link's page, loaded when the visitor
 * reaches for any of them (manage-booking.ts): the confirmation a new booking waits for; fresh
 * free times in the same picker as the booking page, or an
 * optional message; the database's answer shown, then the e-mails asked for. A lost race
 * shows the database's words and fresh times.
 */
import { bookingMessages, manageMessages } from '../../content/booking-messages.ts'
import { bookingRefusals } from '../../content/booking.ts'
import { elementById } from './book-a-meeting.ts'
import {
  askToSendBookingEmail,
  refusalText,
  type Booking,
  type CallResult,
  type Refusal,
} from './booking-calls.ts'
import { explainCancelMessage, fieldValue } from './booking-fields.ts'
import { manageIds as ids, PICKER_PREFIX } from './booking-ids.ts'
import type { ManagePageParts } from './manage-booking.ts'
import { SLOT_REFUSALS } from './slot-refusals.ts'
import { createSlotPicker } from './slot-picker.ts'

export interface BookingChanges {
  confirm(): void
  reschedule(): void
  cancel(): void
}

const made = new WeakMap<ManagePageParts, BookingChanges>()

/** The forms' behaviour, attached once per page. */
export function bookingChanges(parts: ManagePageParts): BookingChanges {
  const existing = made.get(parts)
  if (existing) return existing
  const { doc, calls, token, announce, refuseIn } = parts
  const byId = <T extends HTMLElement = HTMLElement>(id: string) => elementById<T>(doc, id)
  const section = byId(ids.booking)
  const rescheduleForm = byId<HTMLFormElement>(ids.rescheduleForm)
  const cancelForm = byId<HTMLFormElement>(ids.cancelForm)
  const cancelField = byId<HTMLTextAreaElement>(ids.cancelMessage)

  const picker = createSlotPicker(doc, PICKER_PREFIX.reschedule, {
    visitorZone: parts.visitorZone,
    announce,
    onPick: () => undefined,
    onTimeChosen: () => byId(ids.rescheduleSubmit).focus(),
  })

  const backToBooking = (focus: string) => {
    rescheduleForm.hidden = true
    cancelForm.hidden = true
    section.hidden = false
    byId(focus).focus()
  }

  const loadTimes = async (done: string | null) => {
    announce(bookingMessages.loading)
    const result = await calls.freeTimes()
    if (!result.ok) return refuseIn(ids.rescheduleRefusal, refusalText(result.refusal))
    // The meeting being moved: its day picked first, its time shown among the free ones.
    const days = picker.show(result.data, parts.shown()?.starts_at ?? null)
    announce(
      days.length === 0
        ? manageMessages.noTimesToMove
        : (done ?? bookingMessages.loaded(days.length)),
    )
  }

  /** One change, with the form's controls off while it runs; the booking it answers shown. */
  const change = async (
    form: HTMLFormElement,
    busyText: string,
    run: () => Promise<CallResult<Booking>>,
    onRefusal: (refusal: Refusal) => void | Promise<void>,
    doneText: string,
    focusAfter: string,
  ) => {
    const fieldset = form.querySelector('fieldset')
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')
    const label = submit?.textContent ?? ''
    if (fieldset) fieldset.disabled = true
    if (submit) submit.textContent = busyText
    const result = await run()
    if (fieldset) fieldset.disabled = false
    if (submit) submit.textContent = label
    if (!result.ok) return onRefusal(result.refusal)
    parts.show(result.data)
    announce(doneText)
    backToBooking(focusAfter)
    void askToSendBookingEmail(token)
  }

  for (const back of doc.querySelectorAll<HTMLButtonElement>('[data-manage-back]')) {
    back.addEventListener('click', () =>
      backToBooking(cancelForm.hidden ? ids.reschedule : ids.cancel),
    )
  }

  rescheduleForm.addEventListener('submit', (event) => {
    event.preventDefault()
    byId(ids.rescheduleRefusal).hidden = true
    const slot = picker.picked()
    if (!slot) return picker.refuse(bookingRefusals.slot_required)
    void change(
      rescheduleForm,
      manageMessages.rescheduling,
      () => calls.reschedule(token, slot),
      async (refusal) => {
        const text = refusalText(refusal)
        if (!SLOT_REFUSALS.has(refusal.details ?? '')) return refuseIn(ids.rescheduleRefusal, text)
        picker.refuse(text)
        await loadTimes(bookingMessages.refreshed)
      },
      manageMessages.rescheduled,
      ids.when,
    )
  })

  cancelForm.addEventListener('input', () => explainCancelMessage(cancelForm, cancelField.name))
  cancelForm.addEventListener('submit', (event) => {
    event.preventDefault()
    byId(ids.cancelRefusal).hidden = true
    explainCancelMessage(cancelForm, cancelField.name)
    if (!cancelForm.reportValidity()) return
    const message = fieldValue(cancelForm, cancelField.name)
    const wasPending = !byId(ids.statePending).hidden
    void change(
      cancelForm,
      manageMessages.cancelling,
      () => calls.cancel(token, message.trim() === '' ? null : message),
      (refusal) => refuseIn(ids.cancelRefusal, refusalText(refusal)),
      // A hold given up was never a meeting: nothing is mailed.
      wasPending ? manageMessages.withdrawn : manageMessages.cancelled,
      ids.stateCancelled,
    )
  })

  const confirmButton = byId<HTMLButtonElement>(ids.confirm)
  let confirming = false

  const changes: BookingChanges = {
    /** From the e-mail: the hold becomes a meeting, and the invitation is asked for at once. */
    async confirm() {
      if (confirming) return
      confirming = true
      const label = confirmButton.textContent
      confirmButton.disabled = true
      confirmButton.textContent = manageMessages.confirming
      byId(ids.refusal).hidden = true
      const result = await calls.confirm(token)
      confirmButton.disabled = false
      confirmButton.textContent = label
      confirming = false
      if (!result.ok) {
        byId(ids.bookAgain).hidden = result.refusal.details !== 'hold_expired'
        return refuseIn(ids.refusal, refusalText(result.refusal))
      }
      parts.show(result.data)
      announce(manageMessages.confirmed)
      byId(ids.when).focus()
      void askToSendBookingEmail(token)
    },
    reschedule() {
      section.hidden = true
      byId(ids.rescheduleRefusal).hidden = true
      rescheduleForm.hidden = false
      byId(ids.rescheduleTitle).focus()
      void loadTimes(null)
    },
    cancel() {
      section.hidden = true
      byId(ids.cancelRefusal).hidden = true
      cancelForm.hidden = false
      byId(ids.cancelTitle).focus()
    },
  }
  made.set(parts, changes)
  return changes
}
