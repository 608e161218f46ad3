import { Hono } from 'hono'
import { deskPaths, withNotice } from '../../desk-paths.ts'
import type { DeskDeps, DeskEnv } from '../../http/desk-env.ts'
import { renderFormPage } from '../../http/form-page.ts'
import { renderErrorPage } from '../../http/render.ts'
import { readPageNumber } from '../../http/request-values.ts'
import { QuarantinePage } from '../pages/quarantine-page.tsx'
import { deleteQuarantined, emptyQuarantine, listQuarantined } from '../quarantine-store.ts'
import { restoreQuarantined } from '../restore-quarantined.ts'

/**
 * The quarantine: review what the bot signals flagged, restore a person's message as a lead
 * (mailed at once), delete junk one by one or all. Ids in URLs are UUIDs, never personal.
 * Logs carry counts and outcomes only.
 */
export const createQuarantineRoutes = (deps: DeskDeps) => {
  const app = new Hono<DeskEnv>()

  app.get('/quarentena', async (c) => {
    const page = readPageNumber(c.req.query('pagina'))
    if (page === undefined) return renderErrorPage(c, 404, c.get('session').csrfToken)
    const list = await listQuarantined(deps.db, page)
    return renderFormPage(c, QuarantinePage, { list })
  })

  app.post('/quarentena/apagar-todas', async (c) => {
    const { confirm } = await c.req.parseBody()
    if (confirm !== '1') {
      return c.redirect(withNotice(deskPaths.quarantine, 'quarentena-confirme'), 303)
    }
    const deleted = await emptyQuarantine(deps.db)
    deps.log.info('quarantine_emptied', { entries: deleted })
    return c.redirect(
      withNotice(deskPaths.quarantine, 'quarentena-esvaziada', `&n=${deleted}`),
      303,
    )
  })

  app.post('/quarentena/:id/restaurar', async (c) => {
    const restored = await restoreQuarantined(deps, c.req.param('id'))
    deps.log.info('quarantine_restored', {
      outcome: restored.outcome,
      mail: restored.outcome === 'restored' ? restored.mail : 'none',
    })
    if (restored.outcome === 'not_found') return c.redirect(deskPaths.quarantine, 303)
    if (restored.outcome === 'refused') {
      return c.redirect(withNotice(deskPaths.quarantine, 'restauro-recusado'), 303)
    }
    return c.redirect(
      withNotice(
        deskPaths.lead(restored.leadId),
        restored.mail === 'sent' ? 'restaurado' : 'restaurado-envio-falhou',
      ),
      303,
    )
  })

  app.post('/quarentena/:id/apagar', async (c) => {
    const deleted = await deleteQuarantined(deps.db, c.req.param('id'))
    return c.redirect(
      deleted ? withNotice(deskPaths.quarantine, 'quarentena-apagada') : deskPaths.quarantine,
      303,
    )
  })
  return app
}
