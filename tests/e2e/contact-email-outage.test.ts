import { describe, expect, it } from 'vitest'
import { TOAST, contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
import { DESKTOP } from '../support/browser/devices.ts'
import { appConsoleErrors } from '../support/browser/page-watch.ts'
import { useE2eSession } from '../support/browser/session.ts'
import { waitFor } from '../support/wait.ts'

// The mail server is down for this whole file: the server is pointed at a port nobody listens on.
const session = useE2eSession({ smtp: 'down' })

describe('Contact form while e-mail is down', () => {
  it('still thanks the visitor and stores the row, and logs the e-mail failure to the console', async () => {
    const { page, problems } = await session.open(DESKTOP)
    await page.goto('/')
    const form = contactForm(page)
    const lead = {
      name: 'Bruno Lima',
      email: uniqueEmail('smtp-down'),
      message: 'Preciso de uma API para integrar o meu ERP.',
    }
    await form.send(lead)
    await page.getByText(TOAST.successDescription, { exact: true }).waitFor()
    expect(await form.values()).toEqual({ name: '', email: '', company: '', message: '' })
    expect(await session.site().submissionsFrom(lead.email)).toEqual([
      { name: lead.name, email: lead.email, company: null, message: lead.message },
    ])
    // Chromium's own "Failed to load resource" line does not count: the page must log it.
    const logged = await waitFor(
      'the page to log the e-mail failure',
      () => appConsoleErrors(problems),
      (errors) => errors.length > 0,
      { timeoutMs: 15_000 },
    )
    expect(logged.length).toBeGreaterThan(0)
    expect(session.site().mail()).toEqual([])
  })
})
