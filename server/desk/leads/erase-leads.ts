import type { Database } from '../../db/database.ts'
import { isLeadId } from './lead.ts'
import { eraseUntaggedOutboxMail, pruneOutboxCopies } from './outbox-files.ts'

/** Who asked: recorded in the audit line (private.lead_audit.via). */
export type EraseVia = 'painel' | 'comando'

export interface EraseDeps {
  db: Database
  /** The development outbox, if this server writes one. */
  outboxDir: string | undefined
}

export type EraseTarget = { ids: string[] } | { email: string }

export interface EraseResult {
  leads: number
  outboxFiles: number
}

/**
 * PGlite has no autovacuum: a deleted row's bytes would stay in the table's pages until
 * something vacuums it. Erasing means gone, so vacuum now; failing to is not worth an error
 * (on PostgreSQL autovacuum gets there anyway).
 */
const vacuum = async (db: Database) => {
  // A booking and its e-mails go with their lead (on delete cascade).
  await db
    .query(
      'vacuum public.contact_submissions, private.quarantined_submissions, public.bookings, private.booking_messages',
    )
    .catch(() => undefined)
}

/**
 * Erases leads for a visitor's request (LGPD art. 18): the rows with all their columns (by
 * e-mail, what waits in quarantine too), one audit line without personal data
 * (private.erase_leads*), the outbox copies of their e-mails.
 * What it cannot reach, the company's mailbox and database backups, is in docs/leads-on-supabase.md.
 */
export const eraseLeads = async (
  deps: EraseDeps,
  target: EraseTarget,
  via: EraseVia,
): Promise<EraseResult> => {
  const ids = 'ids' in target ? target.ids.filter(isLeadId) : []
  if ('ids' in target && ids.length === 0) return { leads: 0, outboxFiles: 0 }
  const { emails, leads } = await deps.db.transaction(async (tx) => {
    const found = await tx.query<{ email: string }>(
      'ids' in target
        ? 'select distinct email from public.contact_submissions where id = any($1::uuid[])'
        : 'select distinct email from public.contact_submissions where lower(email) = lower(btrim($1))',
      ['ids' in target ? ids : target.email],
    )
    const erased = await tx.query<{ erased: number }>(
      'ids' in target
        ? 'select private.erase_leads($1::uuid[], $2) as erased'
        : 'select private.erase_leads_by_email($1, $2) as erased',
      ['ids' in target ? ids : target.email, via],
    )
    return { emails: found.rows.map((row) => row.email), leads: erased.rows[0]?.erased ?? 0 }
  })
  if (leads > 0) await vacuum(deps.db)
  // Copies follow the rows: those of the erased leads go, a digest keeps the others' part.
  // Untagged copies (older files) are matched by exact address; by e-mail, even when no row
  // is left, since a row erased earlier may still have one.
  const addresses = 'email' in target ? [...emails, target.email.trim()] : emails
  const outboxFiles =
    (await pruneOutboxCopies(deps.outboxDir, deps.db)) +
    (await eraseUntaggedOutboxMail(deps.outboxDir, addresses))
  return { leads, outboxFiles }
}
