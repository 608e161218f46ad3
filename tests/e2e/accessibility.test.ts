import { describe, it } from 'vitest'
import { expectNoAxeViolations, waitForAnimations } from '../support/browser/axe.ts'
import { contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
import { DESKTOP, PHONE, WIDE_DESKTOP } from '../support/browser/devices.ts'
import { menuToggle } from '../support/browser/landing-page.ts'
import { useE2eSession } from '../support/browser/session.ts'

const session = useE2eSession()

describe('Accessibility (WCAG 2.2 AA, axe)', () => {
  it('the landing page on a desktop has no violations', async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/')
    await waitForAnimations(page)
    await expectNoAxeViolations(page, '/ (desktop)')
  })

  it('the landing page on a phone has none with the menu closed or open', async () => {
    const { page } = await session.open(PHONE)
    await page.goto('/')
    await waitForAnimations(page)
    await expectNoAxeViolations(page, '/ (phone, menu closed)')
    await menuToggle(page).tap()
    await waitForAnimations(page)
    await expectNoAxeViolations(page, '/ (phone, menu open)')
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

  it('the pages of a form sent without script have none, the form shown again included', async () => {
    const { page } = await session.open(DESKTOP)
    for (const path of ['/contato', '/contato/enviada/', '/contato/erro/#informe-o-seu-nome']) {
      await page.goto(path)
      await waitForAnimations(page)
      await expectNoAxeViolations(page, path)
    }
    // The form's code blocked, so the browser posts it, and the server shows it again.
    await page.route('**/assets/hydrate-contact-form-*.js', (route) => route.abort())
    await page.goto('/contato')
    await contactForm(page).fill({ name: ' ', email: uniqueEmail('axe-refused'), message: 'Oi' })
    await contactForm(page).submit.click()
    await page.getByRole('alert').filter({ hasText: 'Informe o seu nome.' }).waitFor()
    await waitForAnimations(page)
    await expectNoAxeViolations(page, '/contato (refused, shown again)')
  })

  it.each([
    ['a phone', PHONE],
    ['a desktop', WIDE_DESKTOP],
  ])(
    "every page follows axe's best practices too on %s (heading order, landmarks)",
    async (_, device) => {
      const { page } = await session.open(device)
      for (const path of [
        '/',
        '/contato',
        '/contato/enviada/',
        '/contato/erro/#informe-o-seu-nome',
        '/privacidade',
        '/agendar',
        '/agendar/gerenciar',
        '/qualquer-coisa',
      ]) {
        await page.goto(path)
        // Once its script has filled it in: the free times, or the link's refusal.
        if (path === '/agendar') await page.getByRole('radio').first().waitFor()
        if (path === '/agendar/gerenciar') await page.getByRole('alert').first().waitFor()
        await waitForAnimations(page)
        await expectNoAxeViolations(page, path, { bestPractice: true })
      }
    },
  )

  it('the 404 page has no violations', async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/qualquer-coisa')
    await waitForAnimations(page)
    await expectNoAxeViolations(page, '/qualquer-coisa (404)')
  })
})
