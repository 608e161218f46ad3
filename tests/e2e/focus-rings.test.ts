/**
 * Every control a keyboard reaches on every page of the site wears the same focus ring as its
 * links (3 px, 2 px away): fields, radio buttons and buttons alike, the booking pages' day and
 * time choices included, on a phone and a desktop; and nothing fixed (the header) is ever
 * drawn over the focused one, going down with Tab or, on the long pages, up with Shift+Tab.
 */
import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bookingPage } from '../support/browser/booking-page.ts'
import { uniqueEmail } from '../support/browser/contact-form.ts'
import { PHONE, WIDE_DESKTOP } from '../support/browser/devices.ts'
import { walkFocus, type CoveredStop } from '../support/browser/focus.ts'
import { useE2eSession } from '../support/browser/session.ts'
import { bookConfirmedThroughApi, freeTimesOf } from '../support/booking-api.ts'

const session = useE2eSession({ settings: { BOOKING_UNKNOWN_ADDRESSES_PER_DAY: '1000' } })

/** Every stop from the top of the page until focus leaves it (or comes back to the top). */
async function everyStop(page: Page): Promise<CoveredStop[]> {
  // From the top, wherever the page's script put focus.
  await page.evaluate(() => {
    document.body.tabIndex = -1
    document.body.focus()
    document.body.removeAttribute('tabindex')
  })
  return walkFocus(page, 'Tab')
}

/** The stops whose ring is not the skip link's (the site's ring), described for the report. */
function stopsWithAnotherRing(stops: CoveredStop[]): string[] {
  const siteRing = stops[0]?.ring
  expect(
    siteRing,
    'the first stop (the skip link, or the 404’s link home) wears the site’s ring',
  ).toMatch(/^3px solid .+, 2px$/)
  return stops
    .filter((stop) => stop.ring !== siteRing || !stop.onScreen)
    .map(
      (stop) => `${stop.tag} "${stop.name}": ${stop.ring}${stop.onScreen ? '' : ' (off screen)'}`,
    )
}

/** WCAG 2.2 2.4.11: the stops something fixed (the header, a toast) is drawn over. */
const coveredStops = (stops: CoveredStop[]) =>
  stops
    .map((stop) => stop.cover)
    .filter((cover) => cover.overlappedBy.length > 0 || cover.hiddenAt.length > 0)

/** The pages with the fixed header long enough to scroll under it. */
const WALKED_BACK_UP = ['/', '/privacidade']

const DEVICES: [string, BrowserContextOptions][] = [
  ['a phone', PHONE],
  ['a desktop', WIDE_DESKTOP],
]

describe('The site’s focus ring on every control', () => {
  for (const [deviceName, device] of DEVICES) {
    it(`is on every stop of every page on ${deviceName}, never under the fixed header`, async () => {
      // Without smooth scrolling (a visitor who asks for less motion), so each stop is checked
      // as soon as its key press is done rather than after the scroll's animation: where the
      // page ends up is the same either way (the header's scroll-padding-top sets it), and the
      // walks press Tab hundreds of times (tests/e2e/navigation.test.ts scrolls smoothly).
      const { page } = await session.open(device, { reducedMotion: 'reduce' })
      const free = await freeTimesOf(session.site().url)
      const slot = free.slots.at(-1) ?? ''
      const { manage_token: token } = await bookConfirmedThroughApi(
        session.site(),
        slot,
        uniqueEmail('anel'),
      )
      const pages: [string, (page: Page) => Promise<void>][] = [
        // The long pages with the header are walked back up too: each stop above is then partly
        // out of view, where a browser scrolls it only just in, right under the header unless
        // the page says how tall the header is.
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
        const down = await everyStop(page)
        expect(down.length, `${address} has controls to reach`).toBeGreaterThan(0)
        expect(stopsWithAnotherRing(down), `${address}: stops without the site's ring`).toEqual([])
        expect(coveredStops(down), `${address}: stops covered going down`).toEqual([])
        if (!WALKED_BACK_UP.includes(address)) continue
        // From past the last stop, where the walk down left focus.
        const up = await walkFocus(page, 'Shift+Tab')
        expect(up[0]?.name, `going up starts at the last stop of ${address}`).toBe(
          down.at(-1)?.name,
        )
        expect(up.at(-1)?.name, 'and ends at the first').toBe(down[0]?.name)
        expect(coveredStops(up), `${address}: stops covered going up`).toEqual([])
      }
    })
  }
})
