import { Hono } from 'hono'
import { deskPaths, withCountNotice } from '../../desk-paths.ts'
import type { DeskDeps, DeskEnv } from '../../http/desk-env.ts'
import { renderFormPage } from '../../http/form-page.ts'
import { renderErrorPage } from '../../http/render.ts'
import { readReceiverId } from '../../http/request-values.ts'
import { WebhooksPage } from '../pages/webhooks-page.tsx'
import { listWebhookReceivers, retryWebhookReceiver } from '../webhook-store.ts'

/**
 * The webhook receivers' state, and "retry now" for one of them. Ids in URLs are the table's
 * numbers; addresses never leave webhook-store.ts. Logs carry ids and counts only.
 */
export const createWebhookRoutes = (deps: DeskDeps) => {
  const app = new Hono<DeskEnv>()

  app.get('/webhooks', async (c) =>
    renderFormPage(c, WebhooksPage, { receivers: await listWebhookReceivers(deps.db) }),
  )

  app.post('/webhooks/:id/tentar', async (c) => {
    const id = readReceiverId(c.req.param('id'))
    const retried = id === undefined ? undefined : await retryWebhookReceiver(deps.db, id)
    if (id === undefined || retried === undefined) {
      return renderErrorPage(c, 404, c.get('session').csrfToken)
    }
    deps.log.info('webhook_retry_requested', { receiver: id, deliveries: retried })
    return c.redirect(
      withCountNotice(deskPaths.webhooks, retried, 'webhook-tentando', 'webhook-reativado'),
      303,
    )
  })
  return app
}
