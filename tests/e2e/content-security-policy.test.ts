import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
import { PHONE } from '../support/browser/devices.ts'
import { control, menuToggle, siteHeader } from '../support/browser/landing-page.ts'
import { appConsoleErrors } from '../support/browser/page-watch.ts'
import { useE2eSession } from '../support/browser/session.ts'

const session = useE2eSession()

/** The policy the server sends with a page, as the browser received it. */
async function policyOf(page: Page, path: string): Promise<string> {
  const response = await page.goto(path)
  return response?.headers()['content-security-policy'] ?? ''
}

/** The page script ran: the phone menu's toggle says whether the menu is open. */
const waitForPageScript = (page: Page) =>
  page.locator('[popovertarget][aria-expanded]').first().waitFor({ state: 'attached' })

/** Serves `path` as the server does, headers included, with one inline script slipped in. */
async function injectInlineScript(context: BrowserContext, path: string): Promise<void> {
  await context.route(`**${path}`, async (route) => {
    const response = await route.fetch()
    const body = (await response.text()).replace(
      '</body>',
      '<script>document.title = "ran"</script></body>',
    )
    await route.fulfill({ response, body })
  })
}

/** Records what the browser refused, from inside the page (the init script is exempt). */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`),
    )
  })
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)
}

describe('Under a strict Content-Security-Policy', () => {
  it('a visit, the phone menu, a submission and the 404 page run without a single violation', async () => {
    const { page, problems } = await session.open(PHONE)
    const violations = await recordViolations(page)

    const policy = await policyOf(page, '/')
    for (const directive of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'"]) {
      expect(policy).toContain(directive)
    }
    const scripts = policy.split('; ').find((part) => part.startsWith('script-src')) ?? ''
    expect(scripts).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/=]+'$/)
    await menuToggle(page).tap()
    await control(siteHeader(page), 'Contato').tap()
    const form = contactForm(page)
    await form.send(
      {
        name: 'Elisa Prado',
        email: uniqueEmail('csp'),
        message: 'Gostaria de conversar sobre um portal de clientes.',
      },
      'tap',
    )
    expect(await violations(), 'violations on the landing page').toEqual([])

    await page.goto('/qualquer-coisa')
    await page.getByText('Oops! Page not found', { exact: true }).waitFor()
    expect(await violations(), 'violations on the 404 page').toEqual([])
    // The 404 page logs the path on purpose; anything else (e.g. "Refused to …") is a failure.
    const unexpected = appConsoleErrors(problems).filter((text) => !text.startsWith('404 Error:'))
    expect(unexpected).toEqual([])
    expect(problems.pageErrors).toEqual([])
  })

  it('refuses and reports an inline script the build did not write, while its own loader runs', async () => {
    const { context, page, problems } = await session.open(PHONE)
    await injectInlineScript(context, '/')
    const violations = await recordViolations(page)
    await page.goto('/')
    await waitForPageScript(page)
    expect(await page.title()).not.toBe('ran')
    // Reported once per policy: the header's and the page's own <meta> both refuse it.
    const seen = await violations()
    expect(seen.length).toBeGreaterThan(0)
    expect(new Set(seen)).toEqual(new Set(['script-src-elem blocked inline']))
    expect(problems.consoleErrors.some((text) => text.includes('Content Security Policy'))).toBe(
      true,
    )
  })
})
