import type { Locator, Page } from 'playwright-core'
import { company } from '#shared/company/company.ts'
import { describeHours } from '#shared/support/durations.ts'
import { waitForIsland } from './session.ts'

export interface ContactMessage {
  name: string
  email: string
  company?: string
  message: string
}

export interface ContactForm {
  form: Locator
  name: Locator
  email: Locator
  company: Locator
  message: Locator
  submit: Locator
  fill(values: ContactMessage): Promise<void>
  /**
   * Fills in `values` when given, waits for the form's code, presses the send button and waits
   * for the thank-you toast. Filling starts the code; pressed before it ran, the browser posts
   * the form itself (the path without script, which its own tests take with `submit`), as a
   * busy machine showed twice.
   */
  send(values?: ContactMessage, press?: 'click' | 'tap'): Promise<void>
  values(): Promise<Required<ContactMessage>>
}

export const TOAST = {
  successTitle: 'Mensagem enviada com sucesso! Entraremos em contato em breve.',
  // The spec's sentence, with the company's own promise (replyPromiseHours).
  successDescription: `Nossa equipe responderá em até ${describeHours(company.replyPromiseHours)}.`,
  errorTitle: 'Erro ao enviar mensagem. Tente novamente.',
  dbErrorPrefix: 'Erro ao salvar no banco de dados: ',
  unexpectedError: 'Ocorreu um erro inesperado.',
} as const

/** The contact form, found the way a visitor finds it: by its labels. */
export function contactForm(page: Page): ContactForm {
  const form = page.locator('#contact form')
  const fields = {
    name: form.getByLabel(/^\s*nome/i),
    email: form.getByLabel(/^\s*e-?mail/i),
    company: form.getByLabel(/^\s*empresa/i),
    message: form.getByLabel(/^\s*mensagem/i),
  }
  // A button with no type (or type=submit) is the one that sends the form.
  const submit = form.locator('button:not([type="button"]):not([type="reset"])')
  const fill = async (values: ContactMessage) => {
    await fields.name.fill(values.name)
    await fields.email.fill(values.email)
    await fields.company.fill(values.company ?? '')
    await fields.message.fill(values.message)
  }
  return {
    form,
    ...fields,
    submit,
    fill,
    async send(values, press = 'click') {
      if (values) await fill(values)
      await waitForIsland(page, 'contact-form')
      await (press === 'tap' ? submit.tap() : submit.click())
      await page.getByText(TOAST.successTitle, { exact: true }).waitFor()
    },
    async values() {
      return {
        name: await fields.name.inputValue(),
        email: await fields.email.inputValue(),
        company: await fields.company.inputValue(),
        message: await fields.message.inputValue(),
      }
    },
  }
}

/** An address no other test uses, so rows can be counted per test without truncating. */
export function uniqueEmail(tag: string): string {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`
  return `${tag}.${stamp}@example.com`
}

export function isContactInsert(url: string, method: string): boolean {
  return method === 'POST' && new URL(url).pathname === '/rest/v1/contact_submissions'
}
