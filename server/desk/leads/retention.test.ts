import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedLeads } from '../../../tests/support/seed-leads.ts'
import { createTestDatabase } from '../../../tests/support/test-database.ts'
import type { Database } from '../../db/database.ts'
import { silentLogger } from '../../log.ts'
import { applyRetentionDays, purgeExpiredLeads } from './retention.ts'

const DAY_MS = 24 * 60 * 60 * 1000

let db: Database
let outboxDir: string

beforeAll(async () => {
  db = await createTestDatabase()
  outboxDir = await mkdtemp(path.join(tmpdir(), 'retention-outbox-'))
})
afterAll(async () => {
  await db.close()
  await rm(outboxDir, { recursive: true, force: true })
})

describe('LEADS_RETENTION_DAYS', () => {
  it('deletes mailed leads and outbox copies older than the setting, and logs counts only', async () => {
    await seedLeads(db, [
      {
        name: 'Velha',
        email: 'velha@example.com',
        message: 'a',
        createdAt: new Date(Date.now() - 91 * DAY_MS),
      },
      {
        name: 'Velha sem e-mail',
        email: 'sem@example.com',
        message: 'b',
        createdAt: new Date(Date.now() - 91 * DAY_MS),
        notified: false,
      },
      {
        name: 'Nova',
        email: 'nova@example.com',
        message: 'c',
        createdAt: new Date(Date.now() - 89 * DAY_MS),
      },
    ])
    await writeFile(path.join(outboxDir, 'old.eml'), 'velha@example.com')
    await writeFile(path.join(outboxDir, 'new.eml'), 'nova@example.com')
    const longAgo = new Date(Date.now() - 100 * DAY_MS)
    await utimes(path.join(outboxDir, 'old.eml'), longAgo, longAgo)

    await applyRetentionDays(db, 90)
    const purged = await purgeExpiredLeads({ db, outboxDir, log: silentLogger }, 90)
    expect(purged).toEqual({ leads: 1, outboxFiles: 1 })
    const left = await db.query<{ name: string }>(
      'select name from contact_submissions order by name',
    )
    expect(left.rows.map((row) => row.name)).toEqual(['Nova', 'Velha sem e-mail'])
    expect(await readdir(outboxDir)).toEqual(['new.eml'])

    // Unset again: nothing more is purged, whatever its age.
    await applyRetentionDays(db, undefined)
    expect((await db.query('select retention_days from private.contact_settings')).rows).toEqual([
      { retention_days: null },
    ])
    await db.query("update contact_submissions set created_at = now() - interval '10 years'")
    expect((await db.query('select private.purge_expired_leads() as n')).rows).toEqual([{ n: 0 }])
  })
})
