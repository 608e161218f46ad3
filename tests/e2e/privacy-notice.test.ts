import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { company } from '#shared/company/company.ts'
import { nameForScreenReaders } from '../support/browser/accessibility-tree.ts'
import { contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
import { DESKTOP, PHONE } from '../support/browser/devices.ts'
import {
  SECTIONS,
  control,
  menuToggle,
  sectionHeading,
  siteHeader,
  visibleMenuEntries,
} from '../support/browser/landing-page.ts'
import { expectHeadingBroughtIntoView } from '../support/browser/scroll.ts'
import { scriptsInHtml, useE2eSession } from '../support/browser/session.ts'
import { PRIVACY_NOTICE_SECTIONS, PRIVACY_NOTICE_TITLE } from '../support/privacy-notice-texts.ts'
import { waitFor } from '../support/wait.ts'

const session = useE2eSession()

const noticeHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: PRIVACY_NOTICE_TITLE, exact: true })

const footer = (page: Page) => page.getByRole('contentinfo')

/**
 * The words of an element that a visitor sees: its text, but for what sits in a visually
 * hidden part (a box 1 px wide, clipped away).
 */
const shownWords = (element: Locator) =>
  element.evaluate((el) => {
    const words: string[] = []
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange()
      range.selectNodeContents(node)
      const box = range.getBoundingClientRect()
      const parent = node.parentElement
      const hidden =
        parent !== null &&
        (getComputedStyle(parent).clipPath !== 'none' || parent.getBoundingClientRect().width < 2)
      if (box.width >= 2 && !hidden) words.push(node.textContent ?? '')
    }
    return words.join('').trim()
  })

describe('The privacy notice', () => {
  it('is linked from the contact form, next to its button, in another tab so nothing typed is lost', async () => {
    const { context, page, problems } = await session.open(DESKTOP)
    await page.goto('/')
    const form = contactForm(page)
    const typed = {
      name: 'Rita Souza',
      email: 'rita@example.com',
      company: '',
      message: 'Antes de enviar, quero saber o que vocês guardam.',
    }
    await form.fill(typed)
    const link = form.form.getByRole('link', {
      name: `${PRIVACY_NOTICE_TITLE} (abre em outra aba)`,
    })
    // Said to screen readers, as the link's name, but not written out on the page: the eye
    // gets the new-tab sign after the words instead.
    expect(await nameForScreenReaders(page, link)).toBe(
      `${PRIVACY_NOTICE_TITLE} (abre em outra aba)`,
    )
    expect(await shownWords(link)).toBe(PRIVACY_NOTICE_TITLE)
    const sign = await link.evaluate((el) => {
      const after = getComputedStyle(el, '::after')
      return { mask: after.maskImage, width: parseFloat(after.width) }
    })
    expect(sign.mask, 'the new-tab sign').toMatch(/^url\("data:image\/svg\+xml/)
    expect(sign.width).toBeGreaterThanOrEqual(10)
    const [button, notice] = await Promise.all([form.submit.boundingBox(), link.boundingBox()])
    expect(
      notice && button && notice.y - (button.y + button.height),
      'right below the button',
    ).toBeLessThan(40)

    const [noticePage] = await Promise.all([context.waitForEvent('page'), link.click()])
    await noticePage.waitForURL((url) => url.pathname === '/privacidade')
    await noticeHeading(noticePage).waitFor()
    await noticePage.close()

    expect(new URL(page.url()).pathname).toBe('/')
    expect(await form.values(), 'the message is where the visitor left it').toEqual(typed)
    expect(problems.pageErrors).toEqual([])
  })

  it('is linked from the footer of the landing page, and of its own page as the current one', async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/')
    await footer(page).getByRole('link', { name: PRIVACY_NOTICE_TITLE, exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/privacidade')
    await noticeHeading(page).waitFor()
    const own = footer(page).getByRole('link', { name: PRIVACY_NOTICE_TITLE, exact: true })
    expect(await own.getAttribute('aria-current')).toBe('page')
  })

  it('is answered 200 by the Node server, with and without the trailing slash, under its own policy', async () => {
    const { page } = await session.open(DESKTOP)
    for (const path of ['/privacidade', '/privacidade/']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      expect(response?.headers()['content-security-policy'], path).toMatch(
        /^default-src 'self'; script-src 'self' 'sha256-.+frame-ancestors 'none'$/,
      )
      await noticeHeading(page).waitFor()
      expect(await page.title()).toBe(`${PRIVACY_NOTICE_TITLE} | ${company.name}`)
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
      expect(canonical, 'one address for search engines').toMatch(/^https:\/\/[^/]+\/privacidade$/)
    }
  })

  it("says what it must, and takes data requests at the encarregado's e-mail, a link", async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/privacidade')
    for (const title of PRIVACY_NOTICE_SECTIONS) {
      expect(await page.getByRole('heading', { level: 2, name: title }).isVisible(), title).toBe(
        true,
      )
    }
    // Named in the controller's section, and where the rights section sends every request.
    const officer = company.dataProtectionOfficer.email
    const links = await page
      .getByRole('main')
      .getByRole('link', { name: officer, exact: true })
      .all()
    expect(links).toHaveLength(2)
    for (const link of links) {
      expect(await link.getAttribute('href')).toMatch(
        new RegExp(`^mailto:${officer.replace(/\./g, '\\.')}(\\?|$)`),
      )
    }
    const rights = page.getByRole('region', { name: 'Os seus direitos' })
    expect(await rights.getByRole('link', { name: officer, exact: true }).count()).toBe(1)
  })

  // Its accessibility is checked by themes.test.ts (menu closed, both themes, a phone and a
  // desktop) and accessibility.test.ts (menu open).

  it('is whole without JavaScript, and its links still lead home', async () => {
    const { page } = await session.open(DESKTOP, { javaScriptEnabled: false })
    const response = await page.goto('/privacidade')
    expect(response?.status()).toBe(200)
    expect(await noticeHeading(page).isVisible()).toBe(true)
    for (const title of PRIVACY_NOTICE_SECTIONS) {
      expect(await page.getByRole('heading', { level: 2, name: title }).isVisible(), title).toBe(
        true,
      )
    }
    const requests = page
      .getByRole('region', { name: 'Os seus direitos' })
      .getByRole('link', { name: company.dataProtectionOfficer.email, exact: true })
    expect(await requests.isVisible()).toBe(true)

    await control(siteHeader(page), 'Contato').click()
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#contact')
    expect(await sectionHeading(page, 'contact').isVisible()).toBe(true)
    await footer(page).getByRole('link', { name: PRIVACY_NOTICE_TITLE, exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/privacidade')
    expect(await noticeHeading(page).isVisible()).toBe(true)
  })

  it('on a desktop, each header entry and the logo go back to the landing page at their section', async () => {
    const { page } = await session.open(DESKTOP)
    for (const { id, navLabel } of SECTIONS) {
      await page.goto('/privacidade')
      await control(siteHeader(page), navLabel).click()
      await page.waitForURL((url) => url.pathname === '/' && url.hash === `#${id}`)
      await expectHeadingBroughtIntoView(page, sectionHeading(page, id))
    }
    await page.goto('/privacidade')
    // The logo, named by the words it shows (logoWords), which need not be the whole name.
    await siteHeader(page)
      .getByRole('link', { name: company.logoWords.join(' ') })
      .click()
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#home')
    await expectHeadingBroughtIntoView(page, sectionHeading(page, 'home'))
  })

  it('on a phone, the menu opens and its entries go back to the landing page sections', async () => {
    const { page } = await session.open(PHONE)
    for (const { id, navLabel } of SECTIONS) {
      await page.goto('/privacidade')
      await menuToggle(page).tap()
      expect(await visibleMenuEntries(page)).toBe(SECTIONS.length)
      await control(siteHeader(page), navLabel).tap()
      await page.waitForURL((url) => url.pathname === '/' && url.hash === `#${id}`)
      await expectHeadingBroughtIntoView(page, sectionHeading(page, id))
    }
  })

  it('loads only its small page script, never React, and nothing from elsewhere', async () => {
    const { page, problems } = await session.open(PHONE)
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto('/privacidade')
    const initial = await scriptsInHtml(page)
    expect(initial).toHaveLength(1)
    await waitFor(
      'the page script to load',
      () => [...scripts],
      (seen) => initial.every((file) => seen.includes(file)),
    )
    // Use the page: the menu, the skip link and a scroll to the end.
    await menuToggle(page).tap()
    await waitFor(
      'the menu to say it is open',
      () => menuToggle(page).getAttribute('aria-expanded'),
      (v) => v === 'true',
    )
    await page.keyboard.press('Escape')
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    )
    await page.waitForLoadState('networkidle')

    expect(scripts.sort(), 'only the scripts the HTML names').toEqual([...initial].sort())
    expect(scripts.some((path) => /hydrate-contact-form|contact-runtime/.test(path))).toBe(false)
    expect(await page.locator('[data-island]').count()).toBe(0)
    expect(problems).toEqual({
      consoleErrors: [],
      pageErrors: [],
      failedRequests: [],
      errorResponses: [],
      foreignRequests: [],
    })
  })

  it('tells the truth about cookies: none are set or stored, not even by sending a message', async () => {
    const { context, page } = await session.open(DESKTOP)
    await page.goto('/privacidade')
    await page.goto('/')
    const form = contactForm(page)
    await form.send({
      name: 'Caio Lima',
      email: uniqueEmail('privacy'),
      message: 'Gostaria de um orçamento para um aplicativo.',
    })
    await page.waitForLoadState('networkidle')

    expect(await context.cookies()).toEqual([])
    expect(
      await page.evaluate(() => [localStorage.length, sessionStorage.length]),
      'nothing kept in web storage either',
    ).toEqual([0, 0])
  })
})
