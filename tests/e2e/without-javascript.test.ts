import { describe, expect, it } from 'vitest'
import { DESKTOP } from '../support/browser/devices.ts'
import { SECTIONS, sectionHeading } from '../support/browser/landing-page.ts'
import { SPEC_LANDING_TEXTS } from '../support/spec-texts.ts'
import { useE2eSession } from '../support/browser/session.ts'

const session = useE2eSession()

describe('The landing page without JavaScript', () => {
  it('shows every section, its text and the contact form', async () => {
    const { page } = await session.open(DESKTOP, { javaScriptEnabled: false })
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)

    for (const { id, navLabel } of SECTIONS) {
      expect(await sectionHeading(page, id).isVisible(), `#${id} heading`).toBe(true)
      const entry = page.locator('header').getByRole('link', { name: navLabel, exact: true })
      expect(await entry.filter({ visible: true }).count(), `header entry ${navLabel}`).toBe(1)
    }
    const missing: string[] = []
    for (const text of SPEC_LANDING_TEXTS) {
      if ((await page.getByText(text).filter({ visible: true }).count()) === 0) missing.push(text)
    }
    expect(missing, 'text not visible without JavaScript').toEqual([])
    for (const label of [/^\s*nome/i, /^\s*e-?mail/i, /^\s*empresa/i, /^\s*mensagem/i]) {
      expect(await page.locator('#contact form').getByLabel(label).isVisible()).toBe(true)
    }
  })
})
