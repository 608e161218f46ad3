import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailSender } from '#shared/mail/mail-transport.ts'
import { renderContactEmail, renderDigestEmail } from '#shared/mail/render-contact-email.ts'
import { seedLeads } from '../../../tests/support/seed-leads.ts'
import { testSettings } from '../../../tests/support/test-app.ts'
import { createTestDatabase } from '../../../tests/support/test-database.ts'
import type { Database } from '../../db/database.ts'
import { silentLogger } from '../../log.ts'
import { leadIdsOf } from '../../mail/eml-message.ts'
import { createOutboxTransport } from '../../mail/outbox-transport.ts'
import { applyRetentionDays, purgeExpiredLeads } from './retention.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS)

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
    await db.query('delete from contact_submissions')
    for (const file of await readdir(outboxDir)) await rm(path.join(outboxDir, file))
  })

  it('deletes the outbox copies of purged leads by the leads they carry, not by their date', async () => {
    const [oldId, newId] = await seedLeads(db, [
      { name: 'Velha', email: 'velha@example.com', message: 'a', createdAt: daysAgo(91) },
      { name: 'Nova', email: 'nova@example.com', message: 'b', createdAt: daysAgo(89) },
    ])
    const lead = (id: string | undefined, name: string, email: string, days: number) => ({
      id: id ?? '',
      name,
      email,
      company: null,
      message: name,
      createdAt: daysAgo(days),
    })
    const velha = lead(oldId, 'Velha', 'velha@example.com', 91)
    const nova = lead(newId, 'Nova', 'nova@example.com', 89)
    const send = createMailSender(createOutboxTransport(outboxDir), testSettings().mail)
    // The old lead was re-sent from the desk last week; the new one's copy is old.
    await send({ ...renderContactEmail(velha), leadIds: [velha.id] })
    await send({ ...renderContactEmail(nova), leadIds: [nova.id] })
    await send({ ...renderDigestEmail([velha, nova]), leadIds: [velha.id, nova.id] })
    const files = (await readdir(outboxDir)).sort()
    const novaCopy = files[1] ?? ''
    await utimes(path.join(outboxDir, novaCopy), daysAgo(100), daysAgo(100))

    await applyRetentionDays(db, 90)
    const purged = await purgeExpiredLeads({ db, outboxDir, log: silentLogger }, 90)
    expect(purged).toEqual({ leads: 1, outboxFiles: 2 })
    expect((await readdir(outboxDir)).sort()).toEqual(files.slice(1))
    const digest = await readFile(path.join(outboxDir, files[2] ?? ''), 'utf8')
    expect(leadIdsOf(digest)).toEqual([nova.id])
    expect(digest).not.toContain('velha@example.com')
    await applyRetentionDays(db, undefined)
  })
})
