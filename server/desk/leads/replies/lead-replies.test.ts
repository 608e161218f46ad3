/**
 * Who sends a reply the team has just written (migration 20261205070000): the desk's request
 * that queued it, never the watch's sweep running in the same moment, so the team is told
 * "enviada" for a reply that went out. On a migrated PGlite; the mail server is a function that
 * records what it is given.
 */
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../../tests/support/use-test-database.ts'
import { seedLeads } from '../../../../tests/support/seed-leads.ts'
import type { SendMessage } from '#shared/alerts/company-alert-delivery.ts'
import {
  newReplyFormKey,
  queueLeadReply,
  sendDueLeadReplies,
  sendLeadReplyNow,
  type LeadReplyDeps,
} from './lead-replies.ts'

const db = useTestDatabase(`
  delete from private.lead_replies;
  delete from public.contact_submissions;
`)

const replyDeps = () => {
  const sent: string[] = []
  const sendMessage: SendMessage = async (message) => {
    sent.push(String(message.to))
    return { ok: true, messageId: `<${sent.length}@test>` }
  }
  const deps: LeadReplyDeps = {
    query: (sql, params) => db().query(sql, params),
    sendMessage,
    settings: {
      to: 'contato@empresa.test',
      from: { name: 'Empresa', address: 'site@empresa.test' },
    },
  }
  return { deps, sent }
}

const queueReply = async (deps: LeadReplyDeps) => {
  const [leadId = ''] = await seedLeads(db(), [
    { name: 'Ana', email: 'ana@example.com', message: 'Quero um orçamento.' },
  ])
  return queueLeadReply(deps.query, leadId, {
    formKey: newReplyFormKey(),
    template: null,
    subject: 'Re: sua mensagem',
    body: 'Podemos conversar amanhã?',
  })
}

describe('a reply sent from the desk', () => {
  it('is left to the request that queued it when the sweep runs in between', async () => {
    const { deps, sent } = replyDeps()
    const replyId = await queueReply(deps)
    expect(await sendDueLeadReplies(deps)).toBe(0)
    expect(await sendLeadReplyNow(deps, replyId, 8_000)).toBe('sent')
    expect(sent).toEqual(['ana@example.com'])
  })

  it('is sent by the sweep once a minute old and never tried (its request stopped)', async () => {
    const { deps, sent } = replyDeps()
    const replyId = await queueReply(deps)
    await db().query(
      `update private.lead_replies set created_at = now() - interval '61 seconds' where id = $1`,
      [replyId],
    )
    expect(await sendDueLeadReplies(deps)).toBe(1)
    expect(sent).toEqual(['ana@example.com'])
    expect(await sendLeadReplyNow(deps, replyId, 8_000)).toBe('done')
  })

  it('is retried by the sweep at its back-off, however young, after a failed try', async () => {
    const { deps, sent } = replyDeps()
    const replyId = await queueReply(deps)
    const failing: LeadReplyDeps = {
      ...deps,
      sendMessage: async () => ({ ok: false, reason: '451 try later', permanent: false }),
    }
    expect(await sendLeadReplyNow(failing, replyId, 8_000)).toBe('failed')
    await db().query(`update private.lead_replies set due_at = now() where id = $1`, [replyId])
    expect(await sendDueLeadReplies(deps)).toBe(1)
    expect(sent).toEqual(['ana@example.com'])
  })
})
