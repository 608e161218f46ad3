/**
 * The page behind a booking's link (/agendar/gerenciar#<token>), in the browser, before any
 * interaction: the token comes from the address's fragment, which browsers never send, and
 * goes to the database in the body of a POST; the page shows the booking. Confirming it (a new
 * booking waits for that, decision 038), moving or cancelling it (change-booking.ts) loads
 * when the visitor reaches for any of them.
 */
import { bookingMessages, manageMessages } from '../../content/booking-messages.ts'
import { elementById } from './book-a-meeting.ts'
import {
  createBookingCalls,
  refusalText,
  type Booking,
  type BookingCalls,
} from './booking-calls.ts'
import { manageIds as ids } from './booking-ids.ts'
import { describeHoldUntil, describeWhen, webLink } from './booking-when.ts'
import { showKeepingWordsWhole } from '../../lib/words-kept-whole.ts'

/** What moving and cancelling (change-booking.ts) work with, made here once. */
export interface ManagePageParts {
  doc: Document
  token: string
  calls: BookingCalls
  visitorZone: string
  announce(text: string): void
  /** Shows the booking as the database now answers it. */
  show(booking: Booking): void
  /** The booking last shown, if any. */
  shown(): Booking | null
  /** Says, with focus, what went wrong, in the given place. */
  refuseIn(id: string, text: string): void
}

export function startManageBookingPage(
  doc: Document,
  fragment: string,
  visitorZone: string,
  calls: BookingCalls = createBookingCalls(),
): void {
  const byId = <T extends HTMLElement = HTMLElement>(id: string) => elementById<T>(doc, id)
  const status = byId(ids.status)
  const announce = (text: string) => {
    status.textContent = text
  }
  const refuseIn = (id: string, text: string) => {
    const box = byId(id)
    showKeepingWordsWhole(box, text)
    box.hidden = false
    box.focus()
  }
  let shown: Booking | null = null
  const show = (booking: Booking) => {
    shown = booking
    const { when, companyWhen } = describeWhen(
      booking.starts_at,
      visitorZone,
      booking.company_time_zone,
    )
    const cancelled = booking.status === 'cancelled'
    // The same time, on the visitor's clock, wherever the page names this meeting.
    for (const id of [ids.when, ids.rescheduleCurrent, ids.cancelWhich]) byId(id).textContent = when
    const companyLine = byId(ids.companyWhen)
    companyLine.textContent = companyWhen ?? ''
    companyLine.hidden = companyWhen === null
    // A cancelled meeting's room is no place to go: no link to it.
    byId(ids.meeting).replaceChildren(...(cancelled ? [] : [webLink(doc, booking.meeting_url)]))
    byId(ids.meetingRow).hidden = cancelled
    byId(ids.name).textContent = booking.name
    byId(ids.email).textContent = booking.email
    byId(ids.company).textContent = booking.company ?? ''
    byId(ids.companyRow).hidden = !booking.company
    byId(ids.note).textContent = booking.note
    const held = booking.status === 'held'
    const pending = booking.status === 'pending'
    const expired = booking.status === 'expired'
    byId(ids.statePending).hidden = !pending
    byId(ids.holdUntil).textContent =
      pending && booking.hold_until ? describeHoldUntil(booking.hold_until, visitorZone) : ''
    const expiredLine = byId(ids.stateExpired)
    showKeepingWordsWhole(expiredLine, expired ? manageMessages.expired(booking.can_confirm) : '')
    expiredLine.hidden = !expired
    byId(ids.stateCancelled).hidden = !cancelled
    byId(ids.stateLocked).hidden = !held
    byId(ids.statePast).hidden =
      cancelled || held || expired || booking.can_cancel || booking.can_confirm
    byId(ids.bookAgain).hidden = !cancelled && !(expired && !booking.can_confirm)
    byId(ids.confirm).hidden = !booking.can_confirm
    byId(ids.cancel).hidden = !booking.can_cancel
    byId(ids.reschedule).hidden = !booking.can_reschedule
    byId(ids.actions).hidden = !booking.can_cancel
    byId(ids.booking).hidden = false
  }

  // The token as the link carries it; whatever it is, the database answers: one that opens
  // nothing (wrong, cut short, empty) gets the same "not found" as any other.
  const token = fragment.replace(/^#/, '').trim()
  const parts: ManagePageParts = {
    doc,
    token,
    calls,
    visitorZone,
    announce,
    show,
    shown: () => shown,
    refuseIn,
  }

  let changes: Promise<typeof import('./change-booking.ts')> | undefined
  const loadChanges = () => {
    changes ??= import('./change-booking.ts').catch((error: unknown) => {
      changes = undefined // a later use tries again
      throw error
    })
    return changes
  }
  // Reaching for a button fetches what it runs.
  for (const area of [byId(ids.actions), byId(ids.confirm)])
    for (const intent of ['pointerdown', 'focusin'] as const)
      area.addEventListener(intent, () => void loadChanges().catch(() => undefined), {
        once: true,
      })
  for (const [id, what] of [
    [ids.confirm, 'confirm'],
    [ids.reschedule, 'reschedule'],
    [ids.cancel, 'cancel'],
  ] as const) {
    byId(id).addEventListener('click', () => {
      loadChanges().then(
        (code) => code.bookingChanges(parts)[what](),
        (error: unknown) => {
          console.error('the booking changes could not load', error)
          refuseIn(ids.refusal, bookingMessages.unreachable)
        },
      )
    })
  }

  const open = async () => {
    announce(manageMessages.loading)
    const result = await calls.details(token)
    if (!result.ok) {
      announce('')
      byId(ids.bookAgain).hidden = result.refusal.details !== 'not_found'
      return refuseIn(ids.refusal, refusalText(result.refusal))
    }
    show(result.data)
    announce(manageMessages.loaded)
  }
  void open()
}
