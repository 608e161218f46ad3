import { CLAIM_LEASE_MINUTES } from '#shared/mail/mail-delivery.ts'
import { readDatabaseError } from '../../db/database.ts'
import type { DeskDeps } from '../http/desk-env.ts'
import { isLeadId } from '../leads/lead.ts'
import { sendClaimedLead, type LeadMailClaim } from '../leads/resend-lead.ts'

export type RestoreResult =
  | { outcome: 'not_found' }
  /** The field rules refuse it (an entry changed by hand): it stays in quarantine. */
  | { outcome: 'refused' }
  | { outcome: 'restored'; leadId: string; mail: 'sent' | 'not_sent' }

/**
 * Makes a quarantined submission a lead (private.restore_quarantined: field rules yes, bot
 * checks and flood count no) and mails it to the company at once. The lead is claimed in the
 * same transaction that creates it, so the mail sweep can never send it too; if the send
 * fails, the sweep retries it like any other lead.
 */
export const restoreQuarantined = async (
  deps: Pick<DeskDeps, 'db' | 'sendEmail' | 'log'>,
  id: string,
): Promise<RestoreResult> => {
  if (!isLeadId(id)) return { outcome: 'not_found' }
  let restored: { leadId: string; claim: LeadMailClaim } | undefined
  try {
    restored = await deps.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ lead: string | null }>(
        "select private.restore_quarantined($1, 'painel') as lead",
        [id],
      )
      const leadId = rows[0]?.lead
      if (!leadId) return undefined
      const claim = await tx.query('select * from private.claim_lead_mail($1, $2)', [
        leadId,
        CLAIM_LEASE_MINUTES,
      ])
      return { leadId, claim: claim.rows[0] }
    })
  } catch (error) {
    if (readDatabaseError(error).code === '23514') return { outcome: 'refused' }
    throw error
  }
  if (!restored) return { outcome: 'not_found' }
  const mail = await sendClaimedLead(
    {
      query: (sql, params) => deps.db.query(sql, params),
      sendEmail: deps.sendEmail,
      log: deps.log,
    },
    restored.claim,
  )
  return {
    outcome: 'restored',
    leadId: restored.leadId,
    mail: mail === 'sent' ? 'sent' : 'not_sent',
  }
}
