import { projects } from './content/projects/index.ts'
import { pageRoutes } from './routes.ts'
import { siteRouteFor, siteRoutesFor } from './site-routes.ts'

describe('the pages of the projects', () => {
  it('are none at all without projects: no index, no page', () => {
    expect(siteRoutesFor([])).toEqual(pageRoutes)
  })

  it('are the index and a folder each, after the fixed pages, with the company’s projects', () => {
    const routes = siteRoutesFor(projects)
    expect(routes.slice(0, pageRoutes.length)).toEqual(pageRoutes)
    expect(routes.slice(pageRoutes.length).map((route) => [route.url, route.file])).toEqual([
      ['/projetos', 'projetos/index.html'],
      ...projects.map((p) => [`/projetos/${p.slug}`, `projetos/${p.slug}/index.html`]),
    ])
  })

  it.each([
    ['/projetos', 'projects'],
    ['/projetos/', 'projects'],
    [`/projetos/${projects[0]?.slug}`, 'project'],
    [`/projetos/${projects[0]?.slug}/`, 'project'],
    ['/projetos/nao-existe', 'not-found'],
    ['/', 'home'],
    ['/privacidade', 'privacy'],
  ])('shows %s with the %s page', (path, kind) => {
    expect(siteRouteFor(path).kind).toBe(kind)
  })
})
