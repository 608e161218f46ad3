import { StrictMode, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { contactToasts } from './content/contact.ts'
import { BookingPage } from './pages/booking-page.tsx'
import { ContactPage } from './pages/contact-page.tsx'
import { ContactRefusedPage } from './pages/contact-refused-page.tsx'
import { ContactSentPage } from './pages/contact-sent-page.tsx'
import { HomePage } from './pages/home-page.tsx'
import { ManageBookingPage } from './pages/manage-booking-page.tsx'
import { NotFoundPage } from './pages/not-found-page.tsx'
import { PrivacyPage } from './pages/privacy-page.tsx'
import { ProjectPage } from './pages/project-page.tsx'
import { ProjectsPage } from './pages/projects-page.tsx'
import { projects } from './content/projects/index.ts'
import { projectImages } from './content/projects/project-lists.ts'
import { projectShareCard, projectShareImagePath } from './content/share-cards.ts'
import { renderHeadTags } from './lib/head-tags.ts'
import { renderProjectHeadTags } from './lib/project-head-tags.ts'
import type { PageKind, SiteRoute } from './routes.ts'

export { brand, defaultSiteUrl } from './content/site.ts'
export { shareCards, shareImage } from './content/share-cards.ts'
export { renderHeadTags, renderRobotsTxt, renderSitemapXml } from './lib/head-tags.ts'
export { isListed, pageRouteFor, pageRoutes } from './routes.ts'
export { siteRouteFor, siteRoutes } from './site-routes.ts'
export { ICON_SPRITE_URL, iconSpriteSvg, iconSymbols } from './components/icon-sprite.tsx'

const pageComponents: Record<PageKind, ComponentType> = {
  home: HomePage,
  privacy: PrivacyPage,
  contact: ContactPage,
  'contact-sent': ContactSentPage,
  'contact-refused': ContactRefusedPage,
  booking: BookingPage,
  'manage-booking': ManageBookingPage,
  projects: ProjectsPage,
  'not-found': NotFoundPage,
}

const projectFor = (slug: string) => {
  const project = projects.find((candidate) => candidate.slug === slug)
  if (!project) throw new Error(`No project "${slug}" in src/content/projects/`)
  return project
}

/**
 * Renders one page to static HTML; only the build's prerender step and the dev server call
 * this. Nothing rendered here runs in the browser except the islands inside it, which
 * hydrate themselves (see src/islands/island.tsx). A component that throws fails the build, so
 * a broken page is never written.
 */
export function renderPage(kind: PageKind): string {
  const Page = pageComponents[kind]
  return renderToString(
    <StrictMode>
      <Page />
    </StrictMode>,
  )
}

/** Any page of the build: one of its kind, or a project's. */
export function renderSitePage(route: SiteRoute): string {
  if (route.kind !== 'project') return renderPage(route.kind)
  return renderToString(
    <StrictMode>
      <ProjectPage project={projectFor(route.slug)} />
    </StrictMode>,
  )
}

export function renderSiteHeadTags(route: SiteRoute, siteUrl: string): string {
  return route.kind === 'project'
    ? renderProjectHeadTags(projectFor(route.slug), siteUrl)
    : renderHeadTags(route.kind, siteUrl)
}

/** Each project's share image (its title on the brand's card) and every image it shows. */
export const projectShareImages = () =>
  projects.map((project) => ({
    path: projectShareImagePath(project),
    ...projectShareCard(project),
  }))
export const builtProjectImages = () => projectImages(projects)

/**
 * The contact page as the Node server shows it again when the database refuses a form sent
 * without script: rendered here with a placeholder in each place the server fills in (what
 * was typed, and why it was refused), escaped there (server/contact-page.ts). Only characters
 * that React escapes to themselves, so each placeholder reaches the HTML exactly as written.
 */
export const CONTACT_TEMPLATE_SLOTS = {
  name: '%%contact-name%%',
  email: '%%contact-email%%',
  company: '%%contact-company%%',
  message: '%%contact-message%%',
  description: '%%contact-refusal%%',
} as const

/** How the server words the refusal: the spec's toast description. */
export const contactRefusalTexts = {
  databasePrefix: contactToasts.error.databasePrefix,
  unexpected: contactToasts.error.unexpected,
}

export function renderContactTemplate(): string {
  const { description, ...values } = CONTACT_TEMPLATE_SLOTS
  return renderToString(
    <StrictMode>
      <ContactPage refused={{ values, description }} />
    </StrictMode>,
  )
}
