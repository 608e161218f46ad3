import {
  CLAIM_LEASE_MINUTES,
  sendClaimedMail,
  type MailDeliveryDeps,
} from '../../../supabase/functions/_shared/mail-delivery.ts'
import { isLeadId } from './lead.ts'

/** `refused`: the mail server refused this lead's e-mail for good again (decision 022). */
export type ResendOutcome = 'sent' | 'failed' | 'refused' | 'busy' | 'not_found'

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)))

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
  const row = rows[0]
  if (row?.outcome !== 'claimed') return row?.outcome === 'busy' ? 'busy' : 'not_found'
  await deps.query(
    "insert into private.lead_audit (action, leads, via) values ('resend', 1, 'painel')",
    [],
  )
  const { result } = await sendClaimedMail(deps, 'single', String(row.send_id), [
    {
      id: String(row.submission_id),
      createdAt: asDate(row.created_at),
      name: String(row.name),
      email: String(row.email),
      company: typeof row.company === 'string' ? row.company : null,
      message: String(row.message),
    },
  ])
  if (result.ok) return 'sent'
  return result.permanent ? 'refused' : 'failed'
}
