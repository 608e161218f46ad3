import { Hono } from 'hono'
import { deskPaths } from '../desk-paths.ts'
import type { DeskDeps, DeskEnv } from '../http/desk-env.ts'
import { renderPage } from '../http/render.ts'
import { OverviewPage } from './overview-page.tsx'
import { readOverview } from './overview-queries.ts'

/** What the list of leads read at /painel before the overview took its place. */
const OLD_LIST_PARAMETERS = ['pagina', 'aviso', 'n']

/**
 * /painel: the overview. The list of leads was here before it (/painel/contatos now): an old
 * link with the list's parameters (a page, a notice) still lands on the list, by a temporary
 * redirect that no cache keeps (a 301 is kept by browsers without being asked, for any query
 * it was given); any other query is the overview's, which reads none.
 */
export const createOverviewRoutes = (deps: DeskDeps) => {
  const app = new Hono<DeskEnv>()
  app.get('/', async (c) => {
    const url = new URL(c.req.url)
    if (OLD_LIST_PARAMETERS.some((name) => url.searchParams.has(name))) {
      c.header('Cache-Control', 'no-store')
      return c.redirect(`${deskPaths.leads}${url.search}`, 302)
    }
    const overview = await readOverview(deps.db)
    return renderPage(c, OverviewPage({ overview, csrfToken: c.get('session').csrfToken }))
  })
  return app
}
