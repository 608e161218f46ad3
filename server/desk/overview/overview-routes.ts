import { Hono } from 'hono'
import { deskPaths } from '../desk-paths.ts'
import type { DeskDeps, DeskEnv } from '../http/desk-env.ts'
import { renderPage } from '../http/render.ts'
import { OverviewPage } from './overview-page.tsx'
import { readOverview } from './overview-queries.ts'

/**
 * /painel: the overview. The list of leads was here before it (/painel/contatos now): an old
 * link with the list's parameters (a page, a notice) still lands on the list.
 */
export const createOverviewRoutes = (deps: DeskDeps) => {
  const app = new Hono<DeskEnv>()
  app.get('/', async (c) => {
    const query = new URL(c.req.url).search
    if (query !== '') return c.redirect(`${deskPaths.leads}${query}`, 301)
    const overview = await readOverview(deps.db)
    return renderPage(c, OverviewPage({ overview, csrfToken: c.get('session').csrfToken }))
  })
  return app
}
