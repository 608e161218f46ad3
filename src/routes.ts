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

export const pageRoutes = [homeRoute, notFoundRoute] as const

export type PageRoute = (typeof pageRoutes)[number]
export type PageKind = PageRoute['kind']

/** The page a path shows: there is one real page; every other path is not found. */
export function pageRouteFor(pathname: string): PageRoute {
  return pathname === homeRoute.url ? homeRoute : notFoundRoute
}
