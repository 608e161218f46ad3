/**
 * Every page the build writes: its URL, its file in dist/, and the one script it loads in the
 * browser. Plain data with no imports, so the build, the dev server and the prerender can all
 * read it; `src/entry-server.tsx` pairs each kind with its React component.
 */
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
 * Its own file, so static hosts (and the Node server) answer unknown paths with it and status
 * 404, never with index.html.
 */
const notFoundRoute = {
  kind: 'not-found',
  url: '/404',
  file: '404.html',
  script: 'src/page-scripts/not-found-page.ts',
} as const

export const pageRoutes = [homeRoute, privacyRoute, notFoundRoute] as const

export type PageRoute = (typeof pageRoutes)[number]
export type PageKind = PageRoute['kind']

/** The page a path shows, with or without a trailing slash; any other path is not found. */
export function pageRouteFor(pathname: string): PageRoute {
  if (pathname === homeRoute.url) return homeRoute
  if (pathname === privacyRoute.url || pathname === `${privacyRoute.url}/`) return privacyRoute
  return notFoundRoute
}
