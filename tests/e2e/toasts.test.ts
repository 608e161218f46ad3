import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations, waitForAnimations } from '../support/browser/axe.ts'
import { TOAST, contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
import { PHONE, WIDE_DESKTOP } from '../support/browser/devices.ts'
import { useE2eSession } from '../support/browser/session.ts'

const session = useE2eSession()

/** The toast whose title is `title`: sonner's list item around it. */
function toastTitled(page: Page, title: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: title })
}

/** What tells one toast from another, and where its close button sits against its text. */
function toastLook(toast: Locator) {
  return toast.evaluate((el) => {
    const style = getComputedStyle(el)
    const box = (node: Element | null) => {
      const rect = node?.getBoundingClientRect()
      return rect
        ? { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom }
        : undefined
    }
    // The text's own boxes, not its block's: a line that stops short leaves room beside it.
    const textBoxes = [...el.querySelectorAll('[data-title], [data-description]')].flatMap(
      (part) => {
        const range = document.createRange()
        range.selectNodeContents(part)
        return [...range.getClientRects()].map((rect) =>
          box({ getBoundingClientRect: () => rect } as Element),
        )
      },
    )
    return {
      background: style.backgroundColor,
      borderLeftWidth: parseFloat(style.borderLeftWidth),
      width: el.getBoundingClientRect().width,
      icon: el.querySelector('[data-icon] svg')?.innerHTML ?? '',
      close: box(el.querySelector('[data-close-button]')),
      textBoxes,
    }
  })
}

async function restPointerOn(page: Page, toast: Locator): Promise<void> {
  const spot = await toast.boundingBox()
  if (spot) await page.mouse.move(spot.x + 20, spot.y + spot.height / 2)
}

type Box = { left: number; right: number; top: number; bottom: number }
const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

describe('Toasts', () => {
  for (const [width, device] of [
    [390, PHONE],
    [1440, WIDE_DESKTOP],
  ] as const) {
    it(`at ${width} px, a failure and a thank-you look unlike each other beyond colour, and their close buttons are large and clear of the text`, async () => {
      const { page } = await session.open(device)
      await page.goto('/')
      const form = contactForm(page)
      await form.send({
        name: 'Rita Lopes',
        email: uniqueEmail('toast'),
        message: 'Preciso de um aplicativo.',
      })
      // A pointer resting on the toasts stops their 4 s clocks (the next toast's too), so a
      // slow check never races them; it stays there, and the form is sent with the keyboard.
      const success = toastTitled(page, TOAST.successTitle)
      await restPointerOn(page, success)
      await waitForAnimations(page)
      const sent = await toastLook(success)
      // The connection drops before the next one reaches the server.
      await page.route('**/rest/v1/contact_submissions', (route) => route.abort())
      await form.fill({ name: 'Rita Lopes', email: uniqueEmail('toast'), message: 'De novo.' })
      await form.submit.focus()
      await page.keyboard.press('Enter')
      const error = toastTitled(page, TOAST.errorTitle)
      await error.waitFor()
      await restPointerOn(page, error)
      await waitForAnimations(page)
      // Read before the accessibility check: on a busy machine that check once outlasted the
      // toast's 4 s, and a toast gone from the page has no style to read.
      const failed = await toastLook(error)
      // Contrast (4.5:1 for its text) and names, with the error on screen.
      await expectNoAxeViolations(page, `/ (${width} px, error toast showing)`)

      expect(failed.background, 'different colours').not.toBe(sent.background)
      expect(failed.icon, 'different icon shapes').not.toBe(sent.icon)
      expect(failed.icon).not.toBe('')
      expect(failed.borderLeftWidth, 'a bar down the failure’s side').toBeGreaterThanOrEqual(
        sent.borderLeftWidth + 4,
      )
      if (width > 600) expect(failed.width, 'the spec’s 356 px').toBe(356)

      for (const look of [failed, sent]) {
        const close = look.close
        expect(close, 'a close button').toBeDefined()
        if (!close) continue
        expect(close.right - close.left, 'close target width').toBeGreaterThanOrEqual(44)
        expect(close.bottom - close.top, 'close target height').toBeGreaterThanOrEqual(44)
        const covered = look.textBoxes.filter((text) => text && overlaps(close, text))
        expect(covered, 'text under the close button').toEqual([])
      }

      await error.locator('[data-close-button]').click()
      await error.waitFor({ state: 'detached' })
    })
  }
})
