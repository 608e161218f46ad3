import { Hono } from 'hono'
import { endAllSessions, endSession, saveSessionFilter } from '../../sign-in/session-store.ts'
import { deskPaths } from '../../desk-paths.ts'
import { isExportFormat } from '../export/lead-export.ts'
import type { DeskDeps, DeskEnv } from '../../http/desk-env.ts'
import { renderFormPage } from '../../http/form-page.ts'
import { renderErrorPage } from '../../http/render.ts'
import { readPageNumber } from '../../http/request-values.ts'
import { EMPTY_FILTER, isFiltered, readLeadFilter } from '../lead-filter.ts'
import { countWaitingLeads, listLeads } from '../lead-store.ts'
import { sendExport } from './send-export.ts'
import { LeadListPage } from '../pages/lead-list-page.tsx'

/** The list, its filter and export, and signing out (here or everywhere); all behind a session. */
export const createListRoutes = (deps: DeskDeps) => {
  const app = new Hono<DeskEnv>()
  app.get('/contatos', async (c) => {
    const session = c.get('session')
    const page = readPageNumber(c.req.query('pagina'))
    if (page === undefined) return renderErrorPage(c, 404, session.csrfToken)
    // Coming from the navigation: a fresh list, not the search left behind an hour ago. Only
    // the view changes, and a cross-site request carries no session (SameSite=Strict).
    let filter = session.filter
    if (c.req.query('limpar') !== undefined && isFiltered(filter)) {
      filter = EMPTY_FILTER
      await saveSessionFilter(deps.db, session, filter)
    }
    const result = await listLeads(deps.db, { filter }, page)
    return renderFormPage(c, LeadListPage, {
      result,
      filter,
      waiting: await countWaitingLeads(deps.db),
      now: new Date(),
    })
  })

  app.post('/filtro', async (c) => {
    const body = await c.req.parseBody()
    const filter = body.clear === '1' ? EMPTY_FILTER : readLeadFilter(body)
    await saveSessionFilter(deps.db, c.get('session'), filter)
    return c.redirect(deskPaths.leads, 303)
  })

  app.get('/exportar', async (c) => {
    const format = c.req.query('formato')
    if (!isExportFormat(format)) return c.redirect(deskPaths.leads, 303)
    return sendExport(c, deps.db, format, { filter: c.get('session').filter }, 'painel')
  })

  app.post('/sair', async (c) => {
    await endSession(deps.db, c.get('session'))
    deps.cookies.clearSession(c)
    return c.redirect(`${deskPaths.login}?saiu=1`, 303)
  })

  // For a lost laptop or a shared password: every session, this one too, on every server.
  app.post('/sair-de-todos', async (c) => {
    const sessions = await endAllSessions(deps.db)
    deps.cookies.clearSession(c)
    deps.log.info('desk_signed_out_everywhere', { sessions })
    return c.redirect(`${deskPaths.login}?saiu=todos`, 303)
  })
  return app
}
