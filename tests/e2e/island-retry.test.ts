/**
 * The contact form whose code cannot be downloaded, in Chromium against the built site: the
 * page asks for the code a few times, spaced out, however much the visitor types (it asked
 * 209 times after 10 keystrokes, 750 times in 3 s offline), then lets the browser post the
 * form. The page's clock is Playwright's, so minutes pass in an instant; requests are counted
 * as the server would see them.
 */
import type { Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
import { DESKTOP } from '../support/browser/devices.ts'
import { isIslandHydrated, pageScriptRan, useE2eSession } from '../support/browser/session.ts'
import { waitFor } from '../support/wait.ts'

const session = useE2eSession()

const THANK_YOU = /\/contato\/enviada\/$/
const CHUNK = '**/assets/hydrate-contact-form-*.js'

describe('The contact form when its code cannot be downloaded', () => {
  it.each([
    [
      'the connection is lost (offline, a blocker)',
      (route: Route) => route.abort('internetdisconnected'),
    ],
    [
      'the page outlived a deploy that removed its chunk (404)',
      (route: Route) =>
        route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }),
    ],
  ])(
    'asks for it three times at most however long the visitor types when %s, then the form posts itself',
    async (_, answer) => {
      const { page } = await session.open(DESKTOP)
      let asked = 0
      await page.route(CHUNK, (route) => {
        asked += 1
        return answer(route)
      })
      await page.clock.install()
      await page.goto('/')
      // Paused once the page script has run (it starts on a timer): from here only runFor moves
      // the page's time. A clock left to run counted the real seconds a busy machine took to
      // type, and ended the pause before the test said so.
      await pageScriptRan(page)
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
      const form = contactForm(page)
      const askedTimes = (times: number) =>
        waitFor(
          `the code asked for ${times} times`,
          () => asked,
          (count) => count >= times,
          {
            timeoutMs: 30_000,
          },
        )
      const typeTenKeys = () => form.message.pressSequentially('0123456789')

      await form.message.click()
      await askedTimes(1)
      await page.getByText(/O formulário não carregou por completo/).waitFor()
      await typeTenKeys()
      await page.clock.runFor(1_000)
      await typeTenKeys()
      expect(asked, 'no new request before the pause is over').toBe(1)

      // The pause over, the visitor still typing: one more try, then a longer pause.
      await page.clock.runFor(1_500)
      await askedTimes(2)
      await typeTenKeys()
      expect(asked).toBe(2)
      await page.clock.runFor(10_000)
      await askedTimes(3)

      // Given up: minutes of typing, leaving and coming back ask for nothing more.
      for (let minute = 0; minute < 5; minute += 1) {
        await typeTenKeys()
        await form.name.click()
        await form.message.click()
        await page.clock.runFor(60_000)
      }
      await typeTenKeys()
      expect(asked).toBe(3)
      expect(await isIslandHydrated(page, 'contact-form')).toBe(false)

      // The browser posts the form, as without script.
      const email = uniqueEmail('retry')
      await form.name.fill('Ana Souza')
      await form.email.fill(email)
      await form.message.fill('Quero um orçamento.')
      await form.submit.click()
      await page.waitForURL(THANK_YOU)
      expect(await session.site().submissionsFrom(email)).toHaveLength(1)
    },
  )
})
