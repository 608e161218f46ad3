import type { Queryable } from '../../db/database.ts'
import { isLeadId } from '../leads/lead.ts'

/** Why the guard flagged a submission (private.quarantined_submissions.reason). */
export const QUARANTINE_REASONS = ['trap_filled', 'too_fast'] as const
export type QuarantineReason = (typeof QUARANTINE_REASONS)[number]

/** A submission waiting in quarantine for the company's review. */
export interface QuarantinedSubmission {
  id: string
  quarantinedAt: Date
  reason: QuarantineReason
  name: string
  email: string
  company: string | null
  message: string
  /** private.attribution_source's key for where the sender came from ('' is direct). */
  source: string
  campaign: string | null
}

export interface QuarantinePage {
  entries: QuarantinedSubmission[]
  /** Entries on every page. */
  total: number
  page: number
  pages: number
  /** How long an entry waits before it is purged, and how many the quarantine holds. */
  days: number
  capacity: number
}

/** Entries per page: each shows its whole message (up to 5000 characters). */
export const QUARANTINE_PAGE_SIZE = 20

interface EntryRow {
  id: string
  quarantined_at: Date | string
  reason: string
  name: string
  email: string
  company: string | null
  message: string
  source: string
  utm_campaign: string | null
}

const readEntry = (row: EntryRow): QuarantinedSubmission => ({
  id: row.id,
  quarantinedAt:
    row.quarantined_at instanceof Date ? row.quarantined_at : new Date(row.quarantined_at),
  reason: row.reason === 'too_fast' ? 'too_fast' : 'trap_filled',
  name: row.name,
  email: row.email,
  company: row.company,
  message: row.message,
  source: row.source,
  campaign: row.utm_campaign,
})

/** How many messages wait in quarantine (the navigation shows it on every page). */
export const countQuarantined = async (db: Queryable): Promise<number> => {
  const { rows } = await db.query<{ total: number }>(
    'select count(*)::integer as total from private.quarantined_submissions',
  )
  return rows[0]?.total ?? 0
}

/**
 * One page of the quarantine, newest first; past the last page, the last page. The page number
 * is already checked (http/request-values.ts).
 */
export const listQuarantined = async (
  db: Queryable,
  requestedPage: number,
): Promise<QuarantinePage> => {
  const { rows: settings } = await db.query<{ days: number; capacity: number; total: number }>(
    `select quarantine_days as days, quarantine_max_entries as capacity,
            (select count(*)::integer from private.quarantined_submissions) as total
       from private.contact_settings`,
  )
  const { days = 0, capacity = 0, total = 0 } = settings[0] ?? {}
  const pages = Math.max(1, Math.ceil(total / QUARANTINE_PAGE_SIZE))
  const page = Math.min(pages, requestedPage)
  const { rows } = await db.query<EntryRow>(
    `select id, quarantined_at, reason, name, email, company, message, utm_campaign,
            private.attribution_source(utm_source, referrer_origin) as source
       from private.quarantined_submissions
      order by quarantined_at desc, id desc
      limit $1 offset $2`,
    [QUARANTINE_PAGE_SIZE, (page - 1) * QUARANTINE_PAGE_SIZE],
  )
  return { entries: rows.map(readEntry), total, page, pages, days, capacity }
}

/** Deletes one entry; false when there is none (restored or deleted meanwhile). */
export const deleteQuarantined = async (db: Queryable, id: string): Promise<boolean> => {
  if (!isLeadId(id)) return false
  const { affectedRows } = await db.query(
    'delete from private.quarantined_submissions where id = $1',
    [id],
  )
  return affectedRows > 0
}

/** Deletes every entry; returns how many. */
export const emptyQuarantine = async (db: Queryable): Promise<number> => {
  const { affectedRows } = await db.query('delete from private.quarantined_submissions')
  return affectedRows
}
