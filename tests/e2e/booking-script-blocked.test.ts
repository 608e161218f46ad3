/**
 * The booking pages when scripting is on but their script never runs (a blocker, a lost
 * connection, a chunk gone after a deploy): they said "Carregando horários…" for ever under
 * empty headings. CSS alone decides (src/lib/page-script-stall.ts): after a few seconds the
 * note and the e-mail and phone links take the empty parts' place; a script that arrives late
 * takes over; with the script running, or without scripting, the note never shows.
 */
import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bookingPage as bookingTexts, manageBookingPage } from '../../src/content/booking-page.ts'
import { bookingPage } from '../support/browser/booking-page.ts'
import { DESKTOP, PHONE } from '../support/browser/devices.ts'
import { useE2eSession } from '../support/browser/session.ts'
import { waitFor } from '../support/wait.ts'

const session = useE2eSession()

const PAGES = [
  {
    address: '/agendar',
    script: '**/assets/booking-page-*.js',
    note: bookingTexts.scriptStalled,
    loading: bookingTexts.loading,
  },
  {
    address: `/agendar/gerenciar#${'0'.repeat(64)}`,
    script: '**/assets/manage-booking-page-*.js',
    note: manageBookingPage.scriptStalled,
    loading: manageBookingPage.loading,
  },
]

/** The stall's wait is 8 s of CSS; a busy machine gets far more. */
const NOTE_TIMEOUT_MS = 40_000

/**
 * The rest of the stall's wait at ten times the speed: the note's delay is CSS's, so the
 * timeline runs faster only once the page was seen loading without it (CDP's Animation domain).
 */
async function hurryAnimations(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Animation.enable')
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 10 })
}

const noteAnimation = (page: Page, note: string) =>
  page.getByText(note).evaluate((element) => getComputedStyle(element).animationName)

const contactLinks = (page: Page) => ({
  email: page.locator('main a[href^="mailto:"]').first(),
  phone: page.locator('main a[href^="tel:"]').first(),
})

describe('The booking pages with their script blocked', () => {
  it.each(
    PAGES.flatMap((target) =>
      (
        [
          ['a phone', PHONE],
          ['a desktop', DESKTOP],
        ] as [string, BrowserContextOptions][]
      ).map(([device, options]) => ({ ...target, device, options })),
    ),
  )(
    '$address on $device ends in the note, the e-mail and the phone, not loading for ever',
    async ({ address, script, note, loading, options }) => {
      const { page } = await session.open(options)
      await page.route(script, (route) => route.abort('blockedbyclient'))
      await page.goto(address)
      // As it loads: the loading line, no note (nothing shifts on an ordinary load).
      expect(await page.getByText(loading).isVisible()).toBe(true)
      expect(await page.getByText(note).isVisible()).toBe(false)

      await hurryAnimations(page)
      await page.getByText(note).waitFor({ timeout: NOTE_TIMEOUT_MS })
      expect(await page.getByText(loading).isVisible()).toBe(false)
      expect(await page.getByRole('group', { name: 'Escolha o dia' }).isVisible()).toBe(false)
      const links = contactLinks(page)
      expect(await links.email.isVisible()).toBe(true)
      expect(await links.phone.isVisible()).toBe(true)
      // Nothing hidden is reachable: the first Tab stops in the page's visible parts.
      expect(await page.locator('main button:visible, main input:visible').count()).toBe(0)
    },
    60_000,
  )

  it('gives way to the picker when the script arrives late', async () => {
    const { page } = await session.open(DESKTOP)
    let release = () => {}
    const arrived = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/booking-page-*.js', async (route) => {
      await arrived
      await route.continue()
    })
    await page.goto('/agendar', { waitUntil: 'domcontentloaded' })
    await hurryAnimations(page)
    await page.getByText(bookingTexts.scriptStalled).waitFor({ timeout: NOTE_TIMEOUT_MS })
    release()
    const booking = bookingPage(page)
    await booking.ready()
    await waitFor(
      'the note to give way',
      () => page.getByText(bookingTexts.scriptStalled).isVisible(),
      (visible) => !visible,
    )
    expect(await booking.timeRadios.count()).toBeGreaterThan(0)
  }, 60_000)

  it('never shows the note when the script runs, nor without scripting', async () => {
    for (const { address, note } of PAGES) {
      const { page } = await session.open(DESKTOP)
      await page.goto(address)
      await waitFor(
        'the script to mark the page',
        () => page.evaluate(() => document.documentElement.hasAttribute('data-page-script-ran')),
        Boolean,
      )
      expect(await noteAnimation(page, note)).toBe('none')
      expect(await page.getByText(note).isVisible()).toBe(false)

      const off = await session.open(DESKTOP, { javaScriptEnabled: false })
      await off.page.goto(address)
      expect(await noteAnimation(off.page, note)).toBe('none')
      expect(await off.page.getByText(note).isVisible()).toBe(false)
    }
  })
})
