import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DESKTOP, PHONE } from '../support/browser/devices.ts'
import {
  MENU_LABELS,
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

  it('on a phone, the menu opens, a pick takes the visitor to the section and closes the menu, and its close link closes it', async () => {
    const { page } = await session.open(PHONE, { javaScriptEnabled: false })
    await page.goto('/')
    // The no-script menu is chosen by CSS, `@media (scripting: none)`: it must see JS as off.
    expect(await page.evaluate(() => matchMedia('(scripting: none)').matches)).toBe(true)
    expect(await visibleMenuEntries(page), 'the menu starts closed').toBe(0)

    // The scroll helpers wait on animation frames, which need the page's JavaScript; these
    // checks read the layout from outside instead.
    const heading = sectionHeading(page, 'about')
    expect(
      isBelowHeaderAndInView(await headingPlacement(page, heading)),
      'starts out of view',
    ).toBe(false)
    await menuToggle(page).tap()
    expect(await visibleMenuEntries(page)).toBe(SECTIONS.length)
    await control(siteHeader(page), 'Sobre').tap()
    await waitFor(
      'the section heading to rest below the fixed header',
      () => headingPlacement(page, heading),
      isBelowHeaderAndInView,
      { timeoutMs: 6_000 },
    )
    expect(await visibleMenuEntries(page), 'the pick closed the menu').toBe(0)
    expect(await isTopmostAtCentre(heading), 'nothing covers the section heading').toBe(true)

    // Opened again, its close link closes it where the visitor is.
    await menuToggle(page).tap()
    expect(await visibleMenuEntries(page)).toBe(SECTIONS.length)
    const scrolled = await scrollAtRest(page)
    await control(siteHeader(page), MENU_LABELS.close).tap()
    expect(await visibleMenuEntries(page), 'the close link closed it').toBe(0)
    expect(await page.evaluate(() => window.scrollY), 'closing does not move the page').toBe(
      scrolled,
    )

    // With a keyboard: Enter opens it, Tab goes to its first entry, Enter picks it.
    await menuToggle(page).focus()
    await page.keyboard.press('Enter')
    expect(await visibleMenuEntries(page)).toBe(SECTIONS.length)
    await page.keyboard.press('Tab')
    const focusedEntry = await page.evaluate(() => document.activeElement?.textContent ?? '')
    expect(focusedEntry, 'Tab moves into the menu').toBe(SECTIONS[0].navLabel)
    await page.keyboard.press('Enter')
    expect(await visibleMenuEntries(page)).toBe(0)
  })
})

/** The scroll position once it has not changed for a few polls (a smooth scroll has ended). */
async function scrollAtRest(page: Page): Promise<number> {
  const seen: number[] = []
  await waitFor(
    'the page to stop scrolling',
    async () => {
      seen.push(await page.evaluate(() => window.scrollY))
      return seen.slice(-3)
    },
    (last) => last.length === 3 && last.every((y) => y === last[0]),
  )
  return seen[seen.length - 1] ?? 0
}

/** Whether the element is what a tap at its centre would reach: nothing is drawn over it. */
function isTopmostAtCentre(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    const box = el.getBoundingClientRect()
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return hit !== null && el.contains(hit)
  })
}
