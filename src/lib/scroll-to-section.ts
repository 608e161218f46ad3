function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false
}

/**
 * Scrolls to a section and moves focus there, so keyboard and screen-reader users continue
 * reading from the section they chose instead of from the link. The links stay real `#id`
 * anchors, so this only enhances what already works without JavaScript.
 */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id)
  if (!target) return false
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' })
  target.focus({ preventScroll: true })
  window.history.replaceState(window.history.state, '', `#${id}`)
  return true
}

/** Click handler for `<a href="#id">`: lets modified clicks (new tab…) through untouched. */
export function handleSectionLinkClick(
  event: {
    button: number
    metaKey: boolean
    ctrlKey: boolean
    shiftKey: boolean
    altKey: boolean
    preventDefault(): void
  },
  id: string,
): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  if (scrollToSection(id)) event.preventDefault()
}
