import { describe, expect, it } from 'vitest'
import { company } from '#shared/company/company.ts'
import { DESKTOP, PHONE } from '../support/browser/devices.ts'
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

  it("sits inside the site's header and footer, with every way on a visitor has on other pages", async () => {
    for (const device of [PHONE, DESKTOP]) {
      const { page } = await session.open(device)
      expect((await page.goto('/uma/pagina/que/nao/existe'))?.status()).toBe(404)
      const main = page.getByRole('main')
      await main.getByText('Oops! Page not found', { exact: true }).waitFor()
      expect(await main.getByRole('heading', { level: 1 }).innerText()).toBe('404')
      expect(await main.locator('[lang="en"]').count()).toBe(1)
      const banner = page.getByRole('banner')
      const logo = banner.getByRole('link', { name: company.logoWords[0] })
      expect(await logo.getAttribute('href')).toBe('/#home')
      const footer = page.getByRole('contentinfo')
      for (const [name, href] of [
        ['Início', '/#home'],
        ['Serviços', '/#services'],
        ['Sobre', '/#about'],
        ['Contato', '/#contact'],
      ]) {
        expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(
          href,
        )
      }
      expect(await footer.getByRole('link', { name: 'Política de Privacidade' }).count()).toBe(1)
      // On a phone the sections are in the menu, as on every other page.
      if (device === PHONE) {
        await page.getByRole('button', { name: 'Menu de navegação' }).click()
        await page.locator('#mobile-menu').getByRole('link', { name: 'Serviços' }).click()
        await page.waitForURL((url) => url.pathname === '/' && url.hash === '#services')
      }
    }
  })
})
