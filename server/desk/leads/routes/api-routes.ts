import { Hono } from 'hono'
import { readCalendarDay } from '../export/brazil-time.ts'
import { isExportFormat } from '../export/lead-export.ts'
import type { DeskDeps, DeskEnv } from '../../http/desk-env.ts'
import { readEmailAddress } from '../../http/request-values.ts'
import { eraseLeads } from '../erase-leads.ts'
import { EMPTY_FILTER } from '../lead-filter.ts'
import { sendExport } from './send-export.ts'

/**
 * What `npm run leads` asks a running server for, behind the same session, CSRF token and
 * sign-in throttle as the pages. Answers are JSON (or the export file).
 */
export const createApiRoutes = (deps: DeskDeps) => {
  const app = new Hono<DeskEnv>()
  const badRequest = (message: string) => ({ error: 'bad_request', message })

  app.get('/api/sessao', (c) => {
    const { csrfToken, expiresAt } = c.get('session')
    return c.json({ csrfToken, expiresAt: expiresAt.toISOString() })
  })

  app.get('/api/exportar', async (c) => {
    const format = c.req.query('formato')
    if (!isExportFormat(format)) return c.json(badRequest('formato must be csv or json.'), 400)
    const sinceText = c.req.query('desde')
    const since = sinceText === undefined ? undefined : readCalendarDay(sinceText)
    if (sinceText !== undefined && since === undefined) {
      return c.json(badRequest('desde must be a date (YYYY-MM-DD).'), 400)
    }
    return sendExport(c, deps.db, format, { filter: EMPTY_FILTER, since }, 'comando')
  })

  // The address is personal data: it travels in the body, never in the URL.
  app.post('/api/apagar', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined)
    const email = readEmailAddress(
      typeof body === 'object' && body !== null && 'email' in body ? body.email : undefined,
    )
    if (email === undefined) return c.json(badRequest('email must be one e-mail address.'), 400)
    const erased = await eraseLeads(deps, { email }, 'comando')
    deps.log.info('leads_erased', { leads: erased.leads, outbox_files: erased.outboxFiles })
    return c.json({ erased: erased.leads, outboxFiles: erased.outboxFiles })
  })
  return app
}
