import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { TOAST, contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
import { DESKTOP, PHONE } from '../support/browser/devices.ts'
import { useE2eSession } from '../support/browser/session.ts'
import type { TestSite } from '../support/browser/test-site.ts'

/** A person reads and types: one key every 70 ms is quick for a phone, slow for a script. */
const HUMAN_KEY_DELAY_MS = 70

const lead = (tag: string) => ({
  name: 'Ana Souza',
  email: uniqueEmail(tag),
  message: 'Quero um orçamento para um aplicativo.',
})

/** Sends the form and waits for what the visitor sees and for the e-mail request to finish. */
async function submitAndWaitForAnswer(page: Page): Promise<void> {
  const mailRequest = page.waitForResponse((response) =>
    response.url().includes('/functions/v1/send-contact-email'),
  )
  await contactForm(page).submit.click()
  await page.getByText(TOAST.successTitle, { exact: true }).waitFor()
  await mailRequest
}

async function expectStoredAndMailed(site: TestSite, email: string): Promise<void> {
  expect(await site.submissionsFrom(email)).toHaveLength(1)
  expect(site.mail().filter((mail) => mail.replyTo.includes(email))).toHaveLength(1)
}

/**
 * What a bot sees is the same thanks as anyone; what it leaves is one entry in quarantine, for
 * the company to review, and no lead and no e-mail on its behalf.
 */
async function expectQuarantined(site: TestSite, email: string, reason: string) {
  expect(await site.submissionsFrom(email)).toEqual([])
  expect(site.mail().filter((mail) => mail.replyTo.includes(email))).toEqual([])
  expect(await site.quarantinedFrom(email)).toEqual([reason])
}

describe('with the production minimum time between page load and submit', () => {
  const session = useE2eSession({ formMinFillMs: 'production default' })

  it('stores and mails a person who types at human speed on a phone', async () => {
    const { page } = await session.open(PHONE)
    await page.goto('/')
    const form = contactForm(page)
    const visitor = lead('human')
    await form.name.click()
    await page.keyboard.type(visitor.name, { delay: HUMAN_KEY_DELAY_MS })
    await form.email.click()
    await page.keyboard.type(visitor.email, { delay: HUMAN_KEY_DELAY_MS })
    await form.message.click()
    await page.keyboard.type(visitor.message, { delay: HUMAN_KEY_DELAY_MS })
    await submitAndWaitForAnswer(page)
    await expectStoredAndMailed(session.site(), visitor.email)
  })

  it("stores and mails a person who fills the form with Chromium's autofill", async () => {
    // Chromium's autofill is the full browser's, not the headless shell's.
    const { context, page } = await session.openIn({ fullBrowser: true }, DESKTOP)
    await page.goto('/')
    const form = contactForm(page)
    const visitor = lead('autofill')
    await form.name.click()
    const cdp = await context.newCDPSession(page)
    const { root } = await cdp.send('DOM.getDocument')
    const { nodeId } = await cdp.send('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: '#contact-name',
    })
    const { node } = await cdp.send('DOM.describeNode', { nodeId })
    await cdp.send('Autofill.trigger', {
      fieldId: node.backendNodeId,
      address: {
        fields: [
          { name: 'NAME_FULL', value: visitor.name },
          { name: 'EMAIL_ADDRESS', value: visitor.email },
          { name: 'COMPANY_NAME', value: 'Acme Ltda' },
          { name: 'ADDRESS_HOME_LINE1', value: 'Rua das Flores, 100' },
          { name: 'ADDRESS_HOME_CITY', value: 'Ribeirão Preto' },
        ],
      },
    })
    await expect.poll(() => form.email.inputValue()).toBe(visitor.email)
    expect(await form.name.inputValue()).toBe(visitor.name)
    // Autofill leaves the field people cannot see alone, whatever a profile holds.
    expect(await page.locator('#contact-trap').inputValue()).toBe('')

    await form.message.click()
    await page.keyboard.type(visitor.message, { delay: HUMAN_KEY_DELAY_MS })
    await submitAndWaitForAnswer(page)
    await expectStoredAndMailed(session.site(), visitor.email)
  })

  it('thanks a bot that fills the hidden field, quarantines it and mails nothing', async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/')
    const form = contactForm(page)
    const bot = lead('trap')
    await form.name.click()
    await page.keyboard.type(bot.name, { delay: HUMAN_KEY_DELAY_MS })
    await form.email.fill(bot.email)
    await form.message.fill(bot.message)
    // What a scripted browser does to every input it finds, visible or not.
    await page.locator('#contact-trap').evaluate((input: HTMLInputElement) => {
      input.value = 'https://promo.example'
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
    await page.waitForFunction(() => performance.now() > 3_500)
    await submitAndWaitForAnswer(page)
    await expectQuarantined(session.site(), bot.email, 'trap_filled')
  })
})

describe('with a minimum no script can wait out (FORM_MIN_FILL_MS=60000)', () => {
  const session = useE2eSession({ formMinFillMs: 60_000 })

  it('thanks a bot that submits sooner, quarantines it and mails nothing', async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/')
    const bot = lead('fast')
    await contactForm(page).fill(bot)
    await submitAndWaitForAnswer(page)
    await expectQuarantined(session.site(), bot.email, 'too_fast')
  })
})
