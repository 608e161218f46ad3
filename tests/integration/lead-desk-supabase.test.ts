/**
 * What a hosted Supabase project gets from the lead desk migration, on a real PostgreSQL 15
 * with pg_cron, migrations applied as `supabase db push` would (no ledger): the scheduled
 * purge, and the SQL a person runs in Studio to export and erase (docs/leads-on-supabase.md).
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { MIGRATIONS_DIR } from '../../server/paths.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { seedLeads } from '../support/seed-leads.ts'
import { applyMigrationsLikeSupabase } from '../support/supabase-like-database.ts'

const MIGRATION = path.join(MIGRATIONS_DIR, '20261122000300_lead_desk.sql')
const LOCKS_MIGRATION = path.join(MIGRATIONS_DIR, '20261124000400_desk_locks.sql')
const DAY_MS = 24 * 60 * 60 * 1000

let postgres: PostgresServer
let db: Database

beforeAll(async () => {
  postgres = await startPostgresServer({ pgCron: true })
  await applyMigrationsLikeSupabase(postgres.url)
  db = await openPostgresDatabase(postgres.url)
  // Applying them a second time changes nothing and fails nowhere.
  await db.exec(await readFile(MIGRATION, 'utf8'))
  await db.exec(await readFile(LOCKS_MIGRATION, 'utf8'))
}, 120_000)
afterAll(async () => {
  await db?.close()
  await postgres?.stop()
})

const names = async () =>
  (await db.query<{ name: string }>('select name from contact_submissions order by name')).rows.map(
    (row) => row.name,
  )

describe('the lead desk migration on a Supabase-like PostgreSQL', () => {
  it('schedules one daily purge with pg_cron, even when applied twice', async () => {
    const { rows } = await db.query('select jobname, schedule, command from cron.job')
    expect(rows.filter((job) => job.jobname === 'purge-expired-leads')).toEqual([
      {
        jobname: 'purge-expired-leads',
        schedule: '17 3 * * *',
        command: 'select private.purge_expired_leads()',
      },
    ])
  })

  it('purges only what retention_days allows, keeping leads not yet mailed', async () => {
    await db.exec('delete from contact_submissions; delete from private.lead_audit')
    const old = new Date(Date.now() - 40 * DAY_MS)
    await seedLeads(db, [
      { name: 'Antiga enviada', email: 'a@example.com', message: 'x', createdAt: old },
      {
        name: 'Antiga não enviada',
        email: 'b@example.com',
        message: 'y',
        createdAt: old,
        notified: false,
      },
      { name: 'Recente', email: 'c@example.com', message: 'z' },
    ])
    expect((await db.query('select private.purge_expired_leads() as n')).rows).toEqual([{ n: 0 }])
    await db.query('update private.contact_settings set retention_days = 30')
    try {
      expect((await db.query('select private.purge_expired_leads() as n')).rows).toEqual([{ n: 1 }])
    } finally {
      await db.query('update private.contact_settings set retention_days = null')
    }
    expect(await names()).toEqual(['Antiga não enviada', 'Recente'])
    const audit = await db.query('select action, leads, via from private.lead_audit')
    expect(audit.rows).toEqual([{ action: 'purge', leads: 1, via: 'retencao' }])
  })

  it('gives Studio an export view in Brasília time and an erasure function that audits', async () => {
    await db.exec('delete from contact_submissions; delete from private.lead_audit')
    await seedLeads(db, [
      {
        name: 'Estúdio',
        email: 'Studio@Example.com',
        company: 'Açaí',
        message: 'Olá',
        createdAt: new Date('2026-06-01T02:30:00Z'),
        status: 'em_contato',
      },
    ])
    const exported = await db.query(
      'select data, nome, email, empresa, situacao, envio from private.leads_export',
    )
    expect(exported.rows).toEqual([
      {
        data: '31/05/2026 23:30',
        nome: 'Estúdio',
        email: 'Studio@Example.com',
        empresa: 'Açaí',
        situacao: 'em contato',
        envio: 'enviado',
      },
    ])
    const erased = await db.query("select private.erase_leads_by_email('studio@example.com') as n")
    expect(erased.rows).toEqual([{ n: 1 }])
    expect(await names()).toEqual([])
    const audit = await db.query<Record<string, unknown>>('select * from private.lead_audit')
    expect(audit.rows).toEqual([expect.objectContaining({ action: 'erase', leads: 1, via: 'sql' })])
    expect(JSON.stringify(audit.rows)).not.toMatch(/studio|estúdio/i)
  })

  it('still lets visitors only insert: no reading, no desk tables, no desk functions', async () => {
    const asAnon = (sql: string) =>
      db.transaction(async (tx) => {
        await tx.query('set local role anon')
        return tx.query(sql)
      })
    await asAnon(
      "insert into public.contact_submissions (name, email, message) values ('Visitante', 'v@example.com', 'Olá, tudo bem?')",
    )
    expect(await names()).toEqual(['Visitante'])
    for (const sql of [
      'select * from public.contact_submissions',
      'select * from private.leads_export',
      'select * from private.desk_sessions',
      'select * from private.desk_password',
      'select * from private.desk_devices',
      "select private.erase_leads_by_email('v@example.com')",
      'select private.purge_expired_leads()',
    ]) {
      await expect(asAnon(sql), sql).rejects.toThrow(/permission denied/)
    }
    expect(await names()).toEqual(['Visitante'])
  })
})
