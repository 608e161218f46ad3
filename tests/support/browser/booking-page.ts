import type { Locator, Page } from 'playwright-core'

/** The booking page's words a visitor reads (src/content/booking-page.ts), as the tests see them. */
export const BOOKING_TEXT = {
  dayGroup: 'Escolha o dia',
  timeGroup: 'Escolha o horário',
  confirm: 'Confirmar agendamento',
  booked: 'Reunião marcada!',
  noScript: 'Para escolher um horário nesta página, ative o JavaScript do navegador.',
  reschedule: 'Remarcar',
  cancel: 'Cancelar reunião',
  confirmMove: 'Confirmar novo horário',
  confirmCancel: 'Confirmar cancelamento',
  cancelled: 'Esta reunião foi cancelada.',
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
