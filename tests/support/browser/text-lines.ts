import type { Page } from 'playwright-core'

/** A piece of the page's text that a pattern found, and on how many lines it is drawn. */
export interface DrawnText {
  text: string
  /** The start of the text it is in, to say where. */
  context: string
  lines: number
}

/**
 * Every match of `pattern` in the page's text that is drawn, with the number of lines it takes.
 * Text only a screen reader gets (a 1 px box) wraps at every word and is never seen: left out.
 */
export const drawnLines = (page: Page, pattern: RegExp): Promise<DrawnText[]> =>
  page.evaluate(
    ({ source, flags }) => {
      const found: DrawnText[] = []
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement
        if (!parent || parent.getBoundingClientRect().width <= 1) continue
        const text = node.textContent ?? ''
        for (const match of text.matchAll(new RegExp(source, flags))) {
          const range = document.createRange()
          range.setStart(node, match.index)
          range.setEnd(node, match.index + match[0].length)
          const tops = new Set(
            [...range.getClientRects()]
              .filter((rect) => rect.width > 0)
              .map((rect) => Math.round(rect.top)),
          )
          if (tops.size > 0)
            found.push({ text: match[0], context: text.slice(0, 60), lines: tops.size })
        }
      }
      return found
    },
    {
      source: pattern.source,
      flags: pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
    },
  )
