import { Hono } from 'hono'
import { deskPaths, withNotice } from '../../desk-paths.ts'
import type { DeskDeps, DeskEnv } from '../../http/desk-env.ts'
import { renderFormPage } from '../../http/form-page.ts'
import { renderErrorPage } from '../../http/render.ts'
import { readTableId } from '../../http/request-values.ts'
import { dismissIncident, readIncidentHistory } from '../open-incidents.ts'
import { IncidentsPage } from '../pages/incidents-page.tsx'

/**
 * The pipeline's alerts: their history, and "Dispensar" for an open one (decision 060). Ids in
 * URLs are the table's numbers; logs carry ids only.
 */
export const createIncidentRoutes = (deps: DeskDeps) => {
  const app = new Hono<DeskEnv>()

  app.get('/alertas', async (c) =>
    renderFormPage(c, IncidentsPage, { incidents: await readIncidentHistory(deps.db) }),
  )

  app.post('/alertas/:id/dispensar', async (c) => {
    const id = readTableId(c.req.param('id'))
    if (id === undefined) return renderErrorPage(c, 404, c.get('session').csrfToken)
    const dismissed = await dismissIncident(deps.db, id)
    if (dismissed) deps.log.info('incident_dismissed', { incident: id })
    return c.redirect(
      withNotice(deskPaths.incidents, dismissed ? 'alerta-dispensado' : 'alerta-encerrado'),
      303,
    )
  })
  return app
}
