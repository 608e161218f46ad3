import type { ListedPageKind } from '../routes.ts'
import { bookingPage } from './booking-page.ts'
import { contactSection } from './contact.ts'
import { privacyNotice } from './privacy.ts'
import type { Project } from './projects/project.ts'
import { projectsText } from './projects-page.ts'
import { brand, hero } from './site.ts'

export interface ShareCard {
  /** The card's headline; `highlight`, when given, is its end, drawn in the accent. */
  heading: string
  highlight?: string
}

/**
 * What the image of a shared link says (WhatsApp, LinkedIn, Slack): each listed page's own
 * headline, drawn at build time in the brand's type and colours (scripts/brand/share-images.ts).
 */
export const shareCards: Record<ListedPageKind, ShareCard> = {
  home: { heading: hero.titleLead, highlight: hero.titleHighlight },
  privacy: { heading: privacyNotice.title },
  contact: { heading: contactSection.title },
  booking: { heading: bookingPage.title },
  projects: { heading: projectsText.index.title },
}

/** A project's card says its title; its image is its own, under /og/projetos/. */
export const projectShareCard = (project: Project): ShareCard => ({ heading: project.title })
export const projectShareImagePath = (project: Project) => `/og/projetos/${project.slug}.png`

export const shareImage = {
  width: 1200,
  height: 630,
  /** Where the build writes each page's image, under dist/. */
  path: (kind: ListedPageKind) => `/og/${kind}.png`,
  /** Above the headline. */
  eyebrow: brand.tagline,
  /** The image's text alternative: what it shows. */
  alt: (card: ShareCard) =>
    `${[card.heading, card.highlight].filter(Boolean).join(' ')}: ${brand.name}`,
} as const
