/**
 * Portuguese repeats the hyphen on the next line when a line breaks at one ("cancelá-" /
 * "-la"); browsers do not, so the pages keep each hyphenated word on one line
 * (src/lib/words-kept-whole.ts). In Chromium against the built site, at the widths where one
 * broke before: the privacy notice, the booking pages and their messages, a project's page.
 */
import { describe, expect, it } from 'vitest'
import { projects } from '../../src/content/projects/index.ts'
import { HYPHENATED } from '../../src/lib/words-kept-whole.ts'
import { bookingRoute, manageBookingRoute, privacyRoute, projectRoute } from '../../src/routes.ts'
import { SMALL_PHONE } from '../support/browser/devices.ts'
import { useE2eSession } from '../support/browser/session.ts'
import { drawnLines } from '../support/browser/text-lines.ts'

const session = useE2eSession()

describe('Hyphenated words', () => {
  it('are never broken at their hyphen, from a 320 px phone to a desktop', async () => {
    const { page } = await session.open(SMALL_PHONE)
    const pages = [
      privacyRoute.url,
      bookingRoute.url,
      // A link that opens nothing: its message, written by the page script, says "e-mail".
      `${manageBookingRoute.url}#${'0'.repeat(64)}`,
      projectRoute(projects[0]?.slug ?? '').url,
    ]
    for (const url of pages) {
      await page.setViewportSize({ width: 360, height: 800 })
      await page.goto(url)
      if (url.startsWith(manageBookingRoute.url)) await page.getByRole('alert').waitFor()
      let seen = 0
      // Where a word broke before this change: "e-mail" at 338–382 and 434–456 px, "refazê-lo"
      // at 320–332, "reconhecê-lo" at 466–478, "cancelá-la" at 536–542, "e-mails" at 742–764.
      for (const width of [320, 338, 346, 360, 370, 380, 412, 440, 470, 540, 580, 712, 760, 1280]) {
        await page.setViewportSize({ width, height: 800 })
        const words = await drawnLines(page, HYPHENATED)
        seen = Math.max(seen, words.length)
        const broken = words.filter((word) => word.lines > 1)
        expect(
          broken.map((word) => `${word.text} in "${word.context}…"`),
          `${url} at ${width} px`,
        ).toEqual([])
      }
      expect(seen, `${url} shows some hyphenated word`).toBeGreaterThan(0)
    }
  })
})
