import { manageMessages } from '../../../src/content/booking-messages.ts'
import {
  bookingPage as bookingText,
  manageBookingPage,
  slotPickerText,
} from '../../../src/content/booking-page.ts'
import type { Locator, Page } from 'playwright-core'

/** What a visitor reads and taps on the booking pages, as src/content words it. */
export const BOOKING_TEXT = {
  dayGroup: slotPickerText.day,
  timeGroup: slotPickerText.time,
  confirm: bookingText.submit,
  /** The booking is a hold until the visitor confirms it from the e-mail (decision 038). */
  booked: bookingText.done.title,
  fixEmail: bookingText.done.fix,
  confirmMeeting: manageBookingPage.confirm,
  confirmed: manageMessages.confirmed,
  noScript: bookingText.noScript,
  reschedule: manageBookingPage.reschedule,
  cancel: manageBookingPage.cancel,
  confirmMove: manageBookingPage.rescheduleSubmit,
  confirmCancel: manageBookingPage.cancelSubmit,
  cancelled: manageBookingPage.states.cancelled,
} as const

export interface BookingDetails {
  name: string
  email: string
  company?: string
  note: string
}

/** The booking page (or the manage page's picker), found the way a visitor finds it. */
export function bookingPage(page: Page, scope: Locator = page.locator('main')) {
  const days = scope.getByRole('group', { name: BOOKING_TEXT.dayGroup })
  const times = scope.getByRole('group', { name: BOOKING_TEXT.timeGroup })
  /** The option a finger lands on: the radio's whole label, not its small circle. */
  const option = (radio: Locator) => radio.locator('xpath=ancestor::label[1]')
  return {
    days,
    times,
    dayRadios: days.getByRole('radio'),
    timeRadios: times.getByRole('radio'),
    field: (label: string | RegExp) => scope.getByLabel(label),
    confirm: scope.getByRole('button', { name: BOOKING_TEXT.confirm }),
    /** Waits for the free times to be on screen. */
    async ready() {
      await times.getByRole('radio').first().waitFor()
    },
    /** The option (the tile) of a radio, as a finger or a pointer finds it. */
    option,
    tapOption: (radio: Locator) => option(radio).tap(),
    /** What the option says: '08:00'; a day's whole date, then its number. */
    shown: async (radio: Locator) => (await option(radio).textContent()) ?? '',
    /** The value (an instant, or a day) of the n-th option of a group. */
    valueOf: (radio: Locator) => radio.getAttribute('value'),
    async fill(details: BookingDetails) {
      await scope.getByLabel(/^\s*nome/i).fill(details.name)
      await scope.getByLabel(/^\s*e-?mail/i).fill(details.email)
      await scope.getByLabel(/^\s*empresa/i).fill(details.company ?? '')
      await scope.getByLabel('Sobre o que quer conversar?').fill(details.note)
    },
    async values(): Promise<Required<BookingDetails>> {
      return {
        name: await scope.getByLabel(/^\s*nome/i).inputValue(),
        email: await scope.getByLabel(/^\s*e-?mail/i).inputValue(),
        company: await scope.getByLabel(/^\s*empresa/i).inputValue(),
        note: await scope.getByLabel('Sobre o que quer conversar?').inputValue(),
      }
    },
  }
}

/** Requests the page made to a booking call, by name ('booking_free_times', …). */
export function watchBookingCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (request) => {
    const match = /\/rest\/v1\/rpc\/([a-z_]+)$/.exec(new URL(request.url()).pathname)
    // The page view's beacon (decision 033) is counting, not one of the booking's calls.
    if (match?.[1] && match[1] !== 'count_page_view') calls.push(match[1])
  })
  return calls
}

/** The manage page's address in a booking e-mail's text (…/agendar/gerenciar#<token>). */
export const manageLinkIn = (text: string): string | undefined =>
  /\/agendar\/gerenciar#[0-9a-f]{64}\b/.exec(text)?.[0]

/**
 * What a visitor does in their inbox: waits for the request to confirm the booking made for
 * `email`, opens its link (the manage page) and taps the confirmation. Answers the link.
 */
export async function confirmFromInbox(
  page: Page,
  site: { mail(): { to: string[]; subject: string; text: string }[] },
  email: string,
): Promise<string> {
  const deadline = Date.now() + 20_000
  let link: string | undefined
  while (!link && Date.now() < deadline) {
    const request = site
      .mail()
      .filter((mail) => mail.to.includes(email) && mail.subject.startsWith('Confirme'))
      .at(-1)
    link = request && manageLinkIn(request.text)
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (!link) throw new Error(`No request to confirm reached ${email}`)
  await page.goto(link)
  await page.getByRole('button', { name: BOOKING_TEXT.confirmMeeting }).tap()
  await page.getByRole('status').filter({ hasText: BOOKING_TEXT.confirmed }).waitFor()
  return link
}
