import type { Page } from 'playwright-core'
import { waitForScrollToSettle } from './scroll.ts'

/** What a keyboard user has focused, and whether they can see it. */
export interface FocusStop {
  tag: string
  name: string
  href: string | null
  inHeader: boolean
  /** A non-transparent outline or a box-shadow ring is drawn around it. */
  hasFocusRing: boolean
  /** Some part of it is on screen and not under the fixed header. */
  onScreen: boolean
  style: string
}

export async function focusedElement(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!(el instanceof HTMLElement) || el === document.body) return null
    const style = getComputedStyle(el)
    const outline =
      style.outlineStyle !== 'none' &&
      parseFloat(style.outlineWidth) > 0 &&
      !/rgba\(.*,\s*0\)$|transparent/.test(style.outlineColor)
    const ring = style.boxShadow !== 'none' && style.boxShadow !== ''
    const inHeader = document.querySelector('header')?.contains(el) ?? false
    // Visible means some part of it is the topmost thing on screen (not under the fixed header).
    const rect = el.getBoundingClientRect()
    const probes: [number, number][] = [
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      [rect.left + 2, rect.top + 2],
      [rect.right - 2, rect.top + 2],
      [rect.left + 2, rect.bottom - 2],
      [rect.right - 2, rect.bottom - 2],
    ]
    const onScreen = probes.some(([x, y]) => {
      const hit = document.elementFromPoint(x, y)
      return hit !== null && (el === hit || el.contains(hit))
    })
    const labelled = el as HTMLInputElement
    const name = (
      el.getAttribute('aria-label') ??
      labelled.labels?.[0]?.textContent ??
      el.textContent ??
      ''
    )
      .replace(/\s+/g, ' ')
      .trim()
    return {
      tag: el.tagName.toLowerCase(),
      name,
      href: el.getAttribute('href'),
      inHeader,
      hasFocusRing: outline || ring,
      onScreen,
      style: `outline: ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}; box-shadow: ${style.boxShadow}`,
    }
  })
}

/** Presses Tab until `isLast` matches a stop (or `limit` presses) and returns every stop. */
export async function tabThrough(
  page: Page,
  isLast: (stop: FocusStop) => boolean,
  limit = 80,
): Promise<FocusStop[]> {
  const stops: FocusStop[] = []
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab')
    // Focusing scrolls the element into view, smoothly when the page asks for smooth scrolling;
    // such a scroll starts in the same frame, so a few still frames mean it is over.
    await waitForScrollToSettle(page, 4)
    const stop = await focusedElement(page)
    if (!stop) break
    stops.push(stop)
    if (isLast(stop)) break
  }
  return stops
}
