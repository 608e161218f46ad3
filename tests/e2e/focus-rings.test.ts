/**
 * Every control a keyboard reaches on every page of the site wears the same focus ring as its
 * links (3 px, 2 px away): fields, radio buttons and buttons alike, the booking pages' day and
 * time choices included, on a phone and a desktop.
 */
import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bookingPage } from '../support/browser/booking-page.ts'
import { uniqueEmail } from '../support/browser/contact-form.ts'
import { PHONE, WIDE_DESKTOP } from '../support/browser/devices.ts'
import { tabThrough, type FocusStop } from '../support/browser/focus.ts'
import { useE2eSession } from '../support/browser/session.ts'
import { bookConfirmedThroughApi, freeTimesOf } from '../support/booking-api.ts'

const session = useE2eSession({ settings: { BOOKING_UNKNOWN_ADDRESSES_PER_DAY: '1000' } })

/** Every stop from the top of the page until focus leaves it (or comes back to the top). */
async function everyStop(page: Page): Promise<FocusStop[]> {
  // From the top, wherever the page's script put focus.
  await page.evaluate(() => {
    document.body.tabIndex = -1
    document.body.focus()
    document.body.removeAttribute('tabindex')
  })
  const stops = await tabThrough(page, () => false, 120)
  const first = stops[0]
  const again = stops.findIndex((stop, index) => index > 0 && stop.name === first?.name)
  return again > 0 ? stops.slice(0, again) : stops
}

/** The stops whose ring is not the skip link's (the site's ring), described for the report. */
async function stopsWithAnotherRing(page: Page): Promise<{ stops: number; odd: string[] }> {
  const stops = await everyStop(page)
  const siteRing = stops[0]?.ring
  expect(
    siteRing,
    'the first stop (the skip link, or the 404’s link home) wears the site’s ring',
  ).toMatch(/^3px solid .+, 2px$/)
  return {
    stops: stops.length,
    odd: stops
      .filter((stop) => stop.ring !== siteRing || !stop.onScreen)
      .map(
        (stop) => `${stop.tag} "${stop.name}": ${stop.ring}${stop.onScreen ? '' : ' (off screen)'}`,
      ),
  }
}

const DEVICES: [string, BrowserContextOptions][] = [
  ['a phone', PHONE],
  ['a desktop', WIDE_DESKTOP],
]

describe('The site’s focus ring on every control', () => {
  for (const [deviceName, device] of DEVICES) {
    it(`is on every stop of every page on ${deviceName}`, async () => {
      const { page } = await session.open(device)
      const free = await freeTimesOf(session.site().url)
      const slot = free.slots.at(-1) ?? ''
      const { manage_token: token } = await bookConfirmedThroughApi(
        session.site(),
        slot,
        uniqueEmail('anel'),
      )
      const pages: [string, (page: Page) => Promise<void>][] = [
        ['/', async () => undefined],
        ['/contato', async () => undefined],
        ['/privacidade', async () => undefined],
        [
          '/agendar',
          async () => {
            // A time picked, so the form's fields are there to reach too.
            const booking = bookingPage(page)
            await booking.ready()
            await booking.option(booking.timeRadios.first()).click()
            await page.getByLabel(/^\s*nome/i).waitFor()
          },
        ],
        [
          `/agendar/gerenciar#${token}`,
          async () => {
            await page.getByRole('button', { name: 'Remarcar' }).waitFor()
          },
        ],
        ['/qualquer-coisa', async () => undefined],
      ]
      for (const [address, ready] of pages) {
        await page.goto(address)
        await ready(page)
        const { stops, odd } = await stopsWithAnotherRing(page)
        expect(stops, `${address} has controls to reach`).toBeGreaterThan(0)
        expect(odd, `${address}: stops without the site's ring`).toEqual([])
      }
    })
  }
})
