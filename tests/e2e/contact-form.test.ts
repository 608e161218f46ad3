import type { Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  TOAST,
  contactForm,
  isContactInsert,
  uniqueEmail,
  type ContactMessage,
} from '../support/browser/contact-form.ts'
import { DESKTOP } from '../support/browser/devices.ts'
import { isIslandHydrated, useE2eSession, waitForIsland } from '../support/browser/session.ts'
import { waitFor } from '../support/wait.ts'

const session = useE2eSession()

function visitor(tag: string): ContactMessage {
  return {
    name: 'Ana Souza',
    email: uniqueEmail(tag),
    message: 'Gostaria de um orçamento para um aplicativo de agendamento.',
  }
}

/** Every request the page sends to the data API, so a test can prove none was sent. */
function recordDataRequests(page: Page): Request[] {
  const sent: Request[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    // The page view's beacon (decision 033) is counting, not the form's data.
    if (pathname.startsWith('/rest/v1') && !pathname.endsWith('/count_page_view')) {
      sent.push(request)
    }
  })
  return sent
}

describe('Contact form', () => {
  it('shows its button ready from the first paint, before any interaction loads its code', async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/')
    const form = contactForm(page)
    expect(await isIslandHydrated(page, 'contact-form')).toBe(false)
    expect(await form.submit.isEnabled()).toBe(true)
    const look = await form.submit.evaluate((button) => {
      const style = getComputedStyle(button)
      return { opacity: style.opacity, cursor: style.cursor }
    })
    expect(look.opacity).toBe('1')
    expect(look.cursor).not.toBe('not-allowed')
  })

  it('locks the form while sending, then thanks the visitor, stores the row and e-mails the company', async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/')
    const form = contactForm(page)
    const lead = visitor('success')
    await form.fill(lead)

    // Hold the insert in flight so the "sending" state can be observed, then let it through.
    let release: () => void = () => undefined
    let signalArrival: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const arrived = new Promise<void>((resolve) => (signalArrival = resolve))
    await page.route('**/rest/v1/contact_submissions', async (route) => {
      signalArrival()
      await held
      await route.continue()
    })
    await form.submit.click()
    await arrived
    for (const field of [form.name, form.email, form.company, form.message, form.submit]) {
      expect(await field.isDisabled(), 'every control is disabled while sending').toBe(true)
    }
    expect((await form.submit.innerText()).trim()).toBe('Enviando...')
    release()

    await page.getByText(TOAST.successTitle, { exact: true }).waitFor()
    await page.getByText(TOAST.successDescription, { exact: true }).waitFor()
    expect(await form.values()).toEqual({ name: '', email: '', company: '', message: '' })
    expect((await form.submit.innerText()).trim()).toBe('Enviar Mensagem')
    expect(await form.submit.isEnabled()).toBe(true)

    const site = session.site()
    expect(await site.submissionsFrom(lead.email)).toEqual([
      { name: lead.name, email: lead.email, company: null, message: lead.message },
    ])
    const mail = await waitFor(
      'the company to receive the lead by e-mail',
      () => site.mail().filter((m) => m.replyTo.includes(lead.email)),
      (found) => found.length > 0,
      { timeoutMs: 10_000 },
    )
    expect(mail).toHaveLength(1)
    expect(mail[0]?.to).toEqual([site.recipient])
  })

  it('tells the visitor when the backend cannot be reached and keeps what they typed', async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/')
    await page.route('**/rest/v1/contact_submissions', (route) => route.abort())
    const form = contactForm(page)
    const typed = { ...visitor('offline'), company: '' }
    await form.fill(typed)
    await form.submit.click()

    await page.getByText(TOAST.errorTitle, { exact: true }).waitFor()
    const description = page
      .getByText(TOAST.unexpectedError)
      .or(page.getByText(/Failed to fetch/))
      .first()
    await description.waitFor()
    expect(await form.values()).toEqual(typed)
    expect(await form.submit.isEnabled()).toBe(true)
    expect(await session.site().submissionsFrom(typed.email)).toEqual([])
  })

  it('keeps what a visitor on a slow connection typed while the form was still loading', async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/')
    // From here on, every script the page asks for is the form's code (it loads on first use):
    // hold it, as a slow mobile connection would, while the visitor types.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const heldScripts: string[] = []
    await page.route('**/*.js', async (route) => {
      heldScripts.push(new URL(route.request().url()).pathname)
      await held
      await route.continue()
    })
    const form = contactForm(page)
    const lead = visitor('early')
    await form.fill(lead)
    expect(heldScripts.length, 'typing asked for the form code').toBeGreaterThan(0)
    // Still ready: a click now would be the browser's own post (without-javascript.test.ts).
    expect(await form.submit.isEnabled()).toBe(true)

    release()
    await waitForIsland(page, 'contact-form')
    await waitFor('the form to become usable', () => form.submit.isEnabled(), Boolean)
    expect(await form.values()).toEqual({ ...lead, company: '' })
    await form.send()
    expect(await session.site().submissionsFrom(lead.email)).toEqual([
      { name: lead.name, email: lead.email, company: null, message: lead.message },
    ])
  })

  it('sends nothing while a required field is empty or the e-mail is invalid', async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/')
    const sent = recordDataRequests(page)
    const form = contactForm(page)
    const lead = visitor('validation')

    const incomplete: ContactMessage[] = [
      { ...lead, name: '' },
      { ...lead, email: '' },
      { ...lead, message: '' },
      { ...lead, email: 'ana-sem-arroba.example.com' },
      // What the browser's own checks let through and the database would refuse.
      { ...lead, name: '   ' },
      { ...lead, email: 'a;b<c>@example.com' },
    ]
    for (const values of incomplete) {
      await form.fill(values)
      await form.submit.click()
      expect(
        await form.form.evaluate((el) => (el as HTMLFormElement).checkValidity()),
        `the browser blocks ${JSON.stringify(values)}`,
      ).toBe(false)
    }
    // In the database's own words, not the browser's.
    await form.fill({ ...lead, name: '   ' })
    expect(await form.name.evaluate((el) => (el as HTMLInputElement).validationMessage)).toBe(
      'Informe o seu nome.',
    )

    // A valid submission afterwards proves the counter would have seen the blocked ones.
    await form.send(lead)
    expect(sent.map((request) => request.method())).toEqual(['POST'])
    expect(await session.site().submissionsFrom(lead.email)).toHaveLength(1)
  })
})

describe('Contact form, when the database refuses', () => {
  // One submission per window for callers whose address is unknown (as here, on loopback).
  const limited = useE2eSession({ settings: { RATE_LIMIT_UNKNOWN_ADDRESSES: '1' } })

  it('shows the refusal in the error toast, keeps what the visitor typed and stores nothing', async () => {
    const { page } = await limited.open(DESKTOP)
    await page.goto('/')
    const form = contactForm(page)
    await form.send(visitor('first'))

    const typed = { ...visitor('refused'), company: 'Loja da Ana' }
    await form.fill(typed)
    const response = page.waitForResponse((r) => isContactInsert(r.url(), r.request().method()))
    await form.submit.click()
    const refusal = await response
    const { code, message } = (await refusal.json()) as { code: string; message: string }
    expect({ status: refusal.status(), code }).toEqual({ status: 429, code: 'PT429' })

    await page.getByText(TOAST.errorTitle, { exact: true }).waitFor()
    await page.getByText(TOAST.dbErrorPrefix + message, { exact: true }).waitFor()
    expect(message).toMatch(/Tente novamente em alguns minutos/)
    expect(await form.values()).toEqual(typed)
    expect(await limited.site().submissionsFrom(typed.email)).toEqual([])
  })
})
