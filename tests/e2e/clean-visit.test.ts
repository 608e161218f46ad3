import { describe, expect, it } from 'vitest'
import { contactForm } from '../support/browser/contact-form.ts'
import { DESKTOP, PHONE } from '../support/browser/devices.ts'
import { gotoHydrated, useE2eSession } from '../support/browser/session.ts'

const session = useE2eSession()

describe('A normal visit', () => {
  for (const [device, options] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`on a ${device} leaves no error, no failed request, no request to another origin, and loads the form code only on use`, async () => {
      const { page, problems } = await session.open(options)
      const scripts: string[] = []
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
      })
      await gotoHydrated(page, '/')
      // Read the page to the end, then start using the form: that is when late code loads.
      await page.evaluate(async () => {
        const step = window.innerHeight / 2
        for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
          window.scrollTo({ top: y, behavior: 'instant' })
          await new Promise((resolve) => requestAnimationFrame(resolve))
        }
      })
      // The Supabase client, the toasts and the sending logic are not part of the first visit.
      await page.waitForLoadState('networkidle')
      expect(scripts.filter((path) => path.includes('contact-runtime'))).toEqual([])
      const form = contactForm(page)
      await form.name.click()
      await form.name.pressSequentially('Ana')
      await page.waitForLoadState('networkidle')
      expect(scripts.filter((path) => path.includes('contact-runtime'))).toHaveLength(1)

      expect(problems).toEqual({
        consoleErrors: [],
        pageErrors: [],
        failedRequests: [],
        errorResponses: [],
        foreignRequests: [],
      })
    })
  }
})
