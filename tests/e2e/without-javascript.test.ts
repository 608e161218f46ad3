import type { Locator, Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { TOAST, contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
import { DESKTOP, PHONE } from '../support/browser/devices.ts'
import {
  HEADER_CTA,
  MENU_LABELS,
  SECTIONS,
  control,
  menuToggle,
  sectionHeading,
  siteHeader,
  visibleMenuEntries,
} from '../support/browser/landing-page.ts'
import { headingPlacement, isBelowHeaderAndInView } from '../support/browser/scroll.ts'
import { LANDING_TEXTS } from '../support/landing-texts.ts'
import { isIslandHydrated, useE2eSession, waitForIsland } from '../support/browser/session.ts'
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
    for (const text of LANDING_TEXTS) {
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

describe("The header's call to action without JavaScript", () => {
  it('is a link to the form beside the nav on a desktop, and in the menu on a phone, which it closes', async () => {
    for (const options of [DESKTOP, PHONE]) {
      const { page } = await session.open(options, { javaScriptEnabled: false })
      await page.goto('/')
      const heading = sectionHeading(page, HEADER_CTA.target)
      if (options.hasTouch) {
        expect(await control(siteHeader(page), HEADER_CTA.label).count(), 'menu closed').toBe(0)
        await menuToggle(page).tap()
      }
      const cta = control(siteHeader(page), HEADER_CTA.label)
      expect(await cta.getAttribute('href')).toBe(`#${HEADER_CTA.target}`)
      if (options.hasTouch) await cta.tap()
      else await cta.click()
      // The scroll helpers wait on animation frames, which need the page's JavaScript.
      await waitFor(
        'the form section heading to rest below the fixed header',
        () => headingPlacement(page, heading),
        isBelowHeaderAndInView,
        { timeoutMs: 6_000 },
      )
      if (options.hasTouch)
        expect(await visibleMenuEntries(page), 'the pick closed the menu').toBe(0)
      expect(await isTopmostAtCentre(heading), 'nothing covers the section heading').toBe(true)
    }
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

/** A visitor's message, with an address no other test uses. */
const lead = (tag: string) => ({
  name: 'Ana Souza',
  email: uniqueEmail(tag),
  company: 'Padaria Pão & Cia',
  message: 'Olá! Quero um orçamento para um site "novo" <já>.\nSegunda linha 😀',
})

const THANK_YOU = /\/contato\/enviada\/$/
/**
 * The form's own POST to its action, not any POST: with scripting on, the page-view beacon is a
 * POST too, sent once the browser is idle or as the page is left, which on a busy machine can
 * fall between arming the wait and the click.
 */
const isFormPost = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/contato'

describe('The contact form without JavaScript', () => {
  it('sends: the thank-you page, the lead stored as typed and mailed once', async () => {
    const { page } = await session.open(DESKTOP, { javaScriptEnabled: false })
    await page.goto('/')
    const form = contactForm(page)
    const visitor = lead('nojs')
    await form.fill(visitor)
    const posted = page.waitForResponse((r) => isFormPost(r.request()))
    await form.submit.click()
    expect((await posted).status()).toBe(303)
    await page.waitForURL(THANK_YOU)

    await page.getByRole('heading', { level: 1, name: TOAST.successTitle }).waitFor()
    expect(await page.getByText(TOAST.successDescription, { exact: true }).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Voltar para o site' }).getAttribute('href')).toBe(
      '/',
    )
    const site = session.site()
    // The textarea sends its line break as CR LF, as every browser does.
    expect(await site.submissionsFrom(visitor.email)).toEqual([
      { ...visitor, message: visitor.message.replace('\n', '\r\n') },
    ])
    const mail = await waitFor(
      'the company to receive the lead by e-mail',
      () => site.mail().filter((m) => m.replyTo.includes(visitor.email)),
      (found) => found.length > 0,
      { timeoutMs: 10_000 },
    )
    expect(mail).toHaveLength(1)
    // Reloading the thank-you page sends nothing again (303: the browser followed with a GET).
    await page.reload()
    expect(await site.submissionsFrom(visitor.email)).toHaveLength(1)
  })

  it("shows the form again with the spec's wording and what was typed when the database refuses it", async () => {
    const { page } = await session.open(DESKTOP, { javaScriptEnabled: false })
    await page.goto('/')
    const form = contactForm(page)
    // Spaces pass the browser's `required`; the database refuses a name with nothing to read.
    const visitor = { ...lead('nojs-refused'), name: '   ' }
    await form.fill(visitor)
    const posted = page.waitForResponse((r) => isFormPost(r.request()))
    await form.submit.click()
    expect((await posted).status()).toBe(400)

    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect((await alert.innerText()).split('\n').filter(Boolean)).toEqual([
      TOAST.errorTitle,
      `${TOAST.dbErrorPrefix}Informe o seu nome.`,
    ])
    expect(await alert.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await page.title()).toMatch(/^Erro ao enviar mensagem\. Tente novamente\./)
    expect(await form.values()).toEqual(visitor)
    expect(await session.site().submissionsFrom(visitor.email)).toEqual([])

    // Corrected and sent again from the same page.
    await form.name.fill('Ana Souza')
    await form.submit.click()
    await page.waitForURL(THANK_YOU)
    expect(await session.site().submissionsFrom(visitor.email)).toHaveLength(1)
  })

  it('thanks a bot that fills the hidden field, stores no lead, mails nothing and keeps it in quarantine', async () => {
    const { page } = await session.open(DESKTOP, { javaScriptEnabled: false })
    await page.goto('/')
    const site = session.site()
    const form = contactForm(page)
    const bot = lead('nojs-bot')
    await form.fill(bot)
    await form.form
      .locator('[name="website"]')
      .evaluate((field) => ((field as HTMLInputElement).value = 'https://spam.example'))
    await form.submit.click()
    await page.waitForURL(THANK_YOU)
    await page.getByRole('heading', { level: 1, name: TOAST.successTitle }).waitFor()
    expect(await site.submissionsFrom(bot.email)).toEqual([])
    expect(await site.quarantinedFrom(bot.email)).toEqual(['trap_filled'])
    expect(site.mail().filter((m) => m.replyTo.includes(bot.email))).toEqual([])
  })
})

describe('The contact form when its code cannot be downloaded (a blocker, a lost connection)', () => {
  it('says so in the form, and still sends with the time the page was open', async () => {
    const { page } = await session.open(DESKTOP)
    await page.route('**/assets/hydrate-contact-form-*.js', (route) => route.abort())
    await page.goto('/')
    const form = contactForm(page)
    const notice = page.getByText(/O formulário não carregou por completo/)
    expect(await notice.isVisible(), 'nothing to say before the visitor starts').toBe(false)

    const visitor = lead('blocked')
    await form.fill(visitor)
    await notice.waitFor()
    expect(await isIslandHydrated(page, 'contact-form')).toBe(false)

    const request = page.waitForRequest(isFormPost)
    await form.submit.click()
    await page.waitForURL(THANK_YOU)
    const sent = new URLSearchParams((await request).postData() ?? '')
    expect(Number(sent.get('elapsed_ms'))).toBeGreaterThan(0)
    expect(await session.site().submissionsFrom(visitor.email)).toEqual([
      { ...visitor, message: visitor.message.replace('\n', '\r\n') },
    ])
  })

  it('is never stuck: refused, then corrected once its code loads, it sends with the toasts', async () => {
    const { page } = await session.open(DESKTOP)
    const blocked = '**/assets/hydrate-contact-form-*.js'
    await page.route(blocked, (route) => route.abort())
    await page.goto('/')
    const form = contactForm(page)
    const visitor = { ...lead('blocked-refused'), name: '   ' }
    await form.fill(visitor)
    await form.submit.click()
    await page.getByRole('alert').filter({ hasText: 'Informe o seu nome.' }).waitFor()

    // The connection is back: the form shown again hydrates on use, keeping what was sent.
    await page.unroute(blocked)
    await form.name.fill('Ana Souza')
    await waitForIsland(page, 'contact-form')
    expect(await form.values()).toEqual({ ...visitor, name: 'Ana Souza' })
    await form.send()
    expect(page.url()).toMatch(/\/contato$/)
    expect(await session.site().submissionsFrom(visitor.email)).toHaveLength(1)
  })
})
