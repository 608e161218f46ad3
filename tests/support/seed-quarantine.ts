import type { Database } from '../../server/db/database.ts'

export interface SeedQuarantined {
  name: string
  email: string
  company?: string | null
  message: string
  reason?: 'trap_filled' | 'too_fast'
  quarantinedAt?: Date
}

/**
 * Stores submissions in quarantine as the guard would have after flagging them, as superuser
 * and in one statement; returns their ids in the same order.
 */
export const seedQuarantine = async (
  db: Database,
  entries: SeedQuarantined[],
): Promise<string[]> => {
  const now = Date.now()
  const rows = entries.map((entry, index) => ({
    quarantined_at: (entry.quarantinedAt ?? new Date(now - index * 60_000)).toISOString(),
    reason: entry.reason ?? 'trap_filled',
    name: entry.name,
    email: entry.email,
    company: entry.company ?? null,
    message: entry.message,
  }))
  const { rows: ids } = await db.query<{ id: string }>(
    `insert into private.quarantined_submissions
       (quarantined_at, reason, name, email, company, message)
     select quarantined_at, reason, name, email, company, message
       from json_to_recordset($1::json) as _(quarantined_at timestamptz, reason text, name text,
         email text, company text, message text)
     returning id`,
    [JSON.stringify(rows)],
  )
  return ids.map((row) => row.id)
}
