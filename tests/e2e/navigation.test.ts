import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DESKTOP, PHONE } from '../support/browser/devices.ts'
import {
  HERO_BUTTONS,
  SECTIONS,
  control,
  menuToggle,
  sectionHeading,
  siteHeader,
} from '../support/browser/landing-page.ts'
import { expectHeadingBroughtIntoView, scrollAwayFrom } from '../support/browser/scroll.ts'
import { gotoHydrated, useE2eSession } from '../support/browser/session.ts'
import { waitFor } from '../support/wait.ts'

const session = useE2eSession()

async function visibleMenuEntries(page: Page): Promise<number> {
  const entries = SECTIONS.map(({ navLabel }) =>
    siteHeader(page).getByRole('link', { name: navLabel, exact: true }).filter({ visible: true }),
  )
  const counts = await Promise.all(entries.map((entry) => entry.count()))
  return counts.filter((count) => count > 0).length
}

describe('Section navigation', () => {
  it('on a desktop, each header entry brings its section heading into view below the header', async () => {
    const { page } = await session.open(DESKTOP)
    await gotoHydrated(page, '/')
    expect(await menuToggle(page).count(), 'no hamburger on a desktop').toBe(0)
    for (const { id, navLabel } of SECTIONS) {
      const heading = sectionHeading(page, id)
      await scrollAwayFrom(page, heading)
      await control(siteHeader(page), navLabel).click()
      await expectHeadingBroughtIntoView(page, heading)
    }
  })

  it('on a phone, the hamburger opens the menu and each pick scrolls to its section and closes it', async () => {
    const { page } = await session.open(PHONE)
    await gotoHydrated(page, '/')
    const toggle = menuToggle(page)
    expect(await visibleMenuEntries(page), 'the menu starts closed').toBe(0)
    for (const { id, navLabel } of SECTIONS) {
      const heading = sectionHeading(page, id)
      await scrollAwayFrom(page, heading)
      await toggle.tap()
      expect(await toggle.getAttribute('aria-expanded')).toBe('true')
      expect(await visibleMenuEntries(page)).toBe(SECTIONS.length)
      await control(siteHeader(page), navLabel).tap()
      await expectHeadingBroughtIntoView(page, heading)
      expect(await toggle.getAttribute('aria-expanded')).toBe('false')
      expect(await visibleMenuEntries(page), `menu closed after picking ${navLabel}`).toBe(0)
    }
  })

  it('on a phone, Escape closes the menu and gives focus back to the toggle', async () => {
    const { page } = await session.open(PHONE)
    await gotoHydrated(page, '/')
    const toggle = menuToggle(page)
    await toggle.tap()
    await control(siteHeader(page), SECTIONS[1].navLabel).focus()
    await page.keyboard.press('Escape')
    await waitFor(
      'the menu to close',
      () => visibleMenuEntries(page),
      (open) => open === 0,
    )
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true)
  })

  for (const [device, options] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`on a ${device}, both hero buttons bring their section heading into view`, async () => {
      const { page } = await session.open(options)
      await gotoHydrated(page, '/')
      for (const { label, target } of HERO_BUTTONS) {
        const heading = sectionHeading(page, target)
        await scrollAwayFrom(page, heading)
        const button = control(page.locator('#home'), label)
        if (options.hasTouch) await button.tap()
        else await button.click()
        await expectHeadingBroughtIntoView(page, heading)
      }
    })
  }
})
