import { Hono, type Context } from 'hono'
import { deskPaths, withNotice } from '../../desk-paths.ts'
import type { DeskDeps, DeskEnv } from '../../http/desk-env.ts'
import { renderErrorPage, renderPage } from '../../http/render.ts'
import { readFormText, readLeadId } from '../../http/request-values.ts'
import { isLeadStatus, NOTE_LIMIT } from '../lead.ts'
import { eraseLeads } from '../erase-leads.ts'
import { countLeadsFromEmail, findLead, setLeadNote, setLeadStatus } from '../lead-store.ts'
import { resendLeadMail, type ResendOutcome } from '../resend-lead.ts'
import { LeadPage } from '../pages/lead-page.tsx'
import { noticeFor } from '../../frame/notices.ts'
import { findBookingOfLead } from '../../agenda/agenda-store.ts'

const RESEND_NOTICE = {
  sent: 'reenviado',
  failed: 'reenvio-falhou',
  refused: 'reenvio-recusado',
  busy: 'reenvio-ocupado',
} as const satisfies Record<Exclude<ResendOutcome, 'not_found'>, string>

/**
 * One lead: its page and the changes made from it. Ids in URLs are UUIDs, never personal; any
 * other id is 404 before it reaches the database or a redirect.
 */
export const createLeadRoutes = (deps: DeskDeps) => {
  const app = new Hono<DeskEnv>()
  const notFound = (c: Context<DeskEnv>) => renderErrorPage(c, 404, c.get('session').csrfToken)
  const leadIdOf = (c: Context<DeskEnv>) => readLeadId(c.req.param('id'))

  app.get('/contatos/:id', async (c) => {
    const { csrfToken } = c.get('session')
    const id = leadIdOf(c)
    const lead = id === undefined ? undefined : await findLead(deps.db, id)
    if (!lead) return notFound(c)
    return renderPage(
      c,
      LeadPage({
        lead,
        fromSameEmail: await countLeadsFromEmail(deps.db, lead.email),
        booking: await findBookingOfLead(deps.db, lead.id),
        csrfToken,
        notice: noticeFor(c.req.query('aviso'), undefined),
      }),
    )
  })

  app.post('/contatos/:id/situacao', async (c) => {
    const id = leadIdOf(c)
    if (id === undefined) return notFound(c)
    const { status } = await c.req.parseBody()
    if (!isLeadStatus(status))
      return c.redirect(withNotice(deskPaths.lead(id), 'situacao-invalida'), 303)
    if (!(await setLeadStatus(deps.db, id, status))) return notFound(c)
    return c.redirect(withNotice(deskPaths.lead(id), 'situacao'), 303)
  })

  app.post('/contatos/:id/nota', async (c) => {
    const id = leadIdOf(c)
    if (id === undefined) return notFound(c)
    const { note } = await c.req.parseBody()
    const text = readFormText(note)
    if (Array.from(text).length > NOTE_LIMIT)
      return c.redirect(withNotice(deskPaths.lead(id), 'nota-longa'), 303)
    if (!(await setLeadNote(deps.db, id, text))) return notFound(c)
    return c.redirect(withNotice(deskPaths.lead(id), 'nota'), 303)
  })

  app.post('/contatos/:id/reenviar', async (c) => {
    const id = leadIdOf(c)
    if (id === undefined) return notFound(c)
    const outcome = await resendLeadMail(
      {
        query: (sql, params) => deps.db.query(sql, params),
        sendEmail: deps.sendEmail,
        log: deps.log,
      },
      id,
    )
    if (outcome === 'not_found') return notFound(c)
    return c.redirect(withNotice(deskPaths.lead(id), RESEND_NOTICE[outcome]), 303)
  })

  app.post('/contatos/:id/apagar', async (c) => {
    const id = leadIdOf(c)
    if (id === undefined) return notFound(c)
    const body = await c.req.parseBody()
    if (body.confirm !== '1') return c.redirect(withNotice(deskPaths.lead(id), 'confirme'), 303)
    const lead = await findLead(deps.db, id)
    if (!lead) return notFound(c)
    const erased = await eraseLeads(
      deps,
      body.all === '1' ? { email: lead.email } : { ids: [lead.id] },
      'painel',
    )
    deps.log.info('leads_erased', { leads: erased.leads, outbox_files: erased.outboxFiles })
    return c.redirect(withNotice(deskPaths.leads, 'apagado', `&n=${erased.leads}`), 303)
  })
  return app
}
