/**
 * The statements that write records from several places in one insert meet each key once
 * (decision 056): a restore's erasures from a week of backups, and the webhook receivers' list
 * with an address given twice. `insert … on conflict do update` refuses a statement that would
 * update one row twice, so each of these failed whole in 1.1.0. On PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mergeErasures, readErasures } from '../../server/backup/erasure-records.ts'
import type { Database } from '../../server/db/database.ts'
import { applyMigrations } from '../../server/db/migrate.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { ensureSupabaseRoles } from '../../server/db/supabase-roles.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'
import { createTestDatabase } from '../support/test-database.ts'

const DIGEST = 'a'.repeat(64)

const cases = (open: () => Database) => {
  it('folds the same erasure from several backups into one, with its latest instant', async () => {
    const db = open()
    const record = { kind: 'email' as const, key: 'k', digest: DIGEST }
    await mergeErasures(db, [
      { ...record, erased_at: '2026-11-01T10:00:00Z' },
      { ...record, erased_at: '2026-11-03T10:00:00Z' },
      { ...record, erased_at: '2026-11-02T10:00:00Z' },
    ])
    // Merged again with the database's own: the later instant stays.
    await mergeErasures(db, [
      { ...record, erased_at: '2026-10-01T10:00:00Z' },
      { ...record, erased_at: '2026-10-01T10:00:00Z' },
    ])
    const kept = (await readErasures(db)).filter((row) => row.digest === DIGEST)
    expect(kept).toHaveLength(1)
    expect(new Date(kept[0]?.erased_at ?? '').toISOString()).toBe('2026-11-03T10:00:00.000Z')
  })

  it('lists a receiver given twice once, with the format it was given last', async () => {
    const db = open()
    const url = 'https://hooks.slack.com/services/T000/B000/twice'
    const { rows } = await db.query<{ listed: number }>(
      'select private.sync_webhook_receivers($1::jsonb) as listed',
      [
        JSON.stringify([
          { url, format: 'standard' },
          { url: 'https://crm.example.com/hook', format: 'standard' },
          { url, format: 'slack' },
        ]),
      ],
    )
    expect(rows[0]?.listed).toBe(2)
    const receivers = await db.query<{ url: string; format: string }>(
      'select url, format from private.webhook_receivers where active order by url',
    )
    expect(receivers.rows).toEqual([
      { url: 'https://crm.example.com/hook', format: 'standard' },
      { url, format: 'slack' },
    ])
  })
}

describe('on PGlite', () => {
  let db: Database | undefined
  beforeAll(async () => {
    db = await createTestDatabase()
  })
  afterAll(async () => {
    await db?.close()
  })
  cases(() => {
    if (!db) throw new Error('no database')
    return db
  })
})

describe('on PostgreSQL', () => {
  let postgres: PostgresDatabase | undefined
  let db: Database | undefined
  beforeAll(async () => {
    postgres = await createPostgresDatabase()
    db = await openPostgresDatabase(postgres.url)
    await ensureSupabaseRoles(db)
    await applyMigrations(db)
  })
  afterAll(async () => {
    await db?.close()
    await postgres?.stop()
  })
  cases(() => {
    if (!db) throw new Error('no database')
    return db
  })
})
