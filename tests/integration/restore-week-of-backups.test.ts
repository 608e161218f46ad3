/**
 * A week of daily backups side by side in one BACKUP_DIR, as the schedule keeps them, with a
 * person erased before each: every one of them restores (into an empty target, over one with
 * --replace, with --erasures-from), and everyone erased in any of them stays erased. 1.1.0
 * refused every restore from the second backup after an erasure on ("ON CONFLICT DO UPDATE
 * command cannot affect row a second time"): the erasures of the backups beside the restored
 * one were merged in one statement that met the same row twice. That merge is the same SQL on
 * both engines, so PostgreSQL restores each day's backup and PGlite the first, a middle and the
 * last (a restore into a new PGlite folder is a process that costs three times PostgreSQL's).
 */
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backupFileName } from '../../server/backup/daily-backup.ts'
import type { Database } from '../../server/db/database.ts'
import { openPgliteDatabase } from '../../server/db/pglite.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { runBuiltCommand } from '../support/backup-commands.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { generateLeads, seedLeads } from '../support/seed-leads.ts'
import { createTestDatabase } from '../support/test-database.ts'
import { exportBackupFile } from '../support/test-backups.ts'

const DAYS = 7
/** Erased one a day before the first six backups; the seventh is taken after no new erasure. */
const ERASED = Array.from({ length: DAYS - 1 }, (_, day) => `apagar.dia${day + 1}@example.com`)
const KEPT = 'fica.sempre@example.com'

let root: string
let week: string
/** The week's files, oldest first. */
const files: string[] = []

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'restore-week-'))
  week = path.join(root, 'backups')
  await mkdir(week, { mode: 0o700 })
  const db = await createTestDatabase()
  try {
    await seedLeads(db, generateLeads(20))
    const long = new Date(Date.now() - 30 * 86_400_000)
    await seedLeads(
      db,
      [...ERASED, KEPT].map((email) => ({ name: 'Pessoa', email, message: 'Oi', createdAt: long })),
    )
    const first = Date.now() - DAYS * 86_400_000
    for (let day = 0; day < DAYS; day += 1) {
      const person = ERASED[day]
      if (person) await db.query('select private.erase_leads_by_email($1, $2)', [person, 'painel'])
      const file = path.join(week, backupFileName(new Date(first + day * 86_400_000)))
      await exportBackupFile(db, file)
      files.push(file)
    }
  } finally {
    await db.close()
  }
}, 120_000)
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const emailsIn = async (db: Database) =>
  new Set(
    (await db.query<{ email: string }>('select email from public.contact_submissions')).rows.map(
      (row) => row.email,
    ),
  )

/** Nobody erased in any backup of the week is back; everyone else is. */
const expectEveryErasureHeld = (emails: Set<string>) => {
  expect(ERASED.filter((email) => emails.has(email))).toEqual([])
  expect(emails.has(KEPT)).toBe(true)
  expect(emails.size).toBe(20 + 1)
}

describe('a week of backups restored into PGlite', () => {
  const readFolder = async (dataDir: string) => {
    const db = await openPgliteDatabase(path.join(dataDir, 'pglite'))
    try {
      return await emailsIn(db)
    } finally {
      await db.close()
    }
  }

  it('restores the first, a middle and the last day’s backup into a new folder, every erased person still erased', async () => {
    for (const day of [0, Math.floor(DAYS / 2), DAYS - 1]) {
      const file = files[day] ?? ''
      const dataDir = path.join(root, `pglite-day-${day + 1}`)
      const run = await runBuiltCommand('restore', [file], { DATA_DIR: dataDir })
      expect(run.code, `day ${day + 1}: ${run.stderr}`).toBe(0)
      expectEveryErasureHeld(await readFolder(dataDir))
    }
  }, 600_000)

  it('replaces a restored folder with another day’s backup, and takes erasures from named files', async () => {
    const dataDir = path.join(root, 'pglite-day-1')
    const replaced = await runBuiltCommand('restore', [files[2] ?? '', '--replace'], {
      DATA_DIR: dataDir,
    })
    expect(replaced.code, replaced.stderr).toBe(0)
    expectEveryErasureHeld(await readFolder(dataDir))

    // The oldest alone in a folder, the others named: the same records from several files.
    const alone = path.join(root, 'alone')
    await mkdir(alone)
    const oldest = path.join(alone, path.basename(files[0] ?? ''))
    await copyFile(files[0] ?? '', oldest)
    const named = files.slice(1).flatMap((file) => ['--erasures-from', file])
    const run = await runBuiltCommand('restore', [oldest, ...named], {
      DATA_DIR: path.join(root, 'pglite-named'),
    })
    expect(run.code, run.stderr).toBe(0)
    expectEveryErasureHeld(await readFolder(path.join(root, 'pglite-named')))
  }, 300_000)
})

describe('a week of backups restored into PostgreSQL', () => {
  let postgres: PostgresServer | undefined
  beforeAll(async () => {
    postgres = await startPostgresServer()
  })
  afterAll(async () => {
    await postgres?.stop()
  })

  const createDatabase = async (name: string) => {
    const admin = await openPostgresDatabase(postgres?.url ?? '')
    try {
      await admin.query(`create database ${name}`)
    } finally {
      await admin.close()
    }
    const url = new URL(postgres?.url ?? '')
    url.pathname = `/${name}`
    return url.toString()
  }
  const readDatabase = async (url: string) => {
    const db = await openPostgresDatabase(url)
    try {
      return await emailsIn(db)
    } finally {
      await db.close()
    }
  }

  it('restores each day’s backup into a new database, every erased person still erased', async () => {
    for (const [day, file] of files.entries()) {
      const url = await createDatabase(`day_${day + 1}`)
      const run = await runBuiltCommand('restore', [file], { DATABASE_URL: url })
      expect(run.code, `day ${day + 1}: ${run.stderr}`).toBe(0)
      expectEveryErasureHeld(await readDatabase(url))
    }
  }, 600_000)

  it('replaces a restored database with another day’s backup, and takes erasures from named files', async () => {
    const url = new URL(postgres?.url ?? '')
    url.pathname = '/day_1'
    const replaced = await runBuiltCommand('restore', [files[2] ?? '', '--replace'], {
      DATABASE_URL: url.toString(),
    })
    expect(replaced.code, replaced.stderr).toBe(0)
    expectEveryErasureHeld(await readDatabase(url.toString()))

    const alone = path.join(root, 'alone-postgres')
    await mkdir(alone)
    const oldest = path.join(alone, path.basename(files[0] ?? ''))
    await copyFile(files[0] ?? '', oldest)
    const named = files.slice(1).flatMap((file) => ['--erasures-from', file])
    const target = await createDatabase('named')
    const run = await runBuiltCommand('restore', [oldest, ...named], { DATABASE_URL: target })
    expect(run.code, run.stderr).toBe(0)
    expectEveryErasureHeld(await readDatabase(target))
  }, 300_000)
})
