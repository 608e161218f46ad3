/**
 * Every page the build writes: its URL, its file in dist/, and the one script it loads in the
 * browser. Plain data (its one import is plain data too), so the build, the dev server and
 * the prerender can all read it; `src/entry-server.tsx` pairs each kind with its React
 * component.
 */
import { CONTACT_PAGE_PATHS } from '#shared/contact/contact-pages.ts'

const homeRoute = {
  kind: 'home',
  url: '/',
  file: 'index.html',
  script: 'src/page-scripts/home-page.ts',
} as const

/** On its own, so the form's code can link the notice without carrying this whole table. */
export const PRIVACY_URL = '/privacidade'

/**
 * A folder with an index.html, the one layout every static host serves without rewrites:
 * /privacidade/ everywhere, and /privacidade directly on the Node server, nginx
 * (deploy/nginx/static-site.conf) and Vercel, or through a redirect to the slash on Netlify,
 * Cloudflare Pages and GitHub Pages (docs/decisions/015-privacy-notice.md).
 * It reuses the landing page's script for its phone menu; with no island on this page, that
 * script never loads React. A script of its own would move the menu's code into a chunk both
 * pages share, which the landing page would then download as a second file.
 */
export const privacyRoute = {
  kind: 'privacy',
  url: PRIVACY_URL,
  file: 'privacidade/index.html',
  script: 'src/page-scripts/home-page.ts',
} as const

/**
 * The contact form on a page of its own: where the Node server takes the form's POST when no
 * script runs, and where it shows a refusal with what the visitor typed. Folders with an
 * index.html like /privacidade, and the same script: its island hydrates on intent as on /.
 */
export const contactRoute = {
  kind: 'contact',
  url: CONTACT_PAGE_PATHS.form,
  file: 'contato/index.html',
  script: 'src/page-scripts/home-page.ts',
} as const

/**
 * Where a form sent without script lands: the thank-you page, and (for the Edge Function,
 * which cannot answer with a page) the error page. Out of search results.
 */
export const contactSentRoute = {
  kind: 'contact-sent',
  url: CONTACT_PAGE_PATHS.sent,
  file: 'contato/enviada/index.html',
  script: 'src/page-scripts/home-page.ts',
} as const

export const contactRefusedRoute = {
  kind: 'contact-refused',
  url: CONTACT_PAGE_PATHS.refused,
  file: 'contato/erro/index.html',
  script: 'src/page-scripts/home-page.ts',
} as const

/** On their own, like PRIVACY_URL: the contact card and the e-mails link them. */
export const BOOKING_URL = '/agendar'
export const MANAGE_BOOKING_URL = '/agendar/gerenciar'

/**
 * The free consultation's agenda: pick a day, a time, say who you are, confirm. Its script is
 * its own (the picker shows the free times before any interaction, so it loads up front), built
 * apart from the landing page's so neither page's first script grows with the other's code
 * (scripts/page-scripts.ts, docs/decisions/028-booking-page.md).
 */
export const bookingRoute = {
  kind: 'booking',
  url: BOOKING_URL,
  file: 'agendar/index.html',
  script: 'src/page-scripts/booking-page.ts',
} as const

/**
 * Where the booking's link leads (`#<token>`, a fragment no server ever sees): the booking,
 * and a way to move or cancel it. Out of search results: it shows nothing without its link.
 */
export const manageBookingRoute = {
  kind: 'manage-booking',
  url: MANAGE_BOOKING_URL,
  file: 'agendar/gerenciar/index.html',
  script: 'src/page-scripts/manage-booking-page.ts',
} as const

/**
 * Its own file, so static hosts (and the Node server) answer unknown paths with it and status
 * 404, never with index.html.
 */
const notFoundRoute = {
  kind: 'not-found',
  url: '/404',
  file: '404.html',
  script: 'src/page-scripts/not-found-page.ts',
} as const

/** The company's projects (src/content/projects/): the index, written only when there are some. */
export const PROJECTS_URL = '/projetos'

export const projectsRoute = {
  kind: 'projects',
  url: PROJECTS_URL,
  file: 'projetos/index.html',
  script: 'src/page-scripts/home-page.ts',
} as const

/** One project's page, a folder under /projetos like the index (src/site-routes.ts lists them). */
export interface ProjectRoute {
  readonly kind: 'project'
  readonly slug: string
  readonly url: string
  readonly file: string
  readonly script: typeof projectsRoute.script
}

export const projectRoute = (slug: string): ProjectRoute => ({
  kind: 'project',
  slug,
  url: `${PROJECTS_URL}/${slug}`,
  file: `projetos/${slug}/index.html`,
  script: projectsRoute.script,
})

/**
 * The pages every build writes. The projects' pages depend on the content, so they are listed
 * apart, in src/site-routes.ts: this file imports no content, and the form's code that reads a
 * URL here carries none of it.
 */
export const pageRoutes = [
  homeRoute,
  privacyRoute,
  contactRoute,
  contactSentRoute,
  contactRefusedRoute,
  bookingRoute,
  manageBookingRoute,
  notFoundRoute,
] as const

export type PageRoute = (typeof pageRoutes)[number] | typeof projectsRoute
export type PageKind = PageRoute['kind']
/** Any page the build may write: a page of its kind, or a project's. */
export type SiteRoute = PageRoute | ProjectRoute

/** Pages that are no destination of their own: kept out of search results and the sitemap. */
export type UnlistedPageKind = 'not-found' | 'contact-sent' | 'contact-refused' | 'manage-booking'
export type ListedPageKind = Exclude<PageKind, UnlistedPageKind>

const unlisted: readonly PageKind[] = [
  'not-found',
  'contact-sent',
  'contact-refused',
  'manage-booking',
] satisfies readonly UnlistedPageKind[]

export const isListed = (kind: PageKind): kind is ListedPageKind => !unlisted.includes(kind)

/** The page a path shows, with or without a trailing slash; any other path is not found. */
export function pageRouteFor(pathname: string): PageRoute {
  if (pathname === homeRoute.url) return homeRoute
  const folderPages = [
    privacyRoute,
    contactRoute,
    contactSentRoute,
    contactRefusedRoute,
    bookingRoute,
    manageBookingRoute,
  ]
  const page = folderPages.find((route) => pathname === route.url || pathname === `${route.url}/`)
  return page ?? notFoundRoute
}
