/**
 * The landing page's only script before the visitor touches the form: a few hundred bytes, no
 * React. The page is prerendered and complete without it; React and the form's code load when
 * the visitor starts using the form (docs/decisions/008-islands.md).
 */
import {
  carryArrivalInForm,
  carryArrivalInLinks,
  currentArrival,
} from '../features/attribution/carry-arrival.ts'
import { countPageView } from '../features/attribution/count-page-view.ts'
import { findIsland, islandFallbackId } from '../islands/island-names.ts'
import { parseSupabaseEnv } from '../lib/env.ts'
import { takeBrandFont } from './brand-font.ts'
import { hydrateOnIntent } from './hydrate-on-intent.ts'
import { goBackFromLinks, showIslandFallback, stampTimeOnPage } from './native-form-post.ts'
import { keepFocusClearOfHeader } from './focus-in-view.ts'
import { enhancePhoneMenu } from './phone-menu.ts'
import { focusSectionsOnNavigation } from './section-focus.ts'

// Fail at start-up, not at the first submission, when the build lacks its backend settings.
parseSupabaseEnv(import.meta.env)

takeBrandFont(document)
focusSectionsOnNavigation(document)
keepFocusClearOfHeader(document)
for (const menu of document.querySelectorAll<HTMLElement>('[popover]')) enhancePhoneMenu(menu)

goBackFromLinks(document)

const arrival = currentArrival()
carryArrivalInLinks(document, arrival)
countPageView(arrival)

const contactForm = findIsland(document, 'contact-form')
if (contactForm) {
  const form = contactForm.querySelector('form')
  if (form) {
    stampTimeOnPage(form)
    carryArrivalInForm(form)
  }
  const fallbackId = islandFallbackId('contact-form')
  hydrateOnIntent(contactForm, async () => {
    try {
      const { hydrateContactForm } = await import('../features/contact/hydrate-contact-form.tsx')
      // Loading React is one long task and hydrating another; a key the visitor presses
      // meanwhile is shown between the two rather than after both.
      await new Promise((resolve) => setTimeout(resolve))
      hydrateContactForm(contactForm)
      showIslandFallback(document, fallbackId, false)
    } catch (error) {
      // The form still sends: the browser posts it, and the page says so.
      showIslandFallback(document, fallbackId, true)
      throw error
    }
  })
}
