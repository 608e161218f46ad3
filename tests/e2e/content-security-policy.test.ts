import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { TOAST, contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
import { PHONE } from '../support/browser/devices.ts'
import { control, menuToggle, siteHeader } from '../support/browser/landing-page.ts'
import { appConsoleErrors } from '../support/browser/page-watch.ts'
import { useE2eSession } from '../support/browser/session.ts'

const session = useE2eSession()

/**
 * The policy the site is to be served with: scripts only from its own files (no inline
 * script, no eval), inline styles allowed (the toasts set some), and nothing from elsewhere.
 */
const STRICT_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ')

/** Serves every page of the site with the strict policy in its response header. */
async function serveWithStrictPolicy(context: BrowserContext): Promise<void> {
  await context.route('**/*', async (route) => {
    if (!route.request().isNavigationRequest()) return route.continue()
    const response = await route.fetch()
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'content-security-policy': STRICT_POLICY },
    })
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
    const { context, page, problems } = await session.open(PHONE)
    await serveWithStrictPolicy(context)
    const violations = await recordViolations(page)

    const response = await page.goto('/')
    expect(response?.headers()['content-security-policy']).toBe(STRICT_POLICY)
    await menuToggle(page).tap()
    await control(siteHeader(page), 'Contato').tap()
    const form = contactForm(page)
    await form.fill({
      name: 'Elisa Prado',
      email: uniqueEmail('csp'),
      message: 'Gostaria de conversar sobre um portal de clientes.',
    })
    await form.submit.tap()
    await page.getByText(TOAST.successTitle, { exact: true }).waitFor()
    expect(await violations(), 'violations on the landing page').toEqual([])

    await page.goto('/qualquer-coisa')
    await page.getByText('Oops! Page not found', { exact: true }).waitFor()
    expect(await violations(), 'violations on the 404 page').toEqual([])
    // The 404 page logs the path on purpose; anything else (e.g. "Refused to …") is a failure.
    const unexpected = appConsoleErrors(problems).filter((text) => !text.startsWith('404 Error:'))
    expect(unexpected).toEqual([])
    expect(problems.pageErrors).toEqual([])
  })

  it('an inline script is refused and reported, so the check above can see one', async () => {
    const { context, page, problems } = await session.open(PHONE)
    await serveWithStrictPolicy(context)
    await page.route('**/csp-probe', (route) =>
      route.fulfill({
        contentType: 'text/html',
        headers: { 'content-security-policy': STRICT_POLICY },
        body: '<!doctype html><title>probe</title><script>document.title = "ran"</script>',
      }),
    )
    const violations = await recordViolations(page)
    await page.goto('/csp-probe')
    expect(await page.title()).toBe('probe')
    expect(await violations()).toEqual(['script-src-elem blocked inline'])
    expect(problems.consoleErrors.some((text) => text.includes('Content Security Policy'))).toBe(
      true,
    )
  })
})
