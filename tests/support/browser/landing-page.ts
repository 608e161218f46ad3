import type { Locator, Page } from 'playwright-core'

/** The four scroll anchors of the landing page, with the header entry that targets each. */
export const SECTIONS = [
  { id: 'home', navLabel: 'Início' },
  { id: 'services', navLabel: 'Serviços' },
  { id: 'about', navLabel: 'Sobre' },
  { id: 'contact', navLabel: 'Contato' },
] as const

export type SectionId = (typeof SECTIONS)[number]['id']

export const HERO_BUTTONS = [
  { label: 'Iniciar Projeto', target: 'contact' },
  { label: 'Ver Serviços', target: 'services' },
] as const satisfies readonly { label: string; target: SectionId }[]

/** The header's one call to action, beside the nav on a desktop, in the menu on a phone. */
export const HEADER_CTA = { label: 'Iniciar Projeto', target: 'contact' } as const

export function siteHeader(page: Page): Locator {
  return page.locator('header').first()
}

/** The first heading of a section: what a visitor reads to know where the page took them. */
export function sectionHeading(page: Page, id: SectionId): Locator {
  return page.locator(`#${id}`).locator('h1, h2').first()
}

/**
 * A control by its visible name, whether it is built as a link or a button, ignoring copies
 * that are not displayed (the desktop nav on a phone, the closed mobile menu).
 */
export function control(scope: Page | Locator, name: string): Locator {
  return scope
    .getByRole('link', { name, exact: true })
    .or(scope.getByRole('button', { name, exact: true }))
    .filter({ visible: true })
    .first()
}

/** The phone menu's toggle and, with JavaScript off, the link that closes the open menu. */
export const MENU_LABELS = {
  toggle: 'Menu de navegação',
  close: 'Fechar menu de navegação',
} as const

/**
 * The hamburger, by its name: a button (the popover's toggle) or, with JavaScript off, a link
 * to the menu. Whichever is displayed.
 */
export function menuToggle(page: Page): Locator {
  return control(siteHeader(page), MENU_LABELS.toggle)
}

/** How many of the four section entries the header shows: 4 with the phone menu open, else 0. */
export async function visibleMenuEntries(page: Page): Promise<number> {
  const entries = SECTIONS.map(({ navLabel }) =>
    siteHeader(page).getByRole('link', { name: navLabel, exact: true }).filter({ visible: true }),
  )
  const counts = await Promise.all(entries.map((entry) => entry.count()))
  return counts.filter((count) => count > 0).length
}
