/**
 * The browser itself scrolls to a `#section` link's target: smoothly unless the visitor prefers
 * reduced motion, and clear of the fixed header (the scroll padding in globals.css).
 * Moving focus to the section as well lets keyboard and screen-reader users carry on reading
 * from there instead of from the link they used.
 */
export function focusSectionsOnNavigation(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey
    if (event.defaultPrevented || event.button !== 0 || modified) return
    const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null
    if (!(link instanceof HTMLAnchorElement) || link.hash.length < 2) return
    doc.getElementById(decodeURIComponent(link.hash.slice(1)))?.focus({ preventScroll: true })
  })
}
