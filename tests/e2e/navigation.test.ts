import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { isExpandedForScreenReaders } from '../support/browser/accessibility-tree.ts'
import { DESKTOP, PHONE } from '../support/browser/devices.ts'
import {
  HEADER_CTA,
  HERO_BUTTONS,
  SECTIONS,
  control,
  menuToggle,
  sectionHeading,
  siteHeader,
  visibleMenuEntries,
} from '../support/browser/landing-page.ts'
import {
  expectHeadingBroughtIntoView,
  headingPlacement,
  isBelowHeaderAndInView,
  scrollAwayFrom,
} from '../support/browser/scroll.ts'
import { scriptsInHtml, useE2eSession } from '../support/browser/session.ts'
import { waitFor } from '../support/wait.ts'

const session = useE2eSession()

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '')

/** What a screen reader hears and what a sighted visitor sees must agree. */
async function expectMenuState(page: Page, toggle: Locator, open: boolean): Promise<void> {
  expect(await isExpandedForScreenReaders(page, toggle), 'expanded, as announced').toBe(open)
  expect(await toggle.getAttribute('aria-expanded')).toBe(String(open))
  expect(await visibleMenuEntries(page), 'entries shown').toBe(open ? SECTIONS.length : 0)
}

describe('Section navigation', () => {
  it('on a desktop, each header entry brings its section heading into view below the header and moves focus there', async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/')
    expect(await menuToggle(page).count(), 'no hamburger on a desktop').toBe(0)
    for (const { id, navLabel } of SECTIONS) {
      const heading = sectionHeading(page, id)
      await scrollAwayFrom(page, heading)
      await control(siteHeader(page), navLabel).click()
      await expectHeadingBroughtIntoView(page, heading)
      expect(await focusedId(page), 'keyboard focus follows to the section').toBe(id)
    }
  })

  it('on a phone, the hamburger opens the menu and each pick scrolls to its section and closes it', async () => {
    const { page } = await session.open(PHONE)
    await page.goto('/')
    const toggle = menuToggle(page)
    await expectMenuState(page, toggle, false)
    for (const { id, navLabel } of SECTIONS) {
      const heading = sectionHeading(page, id)
      await scrollAwayFrom(page, heading)
      await toggle.tap()
      await expectMenuState(page, toggle, true)
      await control(siteHeader(page), navLabel).tap()
      await expectHeadingBroughtIntoView(page, heading)
      await expectMenuState(page, toggle, false)
      expect(await focusedId(page), 'keyboard focus follows to the section').toBe(id)
    }
  })

  it('on a phone, a pick closes the menu even when the page script fails to load', async () => {
    const { page } = await session.open(PHONE)
    const blocked: string[] = []
    page.on('requestfailed', (request) => blocked.push(new URL(request.url()).pathname))
    await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort('failed'))
    await page.goto('/')
    const [pageScript] = await scriptsInHtml(page)
    await waitFor(
      'the page script to fail',
      () => [...blocked],
      (seen) => seen.includes(pageScript ?? ''),
    )
    const toggle = menuToggle(page)
    expect(await toggle.getAttribute('aria-expanded'), 'the page script never ran').toBeNull()

    const heading = sectionHeading(page, 'about')
    await scrollAwayFrom(page, heading)
    await toggle.tap()
    expect(await visibleMenuEntries(page)).toBe(SECTIONS.length)
    expect(await isExpandedForScreenReaders(page, toggle)).toBe(true)
    await control(siteHeader(page), 'Sobre').tap()
    await expectHeadingBroughtIntoView(page, heading)
    expect(await visibleMenuEntries(page), 'the pick closed the menu').toBe(0)
    expect(await isExpandedForScreenReaders(page, toggle)).toBe(false)
  })

  it('on a phone, Escape closes the menu and gives focus back to the toggle', async () => {
    const { page } = await session.open(PHONE)
    await page.goto('/')
    const toggle = menuToggle(page)
    await toggle.tap()
    await control(siteHeader(page), SECTIONS[1].navLabel).focus()
    await page.keyboard.press('Escape')
    await waitFor(
      'the menu to close',
      () => visibleMenuEntries(page),
      (open) => open === 0,
    )
    await expectMenuState(page, toggle, false)
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true)
  })

  it('on a phone, a tap outside the open menu closes it', async () => {
    const { page } = await session.open(PHONE)
    await page.goto('/')
    const toggle = menuToggle(page)
    await toggle.tap()
    await expectMenuState(page, toggle, true)
    const viewport = page.viewportSize() ?? { width: 390, height: 844 }
    await page.touchscreen.tap(viewport.width / 2, viewport.height - 40)
    await expectMenuState(page, toggle, false)
  })

  it("on a desktop, the header's call to action is in view beside the nav and brings the form's section into view", async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/')
    const cta = control(siteHeader(page), HEADER_CTA.label)
    expect(await cta.getAttribute('href')).toBe(`#${HEADER_CTA.target}`)
    const [nav, button] = await Promise.all([
      siteHeader(page).getByRole('list').filter({ visible: true }).boundingBox(),
      cta.boundingBox(),
    ])
    expect(nav && button && button.x >= nav.x + nav.width, 'after the nav').toBe(true)
    expect(button && button.y >= 0 && button.y + button.height <= 64, 'inside the header').toBe(
      true,
    )
    const heading = sectionHeading(page, HEADER_CTA.target)
    await scrollAwayFrom(page, heading)
    await cta.click()
    await expectHeadingBroughtIntoView(page, heading)
    expect(await focusedId(page), 'keyboard focus follows to the section').toBe(HEADER_CTA.target)
  })

  it("on a phone, the header's call to action ends the menu, brings the form's section into view and closes the menu", async () => {
    const { page } = await session.open(PHONE)
    await page.goto('/')
    const toggle = menuToggle(page)
    const ctas = siteHeader(page).getByRole('link', { name: HEADER_CTA.label, exact: true })
    expect(await ctas.filter({ visible: true }).count(), 'not in the closed header').toBe(0)
    const heading = sectionHeading(page, HEADER_CTA.target)
    await scrollAwayFrom(page, heading)
    await toggle.tap()
    const cta = control(siteHeader(page), HEADER_CTA.label)
    const [last, button] = await Promise.all([
      control(siteHeader(page), SECTIONS[3].navLabel).boundingBox(),
      cta.boundingBox(),
    ])
    expect(last && button && button.y >= last.y + last.height, 'under the four entries').toBe(true)
    await cta.tap()
    await expectHeadingBroughtIntoView(page, heading)
    await expectMenuState(page, toggle, false)
  })

  it("from another page, the header's call to action opens the contact page, on a desktop and from the phone menu", async () => {
    for (const options of [DESKTOP, PHONE]) {
      const { page } = await session.open(options)
      await page.goto('/privacidade')
      if (options.hasTouch) await menuToggle(page).tap()
      const cta = control(siteHeader(page), HEADER_CTA.label)
      if (options.hasTouch) await cta.tap()
      else await cta.click()
      await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/contato')
      expect(await page.locator('#contact form').isVisible()).toBe(true)
    }
  })

  for (const [device, options] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`on a ${device}, both hero buttons bring their section heading into view`, async () => {
      const { page } = await session.open(options)
      await page.goto('/')
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

  it('scrolls smoothly, but jumps at once for a visitor who prefers reduced motion', async () => {
    const smooth = await session.open(DESKTOP, { reducedMotion: 'no-preference' })
    await smooth.page.goto('/')
    expect(
      await smooth.page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
    ).toBe('smooth')

    const { page } = await session.open(DESKTOP, { reducedMotion: 'reduce' })
    await page.goto('/')
    const heading = sectionHeading(page, 'services')
    await scrollAwayFrom(page, heading)
    await control(page.locator('#home'), 'Ver Serviços').click()
    // Two frames after the click, a smooth scroll would still be on its way.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    expect(isBelowHeaderAndInView(await headingPlacement(page, heading))).toBe(true)
  })
})
