/**
 * A visitor books a free consultation on a phone, from the meeting card on the landing page to
 * the time held for them, confirms it from the link in the e-mail that reaches the real SMTP
 * server (decision 038), then moves or cancels it from the same link, against the real server
 * and database: what they see, what is stored, and the e-mails queued and sent. A lost race
 * shows fresh times; a mistyped address is corrected in place; a visitor in another zone reads
 * each time on their own clock; without script the page says how to book by e-mail or phone; axe finds
 * nothing at any step.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  AXE_EVERY_STEP_TIMEOUT_MS,
  expectNoAxeViolations,
  waitForAnimations,
} from '../support/browser/axe.ts'
import {
  BOOKING_TEXT,
  bookingPage,
  confirmFromInbox,
  manageLinkIn,
  watchBookingCalls,
  type BookingDetails,
} from '../support/browser/booking-page.ts'
import { uniqueEmail } from '../support/browser/contact-form.ts'
import { DESKTOP, PHONE, WIDE_DESKTOP } from '../support/browser/devices.ts'
import { appConsoleErrors, type PageProblems } from '../support/browser/page-watch.ts'
import { useE2eSession } from '../support/browser/session.ts'
import { bookingRefusals } from '../../src/content/booking.ts'
import { bookingPage as bookingPageText } from '../../src/content/booking-page.ts'
import { company } from '#shared/company/company.ts'
import { bookThroughApi, freeTimesOf } from '../support/booking-api.ts'
import { waitFor } from '../support/wait.ts'

// Every browser here is one unknown address (loopback), and the journeys book more than a
// day's allowance for such callers and than one day's meetings.
const session = useE2eSession({
  settings: { BOOKING_UNKNOWN_ADDRESSES_PER_DAY: '1000', BOOKING_MAX_PER_DAY: '18' },
})

const SLOT_TAKEN = 'Esse horário acabou de ser reservado por outra pessoa. Escolha outro horário.'

const visitor = (tag: string): BookingDetails => ({
  name: 'Ana Souza',
  email: uniqueEmail(tag),
  company: 'Empresa Exemplo Ltda.',
  note: 'Queremos um aplicativo para a equipe de campo.',
})

interface StoredBooking {
  id: string
  status: string
  starts_at: Date
  sequence: number
  time_zone: string
  note: string
}

const storedBookings = (email: string) =>
  session
    .site()
    .query<StoredBooking>(
      'select id, status, starts_at, sequence, time_zone, note from public.bookings where email = $1',
      [email],
    )

const queuedMail = async (bookingId: string) =>
  (
    await session
      .site()
      .query<{ kind: string; recipient: string }>(
        'select kind, recipient from private.booking_messages where booking_id = $1 order by id',
        [bookingId],
      )
  ).map(({ kind, recipient }) => `${kind} to ${recipient}`)

/** The booking's e-mails already sent, as `kind to recipient`. */
const sentMail = async (bookingId: string) =>
  (
    await session
      .site()
      .query<{ kind: string; recipient: string }>(
        'select kind, recipient from private.booking_messages where booking_id = $1 and sent_at is not null order by id',
        [bookingId],
      )
  ).map(({ kind, recipient }) => `${kind} to ${recipient}`)

const unexpectedErrors = (problems: PageProblems) => appConsoleErrors(problems)

/** Picks the first day with `n` + 1 times, then its `n`-th, by touch; answers the instant. */
async function pickTime(page: Page, n = 0): Promise<string> {
  const booking = bookingPage(page)
  await booking.ready()
  const days = await booking.dayRadios.count()
  for (let day = 0; day < days; day += 1) {
    await booking.tapOption(booking.dayRadios.nth(day))
    if ((await booking.timeRadios.count()) > n) break
  }
  const time = booking.timeRadios.nth(n)
  await booking.tapOption(time)
  return (await booking.valueOf(time)) ?? ''
}

/**
 * Books through the page, then confirms from the link in the e-mail, as the visitor does;
 * answers the time and the manage link.
 */
async function bookOnPage(page: Page, details: BookingDetails, n = 0) {
  const startsAt = await pickTime(page, n)
  const booking = bookingPage(page)
  await booking.fill(details)
  await booking.confirm.tap()
  await page.getByRole('heading', { level: 2, name: BOOKING_TEXT.booked }).waitFor()
  const manage = await confirmFromInbox(page, session.site(), details.email)
  return { startsAt, manage }
}

describe('Booking a free consultation on a phone', () => {
  it('goes from the meeting card to a time held for them, then to a meeting confirmed from the e-mail, its invitations sent at once', async () => {
    const { page, problems } = await session.open(PHONE, { timezoneId: 'America/Sao_Paulo' })
    const calls = watchBookingCalls(page)
    const askedForMail: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/functions/v1/send-booking-email') {
        askedForMail.push(request.method())
      }
    })
    const violations: string[] = []
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text))
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation(text: string): void }).reportViolation(
          `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`,
        ),
      ),
    )
    await page.goto('/')
    await page.getByRole('link', { name: bookingPageText.badge }).tap()
    await page.waitForURL((url) => url.pathname === '/agendar')
    expect(await page.title()).toMatch(/^Agende uma consultoria gratuita/)

    const booking = bookingPage(page)
    await booking.ready()
    // The whole horizon in one call: every day's times are there before any pick.
    expect(calls).toEqual(['booking_free_times'])
    expect(await booking.dayRadios.count()).toBeGreaterThan(1)
    await booking.tapOption(booking.dayRadios.nth(1))
    expect(calls).toEqual(['booking_free_times'])
    // A tap on a day takes focus to its times, and one on a time to the form.
    await waitFor(
      'focus to move to the times',
      () => page.evaluate(() => document.activeElement?.getAttribute('name')),
      (name) => name === 'booking-time',
    )
    const time = booking.timeRadios.first()
    const startsAt = (await booking.valueOf(time)) ?? ''
    const clock = await booking.shown(time)
    await booking.tapOption(time)
    await waitFor(
      'focus to move to the form',
      () => page.evaluate(() => document.activeElement?.id),
      (id) => id === 'booking-chosen',
    )
    expect(await page.locator('#booking-chosen').textContent()).toContain(`às ${clock}`)

    const details = visitor('agenda')
    await booking.fill(details)
    await booking.confirm.tap()
    const held = page.getByRole('region', { name: BOOKING_TEXT.booked })
    await held.waitFor()
    await waitFor(
      'focus on what comes next',
      () => page.evaluate(() => document.activeElement?.textContent),
      (text) => text === BOOKING_TEXT.booked,
    )
    // Said once, by the title that takes focus; no raw address printed.
    expect(await page.getByText(new RegExp(`^${BOOKING_TEXT.booked}[.!]?$`)).count()).toBe(1)
    expect(await page.getByRole('status').isVisible()).toBe(false)
    const heldText = (await held.textContent()) ?? ''
    expect(heldText).not.toMatch(/[0-9a-f]{64}/)
    expect(heldText).toContain(`às ${clock}`)
    expect(heldText).toContain(details.email)
    expect(heldText).toMatch(/reservado para você até \d\d:\d\d/)
    // No meeting yet: no room, and no way to manage it but the e-mail (the company's
    // WhatsApp chat, when it has one, is neither).
    expect(await held.locator('a:not([href^="https://wa.me/"])').count()).toBe(0)

    const [stored] = await storedBookings(details.email)
    expect(stored).toMatchObject({ status: 'pending', note: details.note, sequence: 0 })
    expect(stored?.starts_at.toISOString().replace('.000Z', 'Z')).toBe(startsAt)
    expect(stored?.time_zone).toBe('America/Sao_Paulo')
    expect(await queuedMail(stored?.id ?? '')).toEqual(['request to visitor'])
    // The page asks the e-mail function at once, and the request leaves long before the sweep.
    await waitFor(
      'the page to ask for the e-mail and the request to be sent',
      () => sentMail(stored?.id ?? ''),
      (sent) => sent.includes('request to visitor'),
      { timeoutMs: 15_000 },
    )
    expect(askedForMail).toEqual(['POST'])

    // In the inbox: the link opens the manage page, one tap confirms.
    const manage = await confirmFromInbox(page, session.site(), details.email)
    expect(manage).toMatch(/^\/agendar\/gerenciar#[0-9a-f]{64}$/)
    expect(await page.locator('#manage-when').textContent()).toContain(`às ${clock}`)
    const [confirmed] = await storedBookings(details.email)
    expect(confirmed?.status).toBe('confirmed')
    await waitFor(
      'the invitations to be sent at once',
      () => sentMail(stored?.id ?? ''),
      (sent) =>
        sent.includes('confirmation to visitor') && sent.includes('confirmation to company'),
      { timeoutMs: 15_000 },
    )
    expect(await page.getByRole('button', { name: BOOKING_TEXT.confirmMeeting }).isVisible()).toBe(
      false,
    )
    expect(await page.getByRole('button', { name: BOOKING_TEXT.reschedule }).isVisible()).toBe(true)
    expect(askedForMail).toEqual(['POST', 'POST'])
    expect(unexpectedErrors(problems)).toEqual([])
    expect(problems.pageErrors).toEqual([])
    expect(problems.foreignRequests).toEqual([])
    // Its policy allows what it does (the calls, the form's code loaded on use), and no more.
    expect(violations).toEqual([])
  })

  it('shows the database’s words and fresh times when another visitor books the time first, keeping what was typed', async () => {
    const { page } = await session.open(PHONE)
    const calls = watchBookingCalls(page)
    await page.goto('/agendar')
    const startsAt = await pickTime(page, 1)
    const details = visitor('corrida')
    const booking = bookingPage(page)
    await booking.fill(details)
    // Someone else, elsewhere, books that very time while this visitor types.
    await bookThroughApi(session.site().url, startsAt, uniqueEmail('outra'))
    await booking.confirm.tap()

    const refusal = page.getByRole('alert').filter({ hasText: SLOT_TAKEN })
    await refusal.waitFor()
    await waitFor(
      'focus on the refusal',
      () => page.evaluate(() => document.activeElement?.textContent),
      (text) => text === SLOT_TAKEN,
    )
    await waitFor(
      'fresh free times',
      () => page.getByRole('status').textContent(),
      (text) => text === 'Os horários foram atualizados.',
    )
    expect(calls).toEqual(['booking_free_times', 'book_meeting', 'booking_free_times'])
    expect(await booking.times.locator(`input[value="${startsAt}"]`).count()).toBe(0)
    expect(await booking.values()).toEqual(details)
    expect(await storedBookings(details.email)).toEqual([])

    // Another time, and the same form, books.
    await booking.tapOption(booking.timeRadios.first())
    expect(await refusal.isVisible()).toBe(false)
    await booking.confirm.tap()
    await page.getByRole('heading', { level: 2, name: BOOKING_TEXT.booked }).waitFor()
    expect(await storedBookings(details.email)).toHaveLength(1)
  })

  it('shows any other refusal above the button, with focus on it', async () => {
    const { page } = await session.open(PHONE)
    const details = visitor('duas-vezes')
    await page.goto('/agendar')
    await bookOnPage(page, details)
    await page.goto('/agendar')
    await pickTime(page, 2)
    const booking = bookingPage(page)
    await booking.fill(details)
    await booking.confirm.tap()
    const words = bookingRefusals.email_has_booking
    await page.getByRole('alert').filter({ hasText: words }).waitFor()
    await waitFor(
      'focus on the refusal',
      () => page.evaluate(() => document.activeElement?.textContent),
      (text) => text === words,
    )
    expect(await booking.values()).toEqual(details)
    expect(await storedBookings(details.email)).toHaveLength(1)
  })
})

describe('A mistyped e-mail address', () => {
  it('is corrected in place: the hold is given up, the time picked again, and the right inbox asked', async () => {
    const { page } = await session.open(PHONE)
    const calls = watchBookingCalls(page)
    await page.goto('/agendar')
    const startsAt = await pickTime(page, 3)
    const booking = bookingPage(page)
    const details = visitor('certo')
    const typo = details.email.replace('@', '@@').replace('@@', '@exmaple.')
    await booking.fill({ ...details, email: typo })
    await booking.confirm.tap()
    const held = page.getByRole('region', { name: BOOKING_TEXT.booked })
    await held.waitFor()
    expect(await held.textContent()).toContain(typo)

    await page.getByRole('button', { name: BOOKING_TEXT.fixEmail }).tap()
    await waitFor(
      'the form back, with focus on the e-mail',
      () => page.evaluate(() => document.activeElement?.getAttribute('name')),
      (name) => name === 'email',
    )
    expect(await held.isVisible()).toBe(false)
    expect(await page.getByRole('status').textContent()).toBe(
      'Reserva desfeita: corrija o e-mail e confirme o agendamento de novo.',
    )
    expect(await booking.values()).toEqual({ ...details, email: typo })
    expect(await booking.times.locator(`input[value="${startsAt}"]`).isChecked()).toBe(true)
    const [givenUp] = await storedBookings(typo)
    expect(givenUp?.status).toBe('cancelled')

    await booking.field(/^\s*e-?mail/i).fill(details.email)
    await booking.confirm.tap()
    await held.waitFor()
    await waitFor(
      'the hold for the right address',
      async () => (await held.textContent()) ?? '',
      (text) => text.includes(details.email),
    )
    const [right] = await storedBookings(details.email)
    expect(right?.starts_at.toISOString().replace('.000Z', 'Z')).toBe(startsAt)
    expect(calls).toEqual([
      'booking_free_times',
      'book_meeting',
      'cancel_booking',
      'booking_free_times',
      'book_meeting',
    ])
  })
})

describe('Booking with the keyboard alone', () => {
  const focused = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement
      return {
        id: active?.id ?? '',
        name: active?.getAttribute('name') ?? '',
        value: active instanceof HTMLInputElement ? active.value : '',
        checked: active instanceof HTMLInputElement && active.checked,
      }
    })

  it('walks the days and times with the arrows, goes on with Enter, and books with Enter', async () => {
    const { page } = await session.open(DESKTOP, { timezoneId: 'America/Sao_Paulo' })
    await page.goto('/agendar')
    const booking = bookingPage(page)
    await booking.ready()
    // From the top of the page, Tab reaches the days at the one picked.
    for (let presses = 0; (await focused(page)).name !== 'booking-day'; presses += 1) {
      expect(presses, 'Tab presses to reach the days').toBeLessThan(30)
      await page.keyboard.press('Tab')
    }
    const first = await focused(page)
    expect(first).toMatchObject({
      checked: true,
      value: await booking.valueOf(booking.dayRadios.first()),
    })
    // An arrow picks the next day and stays among the days; its times replace the others.
    await page.keyboard.press('ArrowRight')
    const second = await focused(page)
    expect(second).toMatchObject({ name: 'booking-day', checked: true })
    expect(second.value).not.toBe(first.value)
    expect(await page.getByRole('status').textContent()).toMatch(/^\d+ horários? livres? em /)
    const firstTime = (await booking.valueOf(booking.timeRadios.first())) ?? ''
    expect(firstTime.startsWith(second.value)).toBe(true)
    // Enter goes on to the times, an arrow picks one, Enter goes on to the form.
    await page.keyboard.press('Enter')
    expect(await focused(page)).toMatchObject({ name: 'booking-time', value: firstTime })
    await page.keyboard.press('ArrowRight')
    const time = await focused(page)
    expect(time).toMatchObject({ name: 'booking-time', checked: true })
    await page.keyboard.press('Enter')
    expect((await focused(page)).id).toBe('booking-chosen')

    const details = visitor('teclado')
    await page.keyboard.press('Tab')
    await page.keyboard.type(details.name)
    await page.keyboard.press('Tab')
    await page.keyboard.type(details.email)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.type(details.note)
    await page.getByLabel(/^\s*e-?mail/i).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 2, name: BOOKING_TEXT.booked }).waitFor()
    expect((await focused(page)).id).toBe('booking-done-title')
    const [stored] = await storedBookings(details.email)
    expect(stored?.starts_at.toISOString().replace('.000Z', 'Z')).toBe(time.value)
  })
})

describe('Managing a booking from its link', () => {
  it('cancels it, with a message, and its time is free again', async () => {
    const { page } = await session.open(PHONE)
    const calls = watchBookingCalls(page)
    const details = visitor('cancela')
    await page.goto('/agendar')
    const { startsAt, manage } = await bookOnPage(page, details)
    expect((await freeTimesOf(session.site().url)).slots).not.toContain(startsAt)

    // The link opened again later (bookOnPage left the page on it, confirmed).
    expect(page.url()).toContain(manage)
    await page.reload()
    await page.getByText(details.note).waitFor()
    // The token travels in a POST body, never in an address a server sees.
    expect(calls.at(-1)).toBe('booking_details')
    await page.getByRole('button', { name: BOOKING_TEXT.cancel }).tap()
    await page
      .getByLabel('Quer deixar uma mensagem para a equipe? (opcional)')
      .fill('Surgiu um imprevisto.')
    await page.getByRole('button', { name: BOOKING_TEXT.confirmCancel }).tap()
    await page.getByText(BOOKING_TEXT.cancelled).waitFor()
    expect(await page.getByRole('button', { name: BOOKING_TEXT.cancel }).isVisible()).toBe(false)
    expect(await page.getByRole('link', { name: 'Agendar outra reunião' }).isVisible()).toBe(true)

    const [stored] = await storedBookings(details.email)
    expect(stored?.status).toBe('cancelled')
    expect(await queuedMail(stored?.id ?? '')).toEqual(
      expect.arrayContaining(['cancellation to visitor', 'cancellation to company']),
    )
    expect((await freeTimesOf(session.site().url)).slots).toContain(startsAt)

    // The link still shows it, cancelled.
    await page.reload()
    await page.getByText(BOOKING_TEXT.cancelled).waitFor()
  })

  it('moves it to another time from fresh free times', async () => {
    const { page } = await session.open(PHONE)
    const details = visitor('remarca')
    await page.goto('/agendar')
    const { startsAt, manage } = await bookOnPage(page, details)

    await page.goto(manage)
    await page.getByRole('button', { name: BOOKING_TEXT.reschedule }).tap()
    const picker = bookingPage(page, page.locator('#manage-reschedule-form'))
    // The meeting's own day may have no other free time (a short agenda): go to the last day.
    await picker.dayRadios.first().waitFor()
    await picker.tapOption(picker.dayRadios.last())
    await picker.ready()
    const next = picker.timeRadios.last()
    const newStart = (await picker.valueOf(next)) ?? ''
    const clock = await picker.shown(next)
    await picker.tapOption(next)
    await page.getByRole('button', { name: BOOKING_TEXT.confirmMove }).tap()
    await waitFor(
      'the moved time on the page',
      () => page.getByRole('status').textContent(),
      (text) => text?.startsWith('Reunião remarcada') ?? false,
    )
    expect(await page.locator('#manage-when').textContent()).toContain(`às ${clock}`)
    expect(newStart).not.toBe(startsAt)

    const [stored] = await storedBookings(details.email)
    expect(stored?.starts_at.toISOString().replace('.000Z', 'Z')).toBe(newStart)
    expect(stored?.sequence).toBe(1)
    expect(await queuedMail(stored?.id ?? '')).toEqual(
      expect.arrayContaining(['update to visitor', 'update to company']),
    )
  })

  it('confirms late while the time is still free, and says so when someone took it', async () => {
    const { page } = await session.open(PHONE)
    const late = visitor('atrasado')
    const lost = visitor('perdeu')
    for (const [details, n] of [
      [late, 1],
      [lost, 2],
    ] as const) {
      await page.goto('/agendar')
      await pickTime(page, n)
      await bookingPage(page).fill(details)
      // The page asks for the request's e-mail once the booking is made; leaving before it
      // has (the next goto) leaves the e-mail to the outbox's sweep, a minute later
      // (MAIL_SWEEP_SECONDS), which a busy machine showed. This visitor stays until it has.
      const askedForMail = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/functions/v1/send-booking-email',
      )
      await bookingPage(page).confirm.tap()
      await page.getByRole('heading', { level: 2, name: BOOKING_TEXT.booked }).waitFor()
      await askedForMail
    }
    const linkFor = (email: string) =>
      waitFor(
        'the request in the inbox',
        () =>
          session
            .site()
            .mail()
            .find((mail) => mail.to.includes(email)),
        (mail) => mail !== undefined,
        { timeoutMs: 20_000 },
      ).then((mail) => manageLinkIn(mail?.text ?? '') ?? '')
    // Both requests are in the inbox before their time passes: a request still unsent when its
    // hold's time is up is not sent at all, which a busy machine showed.
    const [lateLink, lostLink] = [await linkFor(late.email), await linkFor(lost.email)]

    // Their holds' time passes without a click.
    await session
      .site()
      .query(
        `update public.bookings set hold_until = now() - interval '1 minute' where email = any($1)`,
        [[late.email, lost.email]],
      )
    const [taken] = await storedBookings(lost.email)
    const slot = taken?.starts_at.toISOString().replace('.000Z', 'Z') ?? ''
    expect((await freeTimesOf(session.site().url)).slots).toContain(slot)
    await bookThroughApi(session.site().url, slot, uniqueEmail('mais-rapida'))

    await page.goto(lateLink)
    await page
      .getByText(
        'O prazo para confirmar acabou, mas você ainda pode confirmar se o horário estiver livre.',
      )
      .waitFor()
    await page.getByRole('button', { name: BOOKING_TEXT.confirmMeeting }).tap()
    await page.getByRole('status').filter({ hasText: BOOKING_TEXT.confirmed }).waitFor()
    expect((await storedBookings(late.email))[0]?.status).toBe('confirmed')

    await page.goto(lostLink)
    await page.getByRole('button', { name: BOOKING_TEXT.confirmMeeting }).tap()
    await page.getByRole('alert').filter({ hasText: bookingRefusals.hold_expired }).waitFor()
    expect(await page.getByRole('link', { name: 'Agendar outra reunião' }).isVisible()).toBe(true)
    expect((await storedBookings(lost.email))[0]?.status).not.toBe('confirmed')
  })

  it('says a link that opens nothing was not found', async () => {
    const { page } = await session.open(PHONE)
    for (const address of ['/agendar/gerenciar', `/agendar/gerenciar#${'0'.repeat(64)}`]) {
      await page.goto(address)
      await page
        .getByRole('alert')
        .filter({ hasText: 'Não encontramos esse agendamento. Confira o link do e-mail.' })
        .waitFor()
      expect(await page.getByRole('link', { name: 'Agendar outra reunião' }).isVisible()).toBe(true)
    }
  })
})

describe("The times on the visitor's clock", () => {
  const companyZone = company.officeHours.timeZone
  /** A zone's offset from UTC at an instant, in minutes ('GMT-4' is -240). */
  const offsetIn = (timeZone: string, at: Date) => {
    const name =
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT'
    const [, sign, hours, minutes] = /GMT([+-])(\d{2}):(\d{2})/.exec(name) ?? []
    return sign ? (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) : 0
  }
  /** The clock a visitor in `timeZone` reads a time on. */
  const clockIn = (timeZone: string, slot: string) =>
    new Intl.DateTimeFormat('pt-BR', { timeZone, hour: '2-digit', minute: '2-digit' }).format(
      new Date(slot),
    )

  it.each([
    ['a zone an hour off the company’s', 'another zone'],
    ['the company’s own zone', 'the company zone'],
  ] as const)(
    'a visitor in %s reads the company’s first time on their own clock',
    async (_, which) => {
      // The company's first free time, and a Brazilian zone whose clock differs from the company's.
      const slot = (await freeTimesOf(session.site().url)).slots[0] ?? ''
      expect(slot, 'a free time in the horizon').not.toBe('')
      const at = new Date(slot)
      const other = ['America/Manaus', 'America/Sao_Paulo'].find(
        (zone) => offsetIn(zone, at) !== offsetIn(companyZone, at),
      )
      const timezoneId = which === 'another zone' ? (other ?? 'UTC') : companyZone
      const { page } = await session.open(PHONE, { timezoneId })
      await page.goto('/agendar')
      const booking = bookingPage(page)
      await booking.ready()
      await booking.tapOption(booking.days.locator(`input[value="${slot.slice(0, 10)}"]`))
      const radio = booking.times.locator(`input[value="${slot}"]`)
      expect(await booking.shown(radio)).toBe(clockIn(timezoneId, slot))
      const note = (await page.locator('#booking-times-note').textContent()) ?? ''
      if (which === 'another zone')
        expect(note).toMatch(/Horários no seu fuso: .+ \(GMT[-+]\d+\)\./)
      else expect(note).not.toMatch(/fuso|GMT/)
    },
  )
})

describe('The booking pages without JavaScript', () => {
  it('say how to book or change a meeting by e-mail or phone, as links', async () => {
    const { page } = await session.open(PHONE, { javaScriptEnabled: false })
    for (const address of ['/agendar', '/agendar/gerenciar']) {
      await page.goto(address)
      const main = page.getByRole('main')
      const mailto = await main.getByRole('link', { name: company.inbox }).getAttribute('href')
      expect(mailto?.startsWith(`mailto:${company.inbox}?subject=`), `${mailto}`).toBe(true)
      expect(await main.getByRole('link', { name: company.phone }).getAttribute('href')).toBe(
        company.phoneHref,
      )
      // No picker, form or loading message that would never finish.
      expect(await main.getByRole('status').isVisible()).toBe(false)
      expect(await main.getByRole('radio').count()).toBe(0)
    }
    await page.goto('/agendar')
    expect(await page.getByText(BOOKING_TEXT.noScript).isVisible()).toBe(true)
  })
})

describe('Accessibility of the booking pages (WCAG 2.2 AA and best practices, axe)', () => {
  it.each([
    ['a phone', PHONE],
    // Touch as well, so the journey's taps work; the layout is the 1440 px one.
    ['a desktop', { ...WIDE_DESKTOP, hasTouch: true }],
  ])(
    'finds no violation at any step of booking, moving and cancelling on %s',
    async (_, device) => {
      const { page } = await session.open(device)
      const check = async (state: string) => {
        await waitForAnimations(page)
        await expectNoAxeViolations(page, state, { bestPractice: true })
      }
      await page.goto('/agendar')
      await bookingPage(page).ready()
      await check('/agendar (free times shown)')
      await pickTime(page)
      await check('/agendar (a time picked, the form shown)')
      const details = visitor('axe')
      await bookingPage(page).fill(details)
      await bookingPage(page).confirm.tap()
      await page.getByRole('heading', { level: 2, name: BOOKING_TEXT.booked }).waitFor()
      await check('/agendar (booked, waiting for the e-mail)')

      const request = await waitFor(
        'the request to confirm in the inbox',
        () =>
          session
            .site()
            .mail()
            .find((mail) => mail.to.includes(details.email)),
        (mail) => mail !== undefined,
        { timeoutMs: 20_000 },
      )
      await page.goto(manageLinkIn(request?.text ?? '') ?? '')
      await page.getByRole('button', { name: BOOKING_TEXT.confirmMeeting }).waitFor()
      await check('/agendar/gerenciar (waiting for its confirmation)')
      await page.getByRole('button', { name: BOOKING_TEXT.confirmMeeting }).tap()
      await page.getByRole('button', { name: BOOKING_TEXT.reschedule }).waitFor()
      await check('/agendar/gerenciar (the booking)')
      await page.getByRole('button', { name: BOOKING_TEXT.reschedule }).tap()
      await bookingPage(page, page.locator('#manage-reschedule-form')).dayRadios.first().waitFor()
      await check('/agendar/gerenciar (moving it)')
      await page.getByRole('button', { name: 'Voltar' }).filter({ visible: true }).tap()
      await page.getByRole('button', { name: BOOKING_TEXT.cancel }).tap()
      await check('/agendar/gerenciar (cancelling it)')
      await page.getByRole('button', { name: BOOKING_TEXT.confirmCancel }).tap()
      await page.getByText(BOOKING_TEXT.cancelled).waitFor()
      await check('/agendar/gerenciar (cancelled)')
      await page.goto('/agendar/gerenciar')
      await page.getByRole('alert').filter({ visible: true }).waitFor()
      await check('/agendar/gerenciar (a link that opens nothing)')
    },
    AXE_EVERY_STEP_TIMEOUT_MS,
  )
})
