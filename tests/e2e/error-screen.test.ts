import { describe, expect, it } from 'vitest'
import { TOAST, contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
import { PHONE } from '../support/browser/devices.ts'
import { useE2eSession } from '../support/browser/session.ts'

const session = useE2eSession()

const TITLE = 'Unexpected Application Error!'
const RETRY = 'Tentar novamente'
const SEND_ANYWAY = 'Enviar assim mesmo'

describe('The error screen', () => {
  it('keeps what the visitor typed when the form fails, and a retry brings the form back to send it', async () => {
    const { page } = await session.open(PHONE)
    // A browser whose form checks fail once: the form throws as it takes over the page.
    await page.addInitScript(() => {
      const check = HTMLInputElement.prototype.setCustomValidity
      let failures = 1
      HTMLInputElement.prototype.setCustomValidity = function (message: string) {
        if (failures-- > 0) throw new Error('setCustomValidity failed')
        check.call(this, message)
      }
    })
    // The form's code arrives once the visitor has typed it all, as on a slow phone: the
    // first field's focus asks for it, and it fails as it takes over. (Arriving sooner, it
    // would replace the field Playwright is filling, a race no person runs: their next key
    // goes to the same field in the error screen, the unit tests' case.)
    let codeMayArrive = () => {}
    const typed = new Promise<void>((resolve) => (codeMayArrive = resolve))
    await page.route('**/assets/hydrate-contact-form-*.js', async (route) => {
      await typed
      await route.continue()
    })
    await page.goto('/')
    const form = contactForm(page)
    const action = await form.form.getAttribute('action')
    const lead = {
      name: 'Bruno Reis',
      email: uniqueEmail('error-screen'),
      message: 'Um sistema de estoque para três lojas.',
    }
    await form.fill(lead)
    codeMayArrive()

    const alert = page.getByRole('alert').filter({ hasText: TITLE })
    await alert.waitFor()
    expect(await alert.textContent()).toContain('setCustomValidity failed')
    expect(await form.values()).toEqual({ ...lead, company: '' })
    // Still in the field they were typing in.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('message')
    // It posts where the form does without script; a send button only where there is one.
    expect(await form.form.getAttribute('action')).toBe(action)
    const sendAnyway = page.getByRole('button', { name: SEND_ANYWAY })
    expect(await sendAnyway.count()).toBe(action === null ? 0 : 1)

    await page.getByRole('button', { name: RETRY }).tap()
    await form.submit.getByText('Enviar Mensagem').waitFor()
    expect(await alert.count()).toBe(0)
    expect(await form.values()).toEqual({ ...lead, company: '' })
    await form.send(undefined, 'tap')
    expect(await page.getByText(TOAST.successTitle, { exact: true }).isVisible()).toBe(true)
    expect(await session.site().submissionsFrom(lead.email)).toEqual([{ ...lead, company: null }])
  })
})
