import type { Database } from '../../server/db/database.ts'

export interface SeedQuarantined {
  name: string
  email: string
  company?: string | null
  message: string
  reason?: 'trap_filled' | 'too_fast'
  quarantinedAt?: Date
  /** Where the sender came from, as the guard keeps it (decision 037). */
  utmSource?: string | null
  utmCampaign?: string | null
  referrerOrigin?: string | null
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
    utm_source: entry.utmSource ?? null,
    utm_campaign: entry.utmCampaign ?? null,
    referrer_origin: entry.referrerOrigin ?? null,
  }))
  const { rows: ids } = await db.query<{ id: string }>(
    `insert into private.quarantined_submissions
       (quarantined_at, reason, name, email, company, message, utm_source, utm_campaign,
        referrer_origin)
     select quarantined_at, reason, name, email, company, message, utm_source, utm_campaign,
            referrer_origin
       from json_to_recordset($1::json) as _(quarantined_at timestamptz, reason text, name text,
         email text, company text, message text, utm_source text, utm_campaign text,
         referrer_origin text)
     returning id`,
    [JSON.stringify(rows)],
  )
  return ids.map((row) => row.id)
}
