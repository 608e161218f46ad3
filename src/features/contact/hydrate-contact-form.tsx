import type { Root } from 'react-dom/client'
import { hydrateIsland } from '../../islands/hydrate-island.tsx'
import { ContactForm } from './contact-form.tsx'

/**
 * Marks each field's current value as the visitor's own. A value the Node server wrote into
 * the page (the form shown again after a refusal) is only the field's default, and hydrating
 * an empty form resets defaults: it would be erased before the form takes the values over.
 * A value the visitor typed is already their own and stays as it is.
 */
function keepFieldValues(root: HTMLElement): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input, textarea',
  )) {
    // eslint-disable-next-line no-self-assign -- setting value marks it as the visitor's
    field.value = field.value
  }
}

/** Loaded on the visitor's first use of the form: React, the form, and through it its runtime. */
export function hydrateContactForm(root: HTMLElement): Root {
  keepFieldValues(root)
  return hydrateIsland(root, <ContactForm />)
}
