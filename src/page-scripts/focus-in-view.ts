/**
 * Keeps what takes the keyboard's focus out from under the fixed header. Browsers bring a
 * focused control into view only as far as they must, and for a text field only its caret:
 * going back up with Shift+Tab, a tall field (the message box) could stay with its top edge
 * and first line under the header. Bringing it in again as `scrollIntoView` does honours the
 * page's scroll padding (globals.css), which is the header's height. At once, never smoothly:
 * the browser's own scroll to a focused control is instant, and the ring must be in view the
 * moment the key is pressed, not after an animation.
 */
export function keepFocusClearOfHeader(doc: Document): void {
  doc.addEventListener('focusin', ({ target }) => {
    const header = doc.querySelector('header')
    if (!(target instanceof HTMLElement) || !header || header.contains(target)) return
    const covered = header.getBoundingClientRect().bottom
    const { top, bottom } = target.getBoundingClientRect()
    if (top < covered && bottom > covered)
      target.scrollIntoView({ block: 'nearest', behavior: 'instant' })
  })
}
