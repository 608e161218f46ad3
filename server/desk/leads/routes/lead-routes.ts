import { Hono, type Context } from 'hono'
import { deskPaths, withNotice, type Notice } from '../../desk-paths.ts'
import type { DeskDeps, DeskEnv } from '../../http/desk-env.ts'
import { renderErrorPage, renderPage } from '../../http/render.ts'
import { readFormText, readLeadId } from '../../http/request-values.ts'
import { isLeadStatus, NOTE_LIMIT } from '../lead.ts'
import { eraseLeads } from '../erase-leads.ts'
import { countLeadsFromEmail, findLead, setLeadNote, setLeadStatus } from '../lead-store.ts'
import { resendLeadMail, type ResendOutcome } from '../resend-lead.ts'
import { LeadPage } from '../pages/lead-page.tsx'
import { noticeFor } from '../../layout/notices.ts'
import { findBookingOfLead } from '../../agenda/agenda-store.ts'
import {
  isReplyFormKey,
  listLeadReplies,
  newReplyFormKey,
  queueLeadReply,
  sendLeadReplyNow,
  type SendNowOutcome,
} from '../replies/lead-replies.ts'
import { fillTemplate } from '../replies/fill-template.ts'
import { REPLY_BODY_LIMIT, REPLY_SUBJECT_LIMIT } from '../replies/reply-limits.ts'
import { findReplyTemplate, replyTemplates } from '../replies/reply-templates.ts'
import type { Lead } from '../lead.ts'
import { toHeaderText } from '#shared/mail/mail-header.ts'

const RESEND_NOTICE = {
  sent: 'reenviado',
  failed: 'reenvio-falhou',
  refused: 'reenvio-recusado',
  busy: 'reenvio-ocupado',
} as const satisfies Record<Exclude<ResendOutcome, 'not_found'>, string>

const REPLY_NOTICE = {
  sent: 'resposta-enviada',
  done: 'resposta-enviada',
  queued: 'resposta-na-fila',
  failed: 'resposta-falhou',
  refused: 'resposta-recusada',
} as const satisfies Record<SendNowOutcome, string>

/** A reply's subject and text as typed, or undefined when either is empty or too long. */
const readReply = (subject: unknown, body: unknown) => {
  // One line: whatever line breaks a subject holds become spaces (the e-mail's header).
  const line = toHeaderText(readFormText(subject))
  const text = readFormText(body)
  const fits = (value: string, limit: number) =>
    value.trim() !== '' && Array.from(value).length <= limit
  return fits(line, REPLY_SUBJECT_LIMIT) && fits(text, REPLY_BODY_LIMIT)
    ? { subject: line, body: text }
    : undefined
}

/**
 * One lead: its page and the changes made from it. Ids in URLs are UUIDs, never personal; any
 * other id is 404 before it reaches the database or a redirect.
 */
export const createLeadRoutes = (deps: DeskDeps) => {
  const app = new Hono<DeskEnv>()
  const notFound = (c: Context<DeskEnv>) => renderErrorPage(c, 404, c.get('session').csrfToken)
  const leadIdOf = (c: Context<DeskEnv>) => readLeadId(c.req.param('id'))
  const back = (c: Context<DeskEnv>, id: string, notice: Notice) =>
    c.redirect(withNotice(deskPaths.lead(id), notice), 303)

  /** The reply form's starting text: the template asked for (?modelo=), else the first. */
  const draftFor = (lead: Lead, templateId: string | undefined) => {
    if (!deps.visitorMail) return undefined
    const template = findReplyTemplate(templateId) ?? replyTemplates[0]
    if (!template) return undefined
    return {
      template: template.id,
      formKey: newReplyFormKey(),
      ...fillTemplate(template, lead, deps.visitorMail.siteUrl),
    }
  }

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
        draft: draftFor(lead, c.req.query('modelo')),
        replies: await listLeadReplies((sql, params) => deps.db.query(sql, params), lead.id),
        now: new Date(),
        csrfToken,
        notice: noticeFor(c.req.query('aviso'), undefined),
      }),
    )
  })

  // The team's reply, to the lead's own address only: the recipient is read from the lead in
  // the database, never from the form.
  app.post('/contatos/:id/responder', async (c) => {
    const id = leadIdOf(c)
    if (id === undefined) return notFound(c)
    const body = await c.req.parseBody()
    const lead = await findLead(deps.db, id)
    if (!lead) return notFound(c)
    if (!deps.visitorMail) {
      return back(c, id, 'resposta-sem-email')
    }
    const formKey = readFormText(body.form_key)
    const reply = readReply(body.subject, body.body)
    if (!reply || !isReplyFormKey(formKey)) {
      return back(c, id, 'resposta-incompleta')
    }
    const query = (sql: string, params: unknown[]) => deps.db.query(sql, params)
    const replyId = await queueLeadReply(query, id, {
      formKey,
      template: findReplyTemplate(readFormText(body.template))?.id ?? null,
      ...reply,
    })
    const outcome = await sendLeadReplyNow(
      {
        query,
        sendMessage: deps.visitorMail.sendMessage,
        settings: deps.visitorMail.settings,
        log: deps.log,
      },
      replyId,
      deps.visitorMail.responseDeadlineMs,
    )
    deps.log.info('lead_reply_requested', { reply: replyId, outcome })
    return back(c, id, REPLY_NOTICE[outcome])
  })

  // Answered from the team's own mail client, the phone or WhatsApp: one click.
  app.post('/contatos/:id/respondido', async (c) => {
    const id = leadIdOf(c)
    if (id === undefined) return notFound(c)
    const lead = await findLead(deps.db, id)
    if (!lead) return notFound(c)
    const { rows } = await deps.db.query<{ marked: boolean }>(
      'select private.mark_lead_answered($1) as marked',
      [id],
    )
    const marked = rows[0]?.marked === true
    return back(c, id, marked ? 'respondido' : 'ja-respondido')
  })

  app.post('/contatos/:id/situacao', async (c) => {
    const id = leadIdOf(c)
    if (id === undefined) return notFound(c)
    const { status } = await c.req.parseBody()
    if (!isLeadStatus(status)) return back(c, id, 'situacao-invalida')
    if (!(await setLeadStatus(deps.db, id, status))) return notFound(c)
    return back(c, id, 'situacao')
  })

  app.post('/contatos/:id/nota', async (c) => {
    const id = leadIdOf(c)
    if (id === undefined) return notFound(c)
    const { note } = await c.req.parseBody()
    const text = readFormText(note)
    if (Array.from(text).length > NOTE_LIMIT) return back(c, id, 'nota-longa')
    if (!(await setLeadNote(deps.db, id, text))) return notFound(c)
    return back(c, id, 'nota')
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
    return back(c, id, RESEND_NOTICE[outcome])
  })

  app.post('/contatos/:id/apagar', async (c) => {
    const id = leadIdOf(c)
    if (id === undefined) return notFound(c)
    const body = await c.req.parseBody()
    if (body.confirm !== '1') return back(c, id, 'confirme')
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
