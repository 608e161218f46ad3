import { describe, it } from 'vitest'
import { expectNoAxeViolations, waitForAnimations } from '../support/browser/axe.ts'
import { contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
import { DESKTOP, PHONE } from '../support/browser/devices.ts'
import { menuToggle } from '../support/browser/landing-page.ts'
import { useE2eSession } from '../support/browser/session.ts'

// Every page on a phone and a wide desktop, in both themes and with axe's best practices, is
// walked by themes.test.ts; this file looks at the states a walk does not reach.

const session = useE2eSession()

describe('Accessibility (WCAG 2.2 AA, axe)', () => {
  // With the menu closed, each page is checked in themes.test.ts, on a phone and at 1440 px,
  // which the same rules lay out as 1280 px (no stylesheet rule tells them apart).
  it.each(['/', '/privacidade'])('%s on a phone has none with the menu open', async (path) => {
    const { page } = await session.open(PHONE)
    await page.goto(path)
    await menuToggle(page).tap()
    await waitForAnimations(page)
    await expectNoAxeViolations(page, `${path} (phone, menu open)`)
  })

  it('the landing page has none while a toast is showing', async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/')
    const form = contactForm(page)
    await form.send({
      name: 'Carla Dias',
      email: uniqueEmail('axe'),
      message: 'Quero modernizar o site da minha empresa.',
    })
    await waitForAnimations(page)
    await expectNoAxeViolations(page, '/ (success toast showing)')
  })

  it('a form sent without script and shown again with its refusal has none', async () => {
    const { page } = await session.open(DESKTOP)
    // The form's code blocked, so the browser posts it, and the server shows it again.
    await page.route('**/assets/hydrate-contact-form-*.js', (route) => route.abort())
    await page.goto('/contato')
    await contactForm(page).fill({ name: ' ', email: uniqueEmail('axe-refused'), message: 'Oi' })
    await contactForm(page).submit.click()
    await page.getByRole('alert').filter({ hasText: 'Informe o seu nome.' }).waitFor()
    await waitForAnimations(page)
    await expectNoAxeViolations(page, '/contato (refused, shown again)')
  })
})
