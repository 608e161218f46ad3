import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { formatCnpj } from '#shared/company/cnpj.ts'
import { company } from '#shared/company/company.ts'
import { describeOfficeHours, schemaOpeningHours } from '../../src/content/office-hours.ts'
import { literally } from '../../src/lib/words-kept-whole.ts'
import {
  bookingRoute,
  contactRefusedRoute,
  manageBookingRoute,
  privacyRoute,
} from '../../src/routes.ts'
import { DESKTOP, PHONE, SMALL_PHONE, WIDE_DESKTOP } from '../support/browser/devices.ts'
import { useE2eSession } from '../support/browser/session.ts'
import { drawnLines } from '../support/browser/text-lines.ts'

const session = useE2eSession()
const SCREENSHOT_DIR = fileURLToPath(new URL('../../screenshots/', import.meta.url))
const chat = new RegExp(`^https://wa\\.me/${company.whatsapp}\\?text=.+`)

const footer = (page: Page) => page.getByRole('contentinfo')
/** The footer's line with the razão social, the CNPJ and the encarregado. */
const legalLine = (page: Page) =>
  footer(page)
    .locator('p')
    .filter({ hasText: `CNPJ ${formatCnpj(company.legal.cnpj)}` })

describe('Who the company is, and WhatsApp', () => {
  it('shows the razão social, the CNPJ and the encarregado in the footer, on a phone and a desktop, light and dark, with JavaScript off', async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true })
    for (const [name, device] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { page } = await session.open(device, { javaScriptEnabled: false })
      await page.goto('/')
      // The theme is the stylesheet's (prefers-color-scheme): the same page switches with the
      // system, as a visitor's does, without loading again.
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        const line = legalLine(page)
        expect(await line.isVisible(), `${name} ${colorScheme}`).toBe(true)
        expect(await line.textContent()).toContain(company.legal.name)
        const officer = footer(page).getByRole('link', {
          name: company.dataProtectionOfficer.name,
        })
        expect(await officer.getAttribute('href')).toMatch(/^mailto:/)
        // Fits the width: nothing scrolls sideways.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        ).toBe(true)
        await footer(page).scrollIntoViewIfNeeded()
        await footer(page).screenshot({
          path: `${SCREENSHOT_DIR}identity-footer-${name}-${colorScheme}.png`,
        })
      }
    }
  })

  it("keeps the legal line inside the page's column, the header's, wrapping as it must, at 390 and 1440 px", async () => {
    for (const device of [PHONE, WIDE_DESKTOP]) {
      const { page } = await session.open(device)
      await page.goto('/')
      const width = device.viewport?.width
      // The column: the header's content box, where its logo starts and its last control ends.
      const column = await page
        .getByRole('navigation', { name: 'Navegação principal' })
        .evaluate((nav) => {
          const box = nav.getBoundingClientRect()
          const style = getComputedStyle(nav)
          return {
            left: box.left + parseFloat(style.paddingLeft),
            right: box.right - parseFloat(style.paddingRight),
          }
        })
      const line = legalLine(page)
      // The text as drawn, every line of it, not the box around it.
      const text = await line.evaluate((el) => {
        const range = document.createRange()
        range.selectNodeContents(el)
        const box = range.getBoundingClientRect()
        return { left: box.left, right: box.right }
      })
      expect(text.left, `${width} px: starts inside the column`).toBeGreaterThanOrEqual(
        column.left - 0.5,
      )
      expect(text.right, `${width} px: ends inside the column`).toBeLessThanOrEqual(
        column.right + 0.5,
      )
      // So does the line between it and the rows above.
      const divider = await line.evaluate((el) => {
        const box = el.parentElement?.getBoundingClientRect()
        return { left: box?.left ?? NaN, right: box?.right ?? NaN }
      })
      expect(divider.left).toBeGreaterThanOrEqual(column.left - 0.5)
      expect(divider.right).toBeLessThanOrEqual(column.right + 0.5)
    }
  })

  it('puts a plain WhatsApp link beside the phone when the company has a number, which works without JavaScript', async () => {
    const { page } = await session.open(PHONE, { javaScriptEnabled: false })
    await page.goto('/')
    const links = page.getByRole('link', { name: 'WhatsApp' })
    // In the phone's card, under its spec texts; a company without WhatsApp (company.ts) has none.
    const card = page.locator('[data-slot="card"]').filter({ has: page.getByText('Telefone') })
    if (company.whatsapp) {
      expect(await links.first().getAttribute('href')).toMatch(chat)
      expect(await card.getByRole('link', { name: 'WhatsApp' }).count()).toBe(1)
    } else {
      expect(await links.count()).toBe(0)
      expect(await page.locator('a[href*="wa.me"]').count()).toBe(0)
    }
    expect(await card.getByText(describeOfficeHours(company.officeHours)).isVisible()).toBe(true)
    await card.scrollIntoViewIfNeeded()
    await card.screenshot({ path: `${SCREENSHOT_DIR}identity-phone-card.png` })
    // The page with them is checked with axe on a phone and a desktop, in both themes, by
    // themes.test.ts.
  })

  it('dates the privacy notice and names who answers about data', async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/privacidade')
    const date = page.getByRole('main').locator('time').first()
    expect(await date.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const section = page.getByRole('region', { name: 'Quem é responsável pelos seus dados' })
    expect(await section.getByText(/LGPD, art\. 41/).textContent()).toContain(
      company.dataProtectionOfficer.name,
    )
    expect(
      await section.getByRole('link', { name: company.dataProtectionOfficer.email }).count(),
    ).toBe(1)
    // axe checks the page in themes.test.ts, on a phone and a desktop, in both themes.
  })

  it('never breaks the phone, the CNPJ or the hours over two lines, from 360 to 1 280 px', async () => {
    const facts = [
      company.phone,
      formatCnpj(company.legal.cnpj),
      describeOfficeHours(company.officeHours),
    ]
    const { page } = await session.open(SMALL_PHONE)
    // The pages whose prose carries them, the footer on each: each once broke one at a hyphen
    // ('9h-' then '18h', '0001-' then '95', '7000-' then '0100').
    for (const url of [
      bookingRoute.url,
      manageBookingRoute.url,
      contactRefusedRoute.url,
      privacyRoute.url,
    ]) {
      await page.setViewportSize({ width: 360, height: 800 })
      await page.goto(url)
      for (const width of [360, 390, 412, 768, 1024, 1280]) {
        await page.setViewportSize({ width, height: 800 })
        const drawn = await drawnLines(page, new RegExp(facts.map(literally).join('|')))
        const broken = drawn.map(({ text, lines }) => `${text}: ${lines}`)
        // Each fact is somewhere on the page, and on one line wherever it is.
        expect(broken.length, `${url} at ${width} px`).toBeGreaterThan(0)
        expect(broken, `${url} at ${width} px`).toEqual(
          broken.map((found) => found.replace(/\d+$/, '1')),
        )
      }
    }
  })

  it('describes the company to search engines as a ProfessionalService', async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/')
    const data = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    )
    expect(data).toMatchObject({
      '@type': 'ProfessionalService',
      name: company.name,
      areaServed: 'BR',
      // The company's hours, as schema.org writes them ('Mo-Fr 09:00-18:00').
      openingHours: schemaOpeningHours(company.officeHours),
      // The chat when the company has a WhatsApp number, the phone when it has none.
      contactPoint: {
        '@type': 'ContactPoint',
        ...(company.whatsapp
          ? { url: `https://wa.me/${company.whatsapp}` }
          : { telephone: company.phone }),
      },
    })
    if (!company.whatsapp) expect(JSON.stringify(data)).not.toContain('wa.me')
  })
})
