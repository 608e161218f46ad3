/**
 * The booking page in the browser (/agendar), before any interaction: the free times of the
 * whole horizon in one call, shown in the picker. What sends the form (send-booking.ts) loads
 * on the visitor's first use of the form, as the contact form's island does, so the page's
 * first script stays within its budget with the official client in it.
 */
import { company } from '#shared/company/company.ts'
import { bookingMessages } from '../../content/booking-messages.ts'
import { createBookingCalls, type BookingCalls } from './booking-calls.ts'
import { bookingIds, PICKER_PREFIX } from './booking-ids.ts'
import { createBookingSummary } from './booking-summary.ts'
import { describeWhen } from './booking-when.ts'
import { createSlotPicker, type SlotPicker } from './slot-picker.ts'
import { showKeepingWordsWhole } from '../../lib/words-kept-whole.ts'

/** What the form's code (send-booking.ts) works with, made here once. */
export interface BookingPageParts {
  doc: Document
  form: HTMLFormElement
  calls: BookingCalls
  picker: SlotPicker
  visitorZone: string
  announce(text: string): void
  /** Reads the free times again; `done` says what to announce once they are shown. */
  reload(done: (days: number) => string): Promise<void>
  /** Says, in place above the button and with focus, why the booking was refused. */
  refuse(text: string): void
  /** Booked: the page stops refreshing the times. */
  booked(): void
  /** The hold given up: the page refreshes them again. */
  unbooked(): void
}

export const elementById = <T extends HTMLElement = HTMLElement>(doc: Document, id: string): T => {
  const found = doc.getElementById(id)
  if (!found) throw new Error(`The booking page has no #${id}`)
  return found as T
}

/**
 * `visitorZone`: the page script asks for it a task before it calls this, so that setting up
 * the browser's date formatting and setting the agenda up are not one long task
 * (booking-page.ts).
 */
export function startBookingPage(
  doc: Document,
  visitorZone: string,
  calls: BookingCalls = createBookingCalls(),
): void {
  const byId = <T extends HTMLElement = HTMLElement>(id: string) => elementById<T>(doc, id)
  const status = byId(bookingIds.status)
  const retry = byId<HTMLButtonElement>(bookingIds.retry)
  const form = byId<HTMLFormElement>(bookingIds.form)
  const chosen = byId(bookingIds.chosen)
  const refusal = byId(bookingIds.refusal)
  let booked = false

  const announce = (text: string) => {
    status.textContent = text
  }
  const refuse = (text: string) => {
    showKeepingWordsWhole(refusal, text)
    refusal.hidden = false
    refusal.focus()
  }

  let formCode: Promise<typeof import('./send-booking.ts')> | undefined
  const loadFormCode = () => {
    formCode ??= import('./send-booking.ts').catch((error: unknown) => {
      formCode = undefined // a later use tries again
      throw error
    })
    return formCode
  }

  const summary = createBookingSummary(doc, visitorZone, company.officeHours.timeZone)
  const picker = createSlotPicker(doc, PICKER_PREFIX.book, {
    visitorZone,
    announce,
    onDay: summary.day,
    onPick(slot) {
      chosen.hidden = slot === null
      byId(bookingIds.chosenWhen).textContent = slot
        ? describeWhen(slot, visitorZone, picker.companyZone()).when
        : ''
      if (slot) byId(bookingIds.details).hidden = false
      summary.time(slot)
    },
    onTimeChosen: () => chosen.focus(),
  })

  const load = async (done: (days: number) => string = bookingMessages.loaded) => {
    retry.hidden = true
    announce(bookingMessages.loading)
    const result = await calls.freeTimes()
    if (!result.ok) {
      announce(bookingMessages.loadFailed)
      retry.hidden = false
      return
    }
    const days = picker.show(result.data)
    announce(days.length > 0 ? done(days.length) : bookingMessages.none)
  }

  const parts: BookingPageParts = {
    doc,
    form,
    calls,
    picker,
    visitorZone,
    announce,
    reload: load,
    refuse,
    booked: () => {
      booked = true
    },
    unbooked: () => {
      booked = false
    },
  }

  // The first touch of the form (a day, a time, a field) fetches its code while the visitor
  // picks and types; it is small, and ready long before the button is pressed.
  form.addEventListener('focusin', () => void loadFormCode().catch(() => undefined), {
    once: true,
  })
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    loadFormCode().then(
      ({ sendBooking }) => sendBooking(parts),
      (error: unknown) => {
        console.error('the booking form could not load', error)
        refuse(bookingMessages.unreachable)
      },
    )
  })
  retry.addEventListener('click', () => void load())
  // A page the browser kept in memory shows times read long ago: read them again.
  addEventListener('pageshow', (event) => {
    if (event.persisted && !booked) void load()
  })
  void load()
}
