import { describe, expect, it } from 'vitest'
import { isExpandedForScreenReaders } from '../support/browser/accessibility-tree.ts'
import { TOAST, contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
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

/** A visitor's message, with an address no other test uses. */
const lead = (tag: string) => ({
  name: 'Ana Souza',
  email: uniqueEmail(tag),
  company: 'Padaria Pão & Cia',
  message: 'Olá! Quero um orçamento para um site "novo" <já>.\nSegunda linha 😀',
})

const THANK_YOU = /\/contato\/enviada\/$/

describe('The contact form without JavaScript', () => {
  it('sends: the thank-you page, the lead stored as typed and mailed once', async () => {
    const { page } = await session.open(DESKTOP, { javaScriptEnabled: false })
    await page.goto('/')
    const form = contactForm(page)
    const visitor = lead('nojs')
    await form.fill(visitor)
    const posted = page.waitForResponse((r) => r.request().method() === 'POST')
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
    const posted = page.waitForResponse((r) => r.request().method() === 'POST')
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

    const request = page.waitForRequest((r) => r.method() === 'POST')
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
