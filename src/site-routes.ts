/**
 * Every page this build writes: the fixed pages of routes.ts and, when the company has
 * projects (src/content/projects/), their index and a page for each. With none, no page, link
 * or sitemap entry of them exists.
 */
import { projects } from './content/projects/index.ts'
import type { Project } from './content/projects/project.ts'
import { pageRouteFor, pageRoutes, projectRoute, projectsRoute, type SiteRoute } from './routes.ts'

export const siteRoutesFor = (list: readonly Project[]): readonly SiteRoute[] =>
  list.length === 0
    ? pageRoutes
    : [...pageRoutes, projectsRoute, ...list.map((project) => projectRoute(project.slug))]

export const siteRoutes = siteRoutesFor(projects)

/** The page a path shows, with or without a trailing slash; any other path is not found. */
export function siteRouteFor(pathname: string): SiteRoute {
  const project = siteRoutes.find(
    (route) =>
      (route.kind === 'projects' || route.kind === 'project') &&
      (pathname === route.url || pathname === `${route.url}/`),
  )
  return project ?? pageRouteFor(pathname)
}
