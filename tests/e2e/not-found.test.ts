import { describe, expect, it } from 'vitest'
import { DESKTOP } from '../support/browser/devices.ts'
import { useE2eSession } from '../support/browser/session.ts'
import { waitFor } from '../support/wait.ts'

const session = useE2eSession()

describe('Unknown paths', () => {
  it('answer 404 with the not-found page, log the path, and lead back home', async () => {
    const { page, problems } = await session.open(DESKTOP)
    const response = await page.goto('/qualquer-coisa')
    expect(response?.status()).toBe(404)
    await page.getByText('404', { exact: true }).first().waitFor()
    await page.getByText('Oops! Page not found', { exact: true }).waitFor()

    await waitFor(
      'a console error naming the missing path',
      () => problems.consoleErrors,
      (errors) =>
        errors.some(
          (text) => text.includes('/qualquer-coisa') && !text.startsWith('Failed to load'),
        ),
    )
    expect(problems.pageErrors, 'no hydration mismatch or crash').toEqual([])

    await page.getByRole('link', { name: 'Return to Home', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.locator('#home h1').waitFor()
    expect(await page.getByText('Oops! Page not found').count()).toBe(0)
  })
})
