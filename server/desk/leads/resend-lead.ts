import {
  CLAIM_LEASE_MINUTES,
  sendClaimedMail,
  type MailDeliveryDeps,
} from '#shared/mail/mail-delivery.ts'
import { isLeadId } from './lead.ts'

/** `refused`: the mail server refused this lead's e-mail for good again (decision 022). */
export type ResendOutcome = 'sent' | 'failed' | 'refused' | 'busy' | 'not_found'

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)))

/** What private.claim_lead_mail (and the functions shaped like it) hand back. */
export type LeadMailClaim = Record<string, unknown> | undefined

/**
 * Sends a lead claimed by private.claim_lead_mail through the one delivery core (render, send,
 * record); 'busy' or 'not_found' when the claim says so.
 */
export const sendClaimedLead = async (
  deps: MailDeliveryDeps,
  claim: LeadMailClaim,
): Promise<ResendOutcome> => {
  if (claim?.outcome !== 'claimed') return claim?.outcome === 'busy' ? 'busy' : 'not_found'
  const { result } = await sendClaimedMail(deps, 'single', String(claim.send_id), [
    {
      id: String(claim.submission_id),
      createdAt: asDate(claim.created_at),
      name: String(claim.name),
      email: String(claim.email),
      company: typeof claim.company === 'string' ? claim.company : null,
      message: String(claim.message),
    },
  ])
  if (result.ok) return 'sent'
  return result.permanent ? 'refused' : 'failed'
}

/**
 * Mails a lead to the company again, on the operator's request, through the one delivery core
 * every other notification takes (claim, render, send, record). The claim (private.claim_lead_mail)
 * skips the hourly cap, because a person asked for this one e-mail, but still counts it.
 */
export const resendLeadMail = async (
  deps: MailDeliveryDeps,
  id: string,
): Promise<ResendOutcome> => {
  if (!isLeadId(id)) return 'not_found'
  const { rows } = await deps.query('select * from private.claim_lead_mail($1, $2)', [
    id,
    CLAIM_LEASE_MINUTES,
  ])
  if (rows[0]?.outcome === 'claimed') {
    await deps.query(
      "insert into private.lead_audit (action, leads, via) values ('resend', 1, 'painel')",
      [],
    )
  }
  return sendClaimedLead(deps, rows[0])
}
