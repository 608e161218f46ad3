/**
 * The phone menu is a popover (see src/sections/site-header.tsx): without any script its
 * toggle opens and closes it, Escape and a tap outside close it, focus goes back to the toggle,
 * and browsers tell screen readers whether it is expanded. The page's inline loader closes it
 * when an entry is picked (`closeMenuOnPick` in scripts/prerender.ts). This adds
 * `aria-expanded` on the toggle for assistive technology that predates popover toggles.
 */
export function enhancePhoneMenu(menu: HTMLElement): void {
  if (!('popover' in menu)) return // the stylesheet hides the menu where popovers don't exist
  const toggles = menu.ownerDocument.querySelectorAll(`[popovertarget="${menu.id}"]`)
  const showExpanded = (open: boolean) => {
    for (const toggle of toggles) toggle.setAttribute('aria-expanded', String(open))
  }
  showExpanded(menu.matches(':popover-open'))
  menu.addEventListener('toggle', (event) =>
    showExpanded((event as ToggleEvent).newState === 'open'),
  )
}
