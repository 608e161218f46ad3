/**
 * The daily backup as the server makes it: once a day from BACKUP_HOUR, the newest BACKUP_KEEP
 * kept, each copied off the machine by BACKUP_AFTER_COMMAND, a failure logged and recorded where
 * the desk and the alerts read it (private.backup_status), one backup a day among several
 * servers on one PostgreSQL; and the built server doing it on its own. The backups are real
 * (PGlite's online copy, the exporter process); the day is moved by moving the records back.
 */
import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBackupFile } from '../../server/backup/backup-format.ts'
import { readBackupKeys } from '../../server/backup/backup-key.ts'
import { createBackupService } from '../../server/backup/backup-service.ts'
import { checkDailyBackup } from '../../server/backup/daily-backup.ts'
import type { Database } from '../../server/db/database.ts'
import { openPgliteDatabase } from '../../server/db/pglite.ts'
import type { Logger, LogFields } from '../../server/log.ts'
import { ROOT_DIR } from '../../server/paths.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { company } from '#shared/company/company.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'
import { generateLeads, seedLeads } from '../support/seed-leads.ts'
import { testSettings } from '../support/test-app.ts'
import { testBackupKey, testTrust } from '../support/test-backups.ts'
import { waitFor } from '../support/wait.ts'
import { startBuiltServer } from '../support/built-server.ts'

const BACKUP_NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.backup$/

let root: string
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'daily-backup-'))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const recordingLog = () => {
  const lines: { level: string; event: string; fields: LogFields }[] = []
  const log: Logger = {
    info: (event, fields = {}) => void lines.push({ level: 'info', event, fields }),
    error: (event, fields = {}) => void lines.push({ level: 'error', event, fields }),
  }
  return { log, lines }
}

/** This installation has been waiting for its backup hour for days. */
const installedLongAgo = (db: Database) =>
  db.query(
    `insert into private.backup_schedule (first_checked_at) values (now() - interval '3 days')
     on conflict (singleton) do update set first_checked_at = excluded.first_checked_at`,
  )

/** The day passes: every run so far happened a day earlier. */
const aDayLater = (db: Database) =>
  db.query(
    `update private.backup_runs
        set started_at = started_at - interval '1 day', finished_at = finished_at - interval '1 day'`,
  )

const backupStatus = async (db: Database) =>
  (
    await db.query<{
      last_success_file: string | null
      last_error: string | null
      failing: boolean
    }>('select last_success_file, last_error, failing from private.backup_status')
  ).rows[0]

describe('the daily backup on PGlite', () => {
  let server: RunningServer | undefined
  let dataDir: string
  const daily = (dir: string, afterCommand?: string, keep = 2) => {
    if (!server) throw new Error('no server')
    const { log, lines } = recordingLog()
    const service = createBackupService({
      db: server.db,
      dataDir,
      databaseUrl: undefined,
      log,
      key: testBackupKey,
    })
    const deps = {
      db: server.db,
      service,
      timeZone: company.officeHours.timeZone,
      log,
      settings: {
        dir,
        keep,
        hour: 3,
        afterCommand,
        afterCommandTimeoutMs: 60_000,
        checkIntervalMs: false as const,
        key: undefined,
      },
    }
    return { check: () => checkDailyBackup(deps), lines }
  }

  beforeAll(async () => {
    dataDir = path.join(root, 'pglite-site')
    server = await startServer(testSettings({ PORT: '0', DATA_DIR: dataDir }))
    await seedLeads(server.db, generateLeads(40))
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('waits for its first backup hour on a new installation', async () => {
    const { check } = daily(path.join(root, 'never'))
    expect(await check()).toBeUndefined()
    expect(existsSync(path.join(root, 'never'))).toBe(false)
  })

  it('makes the day’s backup once, keeps the newest, and copies each off the machine', async () => {
    const db = server?.db
    if (!db) throw new Error('no server')
    await installedLongAgo(db)
    const dir = path.join(root, 'backups')
    const offsite = path.join(root, 'offsite')
    await mkdir(offsite)
    await mkdir(dir, { mode: 0o755 })
    await writeFile(path.join(dir, 'notes.txt'), 'not a backup')
    const { check, lines } = daily(dir, `cp "$1" '${offsite}/'`)

    const made: string[] = []
    for (let day = 1; day <= 3; day += 1) {
      const outcome = await check()
      expect(outcome, `day ${day}`).toMatchObject({ ok: true, copied: true, leads: 40 })
      made.push(outcome?.file ?? '')
      // Once a day: the next look the same day finds nothing to do.
      expect(await check()).toBeUndefined()
      await aDayLater(db)
    }
    expect(made.every((name) => BACKUP_NAME.test(name))).toBe(true)
    expect((await readdir(dir)).sort()).toEqual([...made.slice(1), 'notes.txt'].sort())
    expect((await readdir(offsite)).sort()).toEqual([...made].sort())
    expect((await stat(dir)).mode & 0o777).toBe(0o700)
    for (const name of made.slice(1)) {
      expect((await stat(path.join(dir, name))).mode & 0o777).toBe(0o600)
      const contents = await readBackupFile(path.join(dir, name), testTrust)
      expect(contents.header.counts.leads).toBe(40)
    }
    expect(lines.filter((line) => line.event === 'backup_written')).toHaveLength(3)
    expect(lines.find((line) => line.event === 'backup_folder_tightened')?.fields.was).toBe('755')
    expect(await backupStatus(db)).toEqual({
      last_success_file: made[2],
      last_error: null,
      failing: false,
    })
  }, 300_000)

  it('shows a failed copy off the machine and a failed backup, and tries again after an hour', async () => {
    const db = server?.db
    if (!db) throw new Error('no server')
    await installedLongAgo(db)
    await aDayLater(db)
    const dir = path.join(root, 'backups')
    const copyFails = daily(dir, 'echo "ssh: connect to host nas: No route to host" >&2; exit 3')
    const copied = await copyFails.check()
    expect(copied).toMatchObject({ ok: true, copied: false })
    expect(copied?.error).toBe(
      'BACKUP_AFTER_COMMAND failed (exit 3): ssh: connect to host nas: No route to host',
    )
    expect(copyFails.lines.find((line) => line.event === 'backup_copy_failed')?.level).toBe('error')
    expect(await backupStatus(db)).toMatchObject({ failing: true, last_error: copied?.error })

    await aDayLater(db)
    const blocked = path.join(root, 'a-file-not-a-folder')
    await writeFile(blocked, '')
    const fails = daily(blocked)
    const failed = await fails.check()
    expect(failed).toMatchObject({ ok: false })
    expect(failed?.error).toMatch(/^BACKUP_DIR .* cannot be used: (EEXIST|ENOTDIR)/)
    expect(fails.lines.find((line) => line.event === 'backup_failed')?.fields).toMatchObject({
      via: 'agenda',
    })
    expect(await backupStatus(db)).toMatchObject({ failing: true, last_error: failed?.error })
    expect(await fails.check()).toBeUndefined()
    await db.query(
      "update private.backup_runs set started_at = started_at - interval '61 minutes' where not ok",
    )
    const works = daily(dir)
    expect(await works.check()).toMatchObject({ ok: true })
    expect(await backupStatus(db)).toMatchObject({ failing: false, last_error: failed?.error })
  }, 300_000)
})

describe('two servers on one PostgreSQL', () => {
  let postgres: PostgresDatabase | undefined
  const servers: RunningServer[] = []

  beforeAll(async () => {
    postgres = await createPostgresDatabase()
    for (let index = 0; index < 2; index += 1) {
      servers.push(await startServer(testSettings({ PORT: '0', DATABASE_URL: postgres.url })))
    }
  })
  afterAll(async () => {
    for (const server of servers) await server.stop()
    await postgres?.stop()
  })

  it('make one backup a day between them', async () => {
    const [first] = servers
    if (!first || !postgres) throw new Error('no servers')
    await installedLongAgo(first.db)
    const outcomes = await Promise.all(
      servers.map((server, index) => {
        const { log } = recordingLog()
        const url = postgres?.url
        return checkDailyBackup({
          db: server.db,
          service: createBackupService({
            db: server.db,
            dataDir: root,
            databaseUrl: url,
            log,
            key: testBackupKey,
          }),
          timeZone: company.officeHours.timeZone,
          log,
          settings: {
            dir: path.join(root, `server-${index}`),
            keep: 7,
            hour: 3,
            afterCommand: undefined,
            afterCommandTimeoutMs: 60_000,
            checkIntervalMs: false,
            key: undefined,
          },
        })
      }),
    )
    expect(outcomes.filter((outcome) => outcome?.ok)).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome === undefined)).toHaveLength(1)
    const files = [
      ...(await readdir(path.join(root, 'server-0')).catch(() => [])),
      ...(await readdir(path.join(root, 'server-1')).catch(() => [])),
    ]
    expect(files).toHaveLength(1)
  }, 180_000)
})

describe('the built server', () => {
  let child: ChildProcess | undefined
  afterAll(() => {
    child?.kill('SIGKILL')
  })

  /** dist-server/server.js with the daily backup on, as systemd would run it. */
  const start = (dataDir: string, backupDir: string) =>
    // A first start from nothing is production-install.test.ts's.
    startBuiltServer(
      {
        DATA_DIR: dataDir,
        BACKUP_DIR: backupDir,
        BACKUP_KEEP: '1',
        // It looks at the schedule a second after its start rather than ten: the test waits
        // for the look, not for the hour, which installedLongAgo has made come.
        BACKUP_CHECK_SECONDS: '1',
      },
      root,
    )

  it('makes the day’s backup by itself once the hour has come', async () => {
    if (!existsSync(path.join(ROOT_DIR, 'dist-server', 'server.js'))) {
      throw new Error(
        'dist-server/server.js is missing: run `npm run build` first (npm test does).',
      )
    }
    const dataDir = path.join(root, 'built-site')
    const backupDir = path.join(root, 'built-backups')
    const first = await start(dataDir, backupDir)
    await first.stop()
    // Without BACKUP_KEY it made its key at its first start, and said to keep a copy elsewhere.
    const keyFile = path.join(dataDir, 'backup-key')
    expect(first.output).toContain('"event":"backup_key_created"')
    expect(first.output).toContain('Keep a copy of it off this machine')
    expect(first.output).not.toContain(await readFile(keyFile, 'utf8').then((t) => t.trim()))
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600)
    const db = await openPgliteDatabase(path.join(dataDir, 'pglite'))
    await installedLongAgo(db)
    await db.close()

    const second = await start(dataDir, backupDir)
    child = second.child
    const written = await waitFor(
      'the backup_written log line',
      () => second.output,
      (output) => output.includes('"event":"backup_written"'),
      { timeoutMs: 150_000, intervalMs: 500 },
    )
    expect(written).not.toContain('"level":"error"')
    const files = await readdir(backupDir)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(BACKUP_NAME)
    expect((await stat(path.join(backupDir, files[0] ?? ''))).mode & 0o777).toBe(0o600)
    // Signed with that key, which a restore reads from the same folder.
    const keys = await readBackupKeys({ backupKey: undefined, dataDir })
    const contents = await readBackupFile(path.join(backupDir, files[0] ?? ''), {
      keys,
      acceptUnsigned: false,
    })
    expect(contents.signedWith?.from).toBe(keyFile)
    expect(second.output).not.toContain('"event":"backup_key_created"')
    await second.stop()
    child = undefined
  }, 240_000)
})
