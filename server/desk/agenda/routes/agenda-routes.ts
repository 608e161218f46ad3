import { Hono } from 'hono'
import { AGENDA_VIEWS, type AgendaView } from '../../desk-paths.ts'
import type { DeskDeps, DeskEnv } from '../../http/desk-env.ts'
import { renderFormPage } from '../../http/form-page.ts'
import { renderErrorPage } from '../../http/render.ts'
import { readPageNumber } from '../../http/request-values.ts'
import { listAgenda, readBusyFeedState } from '../agenda-store.ts'
import { AgendaPage } from '../pages/agenda-page.tsx'

/** The agenda's three lists: from today on (the morning's page), past, cancelled. */
export const createAgendaRoutes = (deps: DeskDeps) => {
  const app = new Hono<DeskEnv>()
  const paths: Record<AgendaView, string> = {
    proximas: '/agenda',
    passadas: '/agenda/passadas',
    canceladas: '/agenda/canceladas',
  }
  for (const view of AGENDA_VIEWS) {
    app.get(paths[view], async (c) => {
      const { csrfToken } = c.get('session')
      const page = readPageNumber(c.req.query('pagina'))
      if (page === undefined) return renderErrorPage(c, 404, csrfToken, 'page')
      const [list, busyFeed] = await Promise.all([
        listAgenda(deps.db, view, page),
        readBusyFeedState(deps.db),
      ])
      return renderFormPage(c, AgendaPage, { list, busyFeed })
    })
  }
  return app
}
