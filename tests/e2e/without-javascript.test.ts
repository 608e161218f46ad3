import { describe, expect, it } from 'vitest'
import { isExpandedForScreenReaders } from '../support/browser/accessibility-tree.ts'
import { DESKTOP, PHONE } from '../support/browser/devices.ts'
import {
  SECTIONS,
  control,
  menuToggle,
  sectionHeading,
  siteHeader,
  visibleMenuEntries,
} from '../support/browser/landing-page.ts'
import { headingPlacement, isBelowHeaderAndInView } from '../support/browser/scroll.ts'
import { SPEC_LANDING_TEXTS } from '../support/spec-texts.ts'
import { useE2eSession } from '../support/browser/session.ts'
import { waitFor } from '../support/wait.ts'

const session = useE2eSession()

describe('The landing page without JavaScript', () => {
  it('shows every section, its text and the contact form', async () => {
    const { page } = await session.open(DESKTOP, { javaScriptEnabled: false })
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)

    for (const { id, navLabel } of SECTIONS) {
      expect(await sectionHeading(page, id).isVisible(), `#${id} heading`).toBe(true)
      const entry = page.locator('header').getByRole('link', { name: navLabel, exact: true })
      expect(await entry.filter({ visible: true }).count(), `header entry ${navLabel}`).toBe(1)
    }
    const missing: string[] = []
    for (const text of SPEC_LANDING_TEXTS) {
      if ((await page.getByText(text).filter({ visible: true }).count()) === 0) missing.push(text)
    }
    expect(missing, 'text not visible without JavaScript').toEqual([])
    for (const label of [/^\s*nome/i, /^\s*e-?mail/i, /^\s*empresa/i, /^\s*mensagem/i]) {
      expect(await page.locator('#contact form').getByLabel(label).isVisible()).toBe(true)
    }
  })

  it('on a phone, the menu opens, takes the visitor to a section, and closes with a tap outside or Escape', async () => {
    const { page } = await session.open(PHONE, { javaScriptEnabled: false })
    await page.goto('/')
    const toggle = menuToggle(page)
    expect(await visibleMenuEntries(page), 'the menu starts closed').toBe(0)
    expect(await isExpandedForScreenReaders(page, toggle)).toBe(false)

    // The scroll helpers wait on animation frames, which need the page's JavaScript; these
    // checks read the layout from outside instead.
    const heading = sectionHeading(page, 'about')
    expect(
      isBelowHeaderAndInView(await headingPlacement(page, heading)),
      'starts out of view',
    ).toBe(false)
    await toggle.tap()
    expect(await visibleMenuEntries(page)).toBe(SECTIONS.length)
    expect(await isExpandedForScreenReaders(page, toggle), 'announced as expanded').toBe(true)
    await control(siteHeader(page), 'Sobre').tap()
    await waitFor(
      'the section heading to rest below the fixed header',
      () => headingPlacement(page, heading),
      isBelowHeaderAndInView,
      { timeoutMs: 6_000 },
    )

    // Without a script the menu stays open after a pick; a tap outside closes it.
    const viewport = page.viewportSize() ?? { width: 390, height: 844 }
    await page.touchscreen.tap(viewport.width / 2, viewport.height - 40)
    expect(await visibleMenuEntries(page), 'a tap outside closes it').toBe(0)
    expect(await isExpandedForScreenReaders(page, toggle)).toBe(false)

    // With a keyboard: Enter opens it, Tab goes into it, Escape closes it and focus returns.
    await toggle.focus()
    await page.keyboard.press('Enter')
    expect(await visibleMenuEntries(page)).toBe(SECTIONS.length)
    await page.keyboard.press('Tab')
    const focusedEntry = await page.evaluate(() => document.activeElement?.textContent ?? '')
    expect(focusedEntry, 'Tab moves into the menu').toBe(SECTIONS[0].navLabel)
    await page.keyboard.press('Escape')
    expect(await visibleMenuEntries(page)).toBe(0)
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true)
  })
})
