import type { Locator, Page } from 'playwright-core'
import { siteHeader } from './landing-page.ts'
import { waitFor } from '../wait.ts'

export interface HeadingPlacement {
  headingTop: number
  headingBottom: number
  headerBottom: number
  viewportHeight: number
  scrollY: number
}

// Sub-pixel layout can put a heading a fraction of a pixel under the header edge.
const ROUNDING_PX = 1

export async function headingPlacement(page: Page, heading: Locator): Promise<HeadingPlacement> {
  const header = await siteHeader(page).evaluate((el) => el.getBoundingClientRect().bottom)
  return heading.evaluate((el, headerBottom) => {
    const rect = el.getBoundingClientRect()
    return {
      headingTop: rect.top,
      headingBottom: rect.bottom,
      headerBottom,
      viewportHeight: window.innerHeight,
      scrollY: window.scrollY,
    }
  }, header)
}

export function isBelowHeaderAndInView(p: HeadingPlacement): boolean {
  return (
    p.headingTop >= p.headerBottom - ROUNDING_PX &&
    p.headingBottom <= p.viewportHeight + ROUNDING_PX
  )
}

/** Resolves once the page has not scrolled for `stillFrames` animation frames in a row. */
export async function waitForScrollToSettle(page: Page, stillFrames = 10): Promise<void> {
  await page.evaluate(
    (needed) =>
      new Promise<void>((resolve) => {
        let last = window.scrollY
        let still = 0
        const started = performance.now()
        const tick = () => {
          still = window.scrollY === last ? still + 1 : 0
          last = window.scrollY
          if (still >= needed || performance.now() - started > 4_000) resolve()
          else requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      }),
    stillFrames,
  )
}

/**
 * Waits for a smooth scroll to finish with the heading placed where a visitor can read it:
 * below the fixed header and inside the viewport.
 */
export async function expectHeadingBroughtIntoView(page: Page, heading: Locator): Promise<void> {
  await waitFor(
    'the heading to rest below the fixed header, inside the viewport',
    async () => {
      await waitForScrollToSettle(page)
      return headingPlacement(page, heading)
    },
    isBelowHeaderAndInView,
    { timeoutMs: 6_000 },
  )
}

/**
 * Jumps (without animation) to a place where the heading is NOT readable, so that a passing
 * check afterwards can only come from the control that was clicked.
 */
export async function scrollAwayFrom(page: Page, heading: Locator): Promise<void> {
  for (const edge of ['top', 'bottom'] as const) {
    await page.evaluate((to) => {
      const top = to === 'top' ? 0 : document.documentElement.scrollHeight
      window.scrollTo({ top, behavior: 'instant' })
    }, edge)
    await waitForScrollToSettle(page)
    if (!isBelowHeaderAndInView(await headingPlacement(page, heading))) return
  }
  throw new Error('The heading is readable both at the top and at the bottom of the page')
}
