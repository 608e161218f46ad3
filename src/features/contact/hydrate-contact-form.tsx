import { hydrateIsland } from '../../islands/hydrate-island.tsx'
import { ContactForm } from './contact-form.tsx'

/** Loaded on the visitor's first use of the form: React, the form, and through it its runtime. */
export function hydrateContactForm(root: HTMLElement): void {
  hydrateIsland(root, <ContactForm />)
}
