/**
 * Portuguese repeats the hyphen at the start of the next line when a line breaks at one
 * ("cancelá-" / "-la"), which browsers do not: broken there, "e-" / "mail" reads as a slip. The
 * pages keep each hyphenated word on one line instead, in a span that does not wrap, so the
 * text stays the same characters for copying, searching and screen readers. Here the words are
 * found; the React component (src/components/keep-words-whole.tsx) and the page scripts'
 * messages (`showKeepingWordsWhole`) draw them.
 */

/** A word with a hyphen inside: "e-mail", "cancelá-la", "pré-venda", "0001-95". */
export const HYPHENATED = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu

/** The class of a span that does not wrap (Tailwind's). */
export const NO_WRAP = 'whitespace-nowrap'

/** A pattern that finds `text` as it is, its dots and slashes included. */
export const literally = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** `text` cut into plain runs and the words to keep whole: hyphenated ones and `whole` (a CNPJ). */
export function wordsKeptWhole(
  text: string,
  whole: readonly string[] = [],
): Array<string | { whole: string }> {
  const pattern = new RegExp(
    [...whole.filter(Boolean).map(literally), HYPHENATED.source].join('|'),
    HYPHENATED.flags,
  )
  const parts: Array<string | { whole: string }> = []
  let from = 0
  for (const match of text.matchAll(pattern)) {
    if (match.index > from) parts.push(text.slice(from, match.index))
    parts.push({ whole: match[0] })
    from = match.index + match[0].length
  }
  if (from < text.length) parts.push(text.slice(from))
  return parts
}

/** A page script's message shown in `node`, its hyphenated words each kept on one line. */
export function showKeepingWordsWhole(node: HTMLElement, text: string): void {
  const doc = node.ownerDocument
  node.replaceChildren(
    ...wordsKeptWhole(text).map((part) => {
      if (typeof part === 'string') return part
      const span = doc.createElement('span')
      span.className = NO_WRAP
      span.textContent = part.whole
      return span
    }),
  )
}
