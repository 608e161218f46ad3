/**
 * The booking pages as a visitor sees them, against the real server and database: the open
 * days laid out as a month calendar, worked with the keyboard; the summary beside it following
 * each pick; and on the manage page, the meeting being moved shown where it is, the meeting
 * being cancelled named, and a cancelled meeting's room no longer a link.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { company } from '#shared/company/company.ts'
import { calendarWeek } from '../../src/content/booking-calendar.ts'
import { BOOKING_TEXT, bookingPage } from '../support/browser/booking-page.ts'
import { uniqueEmail } from '../support/browser/contact-form.ts'
import { PHONE, WIDE_DESKTOP } from '../support/browser/devices.ts'
import { focusedElement } from '../support/browser/focus.ts'
import { useE2eSession } from '../support/browser/session.ts'
import { bookConfirmedThroughApi, freeTimesOf } from '../support/booking-api.ts'
import { waitFor } from '../support/wait.ts'

// Every browser here is one unknown address (loopback); the tests book several meetings.
const session = useE2eSession({ settings: { BOOKING_UNKNOWN_ADDRESSES_PER_DAY: '1000' } })

const ZONE = 'America/Sao_Paulo'
const clockIn = (instant: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, ...options }).format(new Date(instant))
/** '09:30', as the page writes a time in São Paulo. */
const clock = (instant: string) =>
  clockIn(instant, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
/** 'YYYY-MM-DD' of an instant in São Paulo. */
const localDay = (instant: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(instant))
const later = (instant: string, minutes: number) =>
  new Date(Date.parse(instant) + minutes * 60_000).toISOString()

/** Each open day's place in the calendar: its weekday and where its centre is. */
const dayPlaces = (page: Page, container: string) =>
  page.evaluate(
    (selector) =>
      [...document.querySelectorAll<HTMLLabelElement>(`${selector} label`)].map((label) => {
        const box = label.getBoundingClientRect()
        const value = label.querySelector('input')?.value ?? ''
        return {
          weekday: new Date(`${value}T12:00:00Z`).getUTCDay(),
          x: Math.round(box.left + box.width / 2),
          width: box.width,
          height: box.height,
        }
      }),
    container,
  )

const summaryOf = (page: Page) => page.getByRole('region', { name: 'Resumo' })

describe('The booking calendar and its summary', () => {
  it.each([
    ['a phone', PHONE],
    ['a desktop', WIDE_DESKTOP],
  ])(
    'lays the open days out by weekday and sums the meeting up as it is picked, on %s',
    async (name, device) => {
      const { page } = await session.open(device, { timezoneId: ZONE })
      await page.goto('/agendar')
      const booking = bookingPage(page)
      await booking.ready()

      // A month calendar: each open day sits in its weekday's column, one tap target per day.
      const places = await dayPlaces(page, '#booking-day-options')
      expect(places.length).toBeGreaterThan(1)
      const columnOf = (weekday: number) => (weekday - calendarWeek.startsOn + 7) % 7
      const xByColumn = new Map<number, number>()
      for (const place of places) {
        const seen = xByColumn.get(columnOf(place.weekday))
        if (seen === undefined) xByColumn.set(columnOf(place.weekday), place.x)
        else expect(Math.abs(seen - place.x), 'days of one weekday share a column').toBeLessThan(2)
        expect(place.height).toBeGreaterThanOrEqual(44)
        expect(place.width).toBeGreaterThanOrEqual(40)
      }
      const columns = [...xByColumn].sort(([a], [b]) => a - b).map(([, x]) => x)
      expect(columns, 'columns run left to right in the week’s order').toEqual(
        [...columns].sort((a, b) => a - b),
      )
      const firstDay = (await booking.valueOf(booking.dayRadios.first())) ?? ''
      const month = clockIn(`${firstDay}T12:00:00Z`, { month: 'long', year: 'numeric' })
      expect(await booking.days.getByText(month, { exact: false }).first().isVisible()).toBe(true)

      // The summary: the call, its length, by video, the visitor's zone, the day picked.
      const summary = summaryOf(page)
      const text = async () => (await summary.textContent()) ?? ''
      expect(await text()).toContain(`${company.consultationMinutes} minutos`)
      expect(await text()).toContain('Por vídeo')
      expect(await text()).toMatch(/Brasília \(GMT-3\)/)
      const dayName = (day: string) =>
        clockIn(`${day}T12:00:00Z`, { weekday: 'long', day: 'numeric', month: 'long' })
      expect((await text()).toLowerCase()).toContain(dayName(firstDay))
      expect(await text()).toContain('Escolha um horário')

      // Another day, then a time: the summary follows each pick.
      const otherDay = booking.dayRadios.nth(1)
      const other = (await booking.valueOf(otherDay)) ?? ''
      await booking.option(otherDay).click()
      await waitFor(
        'the summary to show the day picked',
        async () => (await text()).toLowerCase(),
        (shown) => shown.includes(dayName(other)),
      )
      const time = booking.timeRadios.nth(1)
      const startsAt = (await booking.valueOf(time)) ?? ''
      await booking.option(time).click()
      const span = `${clock(startsAt)} às ${clock(later(startsAt, company.consultationMinutes))}`
      await waitFor('the summary to show the time picked', text, (shown) => shown.includes(span))
      expect(await text()).not.toContain('Escolha um horário')

      // Where it helps: beside the picker on a desktop, above the button on a phone.
      // In the page's coordinates, not the screen's: a pick may still be scrolling the page
      // smoothly between two reads, and the places must compare all the same.
      const box = (locator: ReturnType<Page['locator']>) =>
        locator.evaluate((element) => {
          const { x, y, width, height } = element.getBoundingClientRect()
          return { x: x + window.scrollX, y: y + window.scrollY, width, height }
        })
      const summaryBox = await box(summary)
      const timesBox = await box(booking.times)
      const buttonBox = await box(booking.confirm)
      const noteBox = await box(page.getByLabel('Sobre o que quer conversar?'))
      if (name === 'a desktop') {
        expect(summaryBox.x, 'the summary is right of the times').toBeGreaterThan(
          timesBox.x + timesBox.width,
        )
      } else {
        expect(summaryBox.y, 'the summary comes after the form').toBeGreaterThan(noteBox.y)
      }
      expect(buttonBox.y, 'the button comes right after the summary').toBeGreaterThan(
        summaryBox.y + summaryBox.height,
      )
    },
  )

  it('walks the open days with the arrows over the weeks’ gaps, with the site’s focus ring on the day', async () => {
    const { page } = await session.open(WIDE_DESKTOP, { timezoneId: ZONE })
    await page.goto('/agendar')
    const booking = bookingPage(page)
    await booking.ready()
    const values = await booking.dayRadios.evaluateAll((radios) =>
      radios.map((radio) => (radio as HTMLInputElement).value),
    )
    // Tab lands on the picked day, and the site's ring (the skip link's) is around its tile.
    await page.keyboard.press('Tab')
    const siteRing = (await focusedElement(page))?.ring
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('name'))
    for (let presses = 0; (await focusedName()) !== 'booking-day'; presses += 1) {
      expect(presses, 'Tab presses to reach the days').toBeLessThan(30)
      await page.keyboard.press('Tab')
    }
    const focusedDay = () =>
      page.evaluate(() => {
        const active = document.activeElement
        return active instanceof HTMLInputElement && active.name === 'booking-day'
          ? { value: active.value, checked: active.checked }
          : null
      })
    expect(await focusedDay()).toEqual({ value: values[0], checked: true })
    expect((await focusedElement(page))?.ring).toBe(siteRing)
    // Down and Right both go to the next open day, whatever row or weekend lies between; Up
    // and Left go back. Every open day is reached, and only those.
    const walked = [values[0]]
    for (let step = 1; step < values.length; step += 1) {
      await page.keyboard.press(step % 2 === 0 ? 'ArrowDown' : 'ArrowRight')
      walked.push((await focusedDay())?.value)
    }
    expect(walked).toEqual(values)
    await page.keyboard.press('ArrowUp')
    expect(await focusedDay()).toEqual({ value: values.at(-2), checked: true })
    // The times follow the day on the keyboard too, and so does the summary.
    const firstTime = (await booking.valueOf(booking.timeRadios.first())) ?? ''
    expect(localDay(firstTime)).toBe(values.at(-2))
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe(
      firstTime,
    )
    await page.keyboard.press('Space')
    await waitFor(
      'the summary to show the time',
      async () => (await summaryOf(page).textContent()) ?? '',
      (text) => text.includes(`${clock(firstTime)} às`),
    )
  })
})

describe('The manage page’s states', () => {
  /** A meeting on the last open day: not the first day the calendar offers. */
  const bookLate = async (tag: string) => {
    const free = await freeTimesOf(session.site().url)
    const startsAt = free.slots.at(-1) ?? ''
    const { manage_token: token } = await bookConfirmedThroughApi(
      session.site(),
      startsAt,
      uniqueEmail(tag),
    )
    return { startsAt, token, firstDay: localDay(free.slots[0] ?? '') }
  }

  it('moving starts on the meeting’s own day, with its time shown in place and named above', async () => {
    const { startsAt, token, firstDay } = await bookLate('move-state')
    expect(localDay(startsAt)).not.toBe(firstDay)
    const { page } = await session.open(PHONE, { timezoneId: ZONE })
    await page.goto(`/agendar/gerenciar#${token}`)
    await page.getByRole('button', { name: BOOKING_TEXT.reschedule }).tap()
    const form = page.locator('#manage-reschedule-form')
    const picker = bookingPage(page, form)
    await picker.ready()

    const day = picker.days.getByRole('radio', { checked: true })
    expect(await day.getAttribute('value')).toBe(localDay(startsAt))
    expect(await picker.option(day).textContent()).toContain('sua reunião atual')
    expect(await form.getByText('Horário atual:').textContent()).toContain(`às ${clock(startsAt)}`)
    // Its time among its day's free ones, marked, and not a time to pick.
    expect(await picker.times.textContent()).toContain(`${clock(startsAt)}atual`)
    expect(await picker.times.locator(`input[value="${startsAt}"]`).count()).toBe(0)
    expect(await page.locator('#reschedule-times-note').textContent()).toContain(
      `Sua reunião está marcada para as ${clock(startsAt)}.`,
    )
  })

  it('cancelling names the meeting, and once cancelled its room is no longer a link', async () => {
    const { startsAt, token } = await bookLate('cancel-state')
    const { page } = await session.open(PHONE, { timezoneId: ZONE })
    await page.goto(`/agendar/gerenciar#${token}`)
    const room = page.getByRole('link', { name: /^https:\/\/meet\.jit\.si\// })
    await room.waitFor()
    await page.getByRole('button', { name: BOOKING_TEXT.cancel }).tap()
    const which = page.locator('#manage-cancel-form').getByText('Reunião a cancelar:')
    expect(await which.textContent()).toContain(`às ${clock(startsAt)}`)
    await page.getByRole('button', { name: BOOKING_TEXT.confirmCancel }).tap()
    await page.getByText(BOOKING_TEXT.cancelled).waitFor()
    expect(await room.count()).toBe(0)
    expect(await page.getByText('meet.jit.si').count()).toBe(0)
    // The link still opens it, cancelled, with no way into the room.
    await page.reload()
    await page.getByText(BOOKING_TEXT.cancelled).waitFor()
    expect(await room.count()).toBe(0)
    const again = page.getByRole('link', { name: 'Agendar outra reunião' })
    expect(await again.isVisible()).toBe(true)
    // It comes after the meeting it replaces, not before.
    const when = await page.locator('#manage-when').boundingBox()
    expect((await again.boundingBox())?.y ?? 0).toBeGreaterThan(when?.y ?? Infinity)
  })
})
