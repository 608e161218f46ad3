import type { SendEmailResult } from './mail-transport.ts'
import type { RunQuery } from '../db/run-query.ts'

/**
 * Tells the database how a send went (private.mail_health), so the watch can say when mail has
 * been failing for minutes and when it is back (decision 052). Only what speaks of the mail
 * server counts: a refusal of one message's content is that message's problem (an incident of
 * its own kind), and a visitor's address refused (EENVELOPE: nodemailer's word for a
 * refused recipient) is that address's.
 */
export const noteMailOutcome = async (
  query: RunQuery,
  result: SendEmailResult,
  { toVisitor }: { toVisitor: boolean },
): Promise<void> => {
  if (!result.ok && result.permanent) return
  if (!result.ok && toVisitor && result.code === 'EENVELOPE') return
  await query('select private.note_mail_outcome($1, $2)', [
    result.ok,
    result.ok ? null : result.reason,
  ])
}
