/**
 * A restore never runs under a live server (decision 056). 1.1.0's `restore --replace` on
 * PostgreSQL printed "Restored" while a server served: the next lead went to the backup's
 * webhook receivers, the limits and the meeting address came from the backup, and rows written
 * since vanished. Now, on PostgreSQL, a restore is refused while a server of the site uses the
 * database (naming it and saying how to stop it) or, with --replace, while anyone else is
 * connected, and nothing is changed; a server that starts during a restore waits for it to end.
 * On PGlite the data folder's lock does the same, for the restore and for a server starting
 * during one.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lockDataDir } from '../../server/backup/open-for-backup.ts'
import { claimDatabaseForRestore } from '../../server/backup/restore-guard.ts'
import type { Database } from '../../server/db/database.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { runBuiltCommand } from '../support/backup-commands.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { generateLeads, seedLeads } from '../support/seed-leads.ts'
import { testSettings } from '../support/test-app.ts'
import { exportBackupFile, testBackupKey } from '../support/test-backups.ts'
import { waitFor } from '../support/wait.ts'

let root: string
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'restore-live-'))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const sendLead = async (url: string, email: string) => {
  const response = await fetch(`${url}/rest/v1/contact_submissions`, {
    method: 'POST',
    headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Visitante', email, company: null, message: 'Olá, tudo bem?' }),
  })
  await response.arrayBuffer()
  return response.status
}

const leadEmails = async (db: Database) =>
  (
    await db.query<{ email: string }>('select email from public.contact_submissions order by 1')
  ).rows.map((row) => row.email)

describe('on PostgreSQL', () => {
  let postgres: PostgresServer | undefined
  let server: RunningServer | undefined
  let url = ''
  let backup = ''

  beforeAll(async () => {
    postgres = await startPostgresServer()
    const admin = await openPostgresDatabase(postgres.url)
    try {
      await admin.query('create database site')
    } finally {
      await admin.close()
    }
    const named = new URL(postgres.url)
    named.pathname = '/site'
    url = named.toString()
    server = await startServer(testSettings({ PORT: '0', DATABASE_URL: url }))
    await seedLeads(server.db, generateLeads(8))
    // Made in this process: `npm run backup` of PostgreSQL is backup-restore.test.ts's.
    backup = path.join(root, 'postgres', 'site.backup')
    await mkdir(path.dirname(backup), { mode: 0o700 })
    await exportBackupFile(server.db, backup, testBackupKey, 'postgresql')
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
    await postgres?.stop()
  })

  it('refuses --replace while a server serves, naming it, and changes nothing', async () => {
    if (!server) throw new Error('no server')
    expect(await sendLead(server.url, 'depois.do.backup@example.com')).toBe(201)
    const before = await leadEmails(server.db)
    const run = await runBuiltCommand('restore', [backup, '--replace'], { DATABASE_URL: url })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(
      /1 server\(s\) of the site are using this database: PID \d+ "site-server /,
    )
    expect(run.stderr).toContain(`pid ${process.pid}`)
    expect(run.stderr).toContain("systemctl stop 'site@*'")
    expect(run.stderr).toContain('Nothing was restored: the database in DATABASE_URL is as it was.')
    expect(run.stderr).not.toContain('Restored into')
    // The lead written since the backup is there, and the server still takes new ones.
    expect(await leadEmails(server.db)).toEqual(before)
    expect(before).toContain('depois.do.backup@example.com')
    expect(await sendLead(server.url, 'durante.a.recusa@example.com')).toBe(201)
  }, 120_000)

  it('refuses --replace while another session is connected, naming it', async () => {
    await server?.stop()
    server = undefined
    // Someone's psql, left open on the database.
    const other = new pg.Client({
      connectionString: url,
      application_name: 'psql do administrador',
    })
    await other.connect()
    try {
      const before = (await other.query('select email from public.contact_submissions')).rows
      const run = await runBuiltCommand('restore', [backup, '--replace'], { DATABASE_URL: url })
      expect(run.code).toBe(1)
      expect(run.stderr).toMatch(
        /Other sessions are connected to this database.*"psql do administrador"/,
      )
      expect((await other.query('select email from public.contact_submissions')).rows).toEqual(
        before,
      )
    } finally {
      await other.end()
    }
  }, 120_000)

  it('makes a server that starts during a restore wait until the restore has ended', async () => {
    // The restore's own hold on the database, as `npm run restore` takes it.
    const claim = await claimDatabaseForRestore(url, { replace: true })
    const lines: string[] = []
    let started: RunningServer | undefined
    let settled = false
    const starting = startServer(testSettings({ PORT: '0', DATABASE_URL: url }), {
      info: (event, fields) => void lines.push(`${event} ${String(fields?.message ?? '')}`),
      error: (event) => void lines.push(event),
    }).then((running) => {
      settled = true
      started = running
      return running
    })
    try {
      const waiting = await waitFor(
        'the starting server to wait for the restore',
        () => lines.find((line) => line.startsWith('database_restore_waiting')),
        (line) => line !== undefined,
        { timeoutMs: 60_000 },
      )
      expect(waiting).toMatch(/A restore is running on this database \(PID \d+ "site-restore /)
      // Still waiting: it has not migrated nor listened.
      const admin = await openPostgresDatabase(url)
      try {
        const { rows } = await admin.query<{ waiting: number }>(
          `select count(*)::integer as waiting from pg_stat_activity
            where datname = current_database() and application_name like 'site-server %'
              and wait_event_type = 'Lock'`,
        )
        expect(rows[0]?.waiting).toBe(1)
      } finally {
        await admin.close()
      }
      expect(settled).toBe(false)
    } finally {
      await claim.release()
    }
    const running = await starting
    expect(lines).toContain('database_restore_ended ')
    await running.stop()
    expect(started).toBe(running)
  }, 120_000)

  it('restores once every server has stopped', async () => {
    const run = await runBuiltCommand('restore', [backup, '--replace'], { DATABASE_URL: url })
    expect(run.code, run.stderr).toBe(0)
    const db = await openPostgresDatabase(url)
    try {
      expect(await leadEmails(db)).not.toContain('depois.do.backup@example.com')
    } finally {
      await db.close()
    }
  }, 120_000)
})

describe('on PGlite', () => {
  it('refuses --replace into a running server’s folder, and keeps a server from starting during a restore', async () => {
    const dataDir = path.join(root, 'pglite')
    const server = await startServer(testSettings({ PORT: '0', DATA_DIR: dataDir }))
    const backup = path.join(root, 'pglite-backups', 'site.backup')
    try {
      // Made in this process: `npm run backup` through a running server is backup-restore.test.ts's.
      await mkdir(path.dirname(backup), { mode: 0o700 })
      await exportBackupFile(server.db, backup)
      const run = await runBuiltCommand('restore', [backup, '--replace'], { DATA_DIR: dataDir })
      expect(run.code).toBe(1)
      expect(run.stderr).toContain(`The data folder ${dataDir} is in use by another process (PID`)
      expect(run.stderr).toContain(`Nothing was restored: ${dataDir}/pglite is as it was.`)
      expect(await sendLead(server.url, 'ainda.aqui@example.com')).toBe(201)
    } finally {
      await server.stop()
    }
    // The folder's lock, as the restore holds it while it builds and renames the database.
    const lock = await lockDataDir(dataDir)
    try {
      await expect(startServer(testSettings({ PORT: '0', DATA_DIR: dataDir }))).rejects.toThrow(
        `The data folder ${dataDir} is in use by another process (PID ${process.pid}`,
      )
    } finally {
      await lock.release()
    }
  }, 180_000)
})
