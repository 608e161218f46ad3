import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { contactForm } from '../support/browser/contact-form.ts'
import { DESKTOP, PHONE } from '../support/browser/devices.ts'
import {
  isIslandHydrated,
  scriptsInHtml,
  useE2eSession,
  waitForIsland,
} from '../support/browser/session.ts'
import { waitFor } from '../support/wait.ts'

const session = useE2eSession()

/** Scrolls to the bottom the way each visitor does, with the pointer or finger over the form. */
async function readToTheEnd(page: Page, touch: boolean): Promise<void> {
  const box = await page.locator('#contact form').boundingBox()
  if (!box) throw new Error('The form is not on the page')
  const x = box.x + box.width / 2
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), box.y - 100)
  if (touch) {
    // A finger that lands on the form and swipes: pointerdown, then a scroll.
    const cdp = await page.context().newCDPSession(page)
    for (let i = 0; i < 4; i += 1) {
      await cdp.send('Input.synthesizeScrollGesture', {
        x,
        y: 300,
        yDistance: -250,
        gestureSourceType: 'touch',
        speed: 1200,
      })
    }
    await cdp.detach()
  } else {
    // A mouse resting on the form while the wheel scrolls the page under it.
    await page.mouse.move(x, 300)
    for (let i = 0; i < 6; i += 1) await page.mouse.wheel(0, 300)
  }
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
  )
}

describe('A normal visit', () => {
  for (const [device, options] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`on a ${device} leaves no error and no request to another origin, and loads React only once the form is used`, async () => {
      const { page, problems } = await session.open(options)
      // Proves the reading below really passed over the form (a pointer or a finger on it).
      await page.addInitScript(() => {
        const seen: string[] = []
        Object.assign(window, { pointerOverForm: seen })
        document.addEventListener('pointerover', (e) => {
          if (e.target instanceof Element && e.target.closest('#contact form'))
            seen.push(e.pointerType)
        })
        document.addEventListener('pointerdown', (e) => {
          if (e.target instanceof Element && e.target.closest('#contact form'))
            seen.push(e.pointerType)
        })
      })
      const scripts: string[] = []
      const requested: string[] = []
      page.on('request', (request) => {
        requested.push(new URL(request.url()).pathname)
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
      })
      await page.goto('/')
      const initial = await scriptsInHtml(page)

      await readToTheEnd(page, options.hasTouch === true)
      await page.waitForLoadState('networkidle')
      const passes = await page.evaluate(
        () => (window as unknown as { pointerOverForm: string[] }).pointerOverForm,
      )
      expect(passes.length, 'the pointer or finger went over the form').toBeGreaterThan(0)
      expect(scripts.sort(), 'only the scripts the HTML names').toEqual([...initial].sort())
      // Every icon is drawn; from the symbols the page carries when it has room for them, with
      // no request for the icons' file (decision 100).
      const icons = await page
        .locator('svg use')
        .evaluateAll((uses) => uses.map((use) => use.getBoundingClientRect().width))
      expect(icons.length).toBeGreaterThan(0)
      expect(icons.filter((width) => width === 0)).toEqual([])
      if ((await page.locator('symbol').count()) > 0)
        expect(requested.filter((path) => path.startsWith('/assets/icons-'))).toEqual([])
      expect(await isIslandHydrated(page, 'contact-form'), 'React has not run').toBe(false)

      const form = contactForm(page)
      await form.name.click()
      await form.name.pressSequentially('Ana')
      await waitForIsland(page, 'contact-form')
      // Its runtime (toasts, backend clients) follows once the browser is idle.
      const loadedOnUse = await waitFor(
        'the form to load its runtime',
        () => scripts.filter((path) => !initial.includes(path)),
        (loaded) => loaded.some((path) => path.includes('contact-runtime')),
      )
      await page.waitForLoadState('networkidle')
      expect(loadedOnUse.filter((path) => path.includes('contact-runtime'))).toHaveLength(1)
      expect(await form.name.inputValue()).toBe('Ana')

      expect(problems).toEqual({
        consoleErrors: [],
        pageErrors: [],
        failedRequests: [],
        errorResponses: [],
        foreignRequests: [],
      })
    })
  }
})
