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
  /**
   * The outline drawn for it, as 'width style colour, offset': on the element itself, or on
   * its label when the control is visually hidden inside one (a day of the booking calendar).
   */
  ring: string
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
    const shown =
      el.getBoundingClientRect().width <= 1 && el.closest('label') ? el.closest('label') : el
    const drawn = shown ? getComputedStyle(shown) : style
    const inHeader = document.querySelector('header')?.contains(el) ?? false
    // Visible means some part of it is the topmost thing on screen (not under the fixed header);
    // for a control drawn as its label, some part of the label.
    const seen = shown ?? el
    const rect = seen.getBoundingClientRect()
    // The middle of each edge as well as the corners: a rounded corner's probe lands on the
    // parent, and a tall field whose top is above the fold has its centre below it.
    const probes: [number, number][] = [
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      [rect.left + rect.width / 2, rect.top + 4],
      [rect.left + rect.width / 2, rect.bottom - 4],
      [rect.left + 2, rect.top + 2],
      [rect.right - 2, rect.top + 2],
      [rect.left + 2, rect.bottom - 2],
      [rect.right - 2, rect.bottom - 2],
    ]
    const onScreen = probes.some(([x, y]) => {
      const hit = document.elementFromPoint(x, y)
      return hit !== null && (seen === hit || seen.contains(hit))
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
      ring: `${drawn.outlineWidth} ${drawn.outlineStyle} ${drawn.outlineColor}, ${drawn.outlineOffset}`,
      onScreen,
      style: `outline: ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}; box-shadow: ${style.boxShadow}`,
    }
  })
}

/**
 * Presses `key` and waits for the scroll it starts. Focusing scrolls the element into view,
 * smoothly when the page asks for smooth scrolling; such a scroll starts in the same frame, so
 * a few still frames mean it is over. Otherwise the scroll is done when the key press is, and
 * the wait only cost time (the desk's pages).
 */
const focusMover = async (page: Page, key: 'Tab' | 'Shift+Tab') => {
  const smooth = await page.evaluate(
    () => getComputedStyle(document.documentElement).scrollBehavior === 'smooth',
  )
  return async () => {
    await page.keyboard.press(key)
    if (smooth) await waitForScrollToSettle(page, 4)
  }
}

/** Presses Tab until `isLast` matches a stop (or `limit` presses) and returns every stop. */
export async function tabThrough(
  page: Page,
  isLast: (stop: FocusStop) => boolean,
  limit = 80,
): Promise<FocusStop[]> {
  const stops: FocusStop[] = []
  const move = await focusMover(page, 'Tab')
  for (let i = 0; i < limit; i += 1) {
    await move()
    const stop = await focusedElement(page)
    if (!stop) break
    stops.push(stop)
    if (isLast(stop)) break
  }
  return stops
}

/** A stop of a walk through the whole page: what is focused, and what covers it. */
export interface CoveredStop extends FocusStop {
  cover: FocusCover
}

/**
 * Presses `key` until focus leaves the page, or comes back to the walk's first stop, and
 * returns every stop with what covers it: one walk for the ring, the order and WCAG 2.2's
 * "not obscured", so no test tabs through a page twice.
 */
export async function walkFocus(
  page: Page,
  key: 'Tab' | 'Shift+Tab',
  limit = 120,
): Promise<CoveredStop[]> {
  const stops: CoveredStop[] = []
  const move = await focusMover(page, key)
  for (let i = 0; i < limit; i += 1) {
    await move()
    const stop = await focusedElement(page)
    const cover = stop && (await focusCover(page))
    if (!stop || !cover) return stops
    if (stops.length > 0 && cover.name === stops[0]?.cover.name) return stops
    stops.push({ ...stop, cover })
  }
  throw new Error(`${key} never left the page; last stops: ${JSON.stringify(stops.slice(-3))}`)
}

/** Where the focused element is, and what (if anything) hides part of it. */
export interface FocusCover {
  /** Tag, id and text of the focused element. */
  name: string
  box: { top: number; bottom: number; left: number; right: number }
  /** Fixed or sticky elements (the header, a toast…) drawn over part of the focused one. */
  overlappedBy: string[]
  /** Probe points (centre, corners) on screen where something else is on top. */
  hiddenAt: string[]
}

/**
 * WCAG 2.2 2.4.11 (Focus Not Obscured): what covers the focused element. Two views of it, so
 * neither slips through: every fixed or sticky element that does not contain it, whose box
 * overlaps its box and which the browser hit-tests above it in the overlap; and what is on top
 * at its centre and its corners (inside the rounding, where a rounded corner is not the
 * element's own).
 */
export async function focusCover(page: Page): Promise<FocusCover | null> {
  return page.evaluate(() => {
    const focused = document.activeElement
    if (!(focused instanceof HTMLElement) || focused === document.body) return null
    // A control drawn as its label (a visually hidden radio inside it: a day or a time of the
    // booking calendar) is seen where its label is.
    const label = focused.closest('label')
    const el = focused.getBoundingClientRect().width <= 1 && label ? label : focused
    const rect = el.getBoundingClientRect()
    const describe = (node: Element) =>
      `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''} "${(node.getAttribute('aria-label') ?? node.textContent ?? '').trim().slice(0, 30)}"`
    /** Position of the first element of `stack` that is `node` or inside it; -1 if none. */
    const depth = (stack: Element[], node: Element) =>
      stack.findIndex((hit) => hit === node || node.contains(hit))

    const overlappedBy = [...document.querySelectorAll('body *')]
      .filter((node) => {
        const position = getComputedStyle(node).position
        if ((position !== 'fixed' && position !== 'sticky') || node.contains(el)) return false
        const box = node.getBoundingClientRect()
        const left = Math.max(box.left, rect.left)
        const right = Math.min(box.right, rect.right)
        const top = Math.max(box.top, rect.top)
        const bottom = Math.min(box.bottom, rect.bottom)
        if (left >= right || top >= bottom) return false
        const stack = document.elementsFromPoint((left + right) / 2, (top + bottom) / 2)
        const over = depth(stack, node)
        const under = depth(stack, el)
        return over >= 0 && (under < 0 || over < under)
      })
      .map(describe)

    /** The middle of a single box and, inside any rounding, its corners. */
    const boxProbes = (box: DOMRect, style: CSSStyleDeclaration): [string, number, number][] => {
      // A point this far in from a corner lies inside a rounding of that radius (1 - 1/√2 ≈ 0.3).
      const inset = (radius: string) => Math.ceil(parseFloat(radius) * 0.3) + 1
      const topLeft = inset(style.borderTopLeftRadius)
      const topRight = inset(style.borderTopRightRadius)
      const bottomLeft = inset(style.borderBottomLeftRadius)
      const bottomRight = inset(style.borderBottomRightRadius)
      return [
        ['centre', box.left + box.width / 2, box.top + box.height / 2],
        ['top left', box.left + topLeft, box.top + topLeft],
        ['top right', box.right - topRight, box.top + topRight],
        ['bottom left', box.left + bottomLeft, box.bottom - bottomLeft],
        ['bottom right', box.right - bottomRight, box.bottom - bottomRight],
      ]
    }
    // A link whose text wraps is drawn as one box per line, and the box around them all holds
    // space that is not the link's (its centre may fall between the lines): each line's middle
    // is probed instead.
    const lines = [...el.getClientRects()]
    const probes: [string, number, number][] =
      lines.length > 1
        ? lines.map((line, index) => [
            `line ${index + 1}`,
            line.left + line.width / 2,
            line.top + line.height / 2,
          ])
        : boxProbes(rect, getComputedStyle(el))
    // How much of a control taller than the space left the browser scrolls in is its own
    // choice (for a text field, the caret's line): points outside the viewport are not probed.
    const onScreen = ([, x, y]: [string, number, number]) =>
      x >= 0 && y >= 0 && x < window.innerWidth && y < window.innerHeight
    const hiddenAt = probes.filter(onScreen).flatMap(([where, x, y]) => {
      const hit = document.elementsFromPoint(x, y)[0]
      if (hit === el || (hit && el.contains(hit))) return []
      return [`${where} (${Math.round(x)}, ${Math.round(y)}): ${hit ? describe(hit) : 'nothing'}`]
    })
    return {
      name: describe(focused),
      box: { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right },
      overlappedBy,
      hiddenAt,
    }
  })
}
