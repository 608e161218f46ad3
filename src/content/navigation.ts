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
