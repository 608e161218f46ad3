import { hero } from './site.ts'

export interface NavLink {
  /** The id of the section the link scrolls to. */
  readonly id: 'home' | 'services' | 'about' | 'contact'
  readonly label: string
}

/** One list drives the desktop nav, the mobile dropdown and the footer links. */
export const navLinks = [
  { id: 'home', label: 'Início' },
  { id: 'services', label: 'Serviços' },
  { id: 'about', label: 'Sobre' },
  { id: 'contact', label: 'Contato' },
] as const satisfies readonly NavLink[]

export type SectionId = NavLink['id']

/**
 * The header's one call to action, beside the nav on a desktop and under it in the phone menu:
 * the hero's first button, in the spec's words, so the page names its main action one way.
 */
export const headerCta = hero.primaryCta
