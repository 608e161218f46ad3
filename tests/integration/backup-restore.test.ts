/**
 * Backups and restores as a company makes them, with the build's own commands
 * (dist-server/backup.js and restore.js; npm test builds first, alone: `npm run build`):
 * `npm run backup` while visitors keep sending, on PGlite through the running server and on
 * PostgreSQL; `npm run restore` into a new folder and a new database, across the two; people
 * erased after a backup was taken stay erased; damaged files and occupied targets refused with
 * nothing changed.
 */
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBackup, type BackupSequence } from '../../server/backup/backup-format.ts'
import { createBackupWriter } from '../../server/backup/backup-writer.ts'
import type { Database } from '../../server/db/database.ts'
import { openPgliteDatabase } from '../../server/db/pglite.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { knownMigrations } from '../../server/backup/schema-version.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { runBuiltCommand, streamVisitors } from '../support/backup-commands.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { applyMigrationsLikeSupabase } from '../support/supabase-like-database.ts'
import { localInstant, seedBookings } from '../support/seed-bookings.ts'
import { generateLeads, seedLeads } from '../support/seed-leads.ts'
import { seedQuarantine } from '../support/seed-quarantine.ts'
import { testSettings } from '../support/test-app.ts'
import { testBackupKey, testTrust } from '../support/test-backups.ts'
import { waitFor } from '../support/wait.ts'

const ERASED = 'pede.apagamento@example.com'
const KEPT = 'joana.reuniao@example.com'
const NOTE = 'Ligar na segunda; quer integrar com o ERP.'
const VISITORS = { RATE_LIMIT_UNKNOWN_ADDRESSES: '2000000000', RATE_LIMIT_PER_ADDRESS: '1000000' }

let root: string

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backup-restore-'))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

/** What a company would look for after a restore, read from the restored database. */
const readBack = async (db: Database) => {
  const leads = await db.query<{ email: string; desk_note: string | null }>(
    'select email, desk_note from public.contact_submissions order by email',
  )
  const meetings = await db.query<{ email: string; note: string; status: string }>(
    'select email, note, status from public.bookings order by email',
  )
  const quarantined = await db.query<{ email: string }>(
    'select email from private.quarantined_submissions',
  )
  return {
    emails: new Set(leads.rows.map((row) => row.email)),
    notes: leads.rows.flatMap((row) => (row.desk_note ? [row.desk_note] : [])),
    meetings: meetings.rows,
    quarantined: quarantined.rows.map((row) => row.email),
    count: leads.rows.length,
  }
}

/** The company's data: leads, a meeting with a note, and someone who will ask to be erased. */
const seedCompany = async (db: Database) => {
  await seedLeads(db, generateLeads(120))
  const meeting = await localInstant(db, 2, '10:00')
  const erasedMeeting = await localInstant(db, 3, '14:00')
  await seedBookings(db, [
    { startsAt: meeting.instant, name: 'Joana', email: KEPT, note: 'Integração com o ERP' },
    { startsAt: erasedMeeting.instant, name: 'Pessoa', email: ERASED, note: 'Um site novo' },
  ])
  await db.query('update public.contact_submissions set desk_note = $1 where email = $2', [
    NOTE,
    KEPT,
  ])
  await seedLeads(db, [{ name: 'Pessoa', email: ERASED, message: 'Quero um orçamento.' }])
  await seedQuarantine(db, [{ name: 'Pessoa', email: ERASED, message: 'Mensagem colada.' }])
}

const restoredPglite = async (dataDir: string) => {
  const db = await openPgliteDatabase(path.join(dataDir, 'pglite'))
  try {
    return await readBack(db)
  } finally {
    await db.close()
  }
}

/** The same backup with one row changed to break a rule of the schema, checksum made anew. */
const breakOneRow = async (file: string, into: string) => {
  const lines: { kind: 'T' | 'R' | 'E'; name?: string; columns?: string[]; json?: string }[] = []
  let sequences: BackupSequence[] = []
  const contents = await readBackup(Readable.from([await readFile(file)]), testTrust, {
    beginTable: (table) => void lines.push({ kind: 'T', name: table.name, columns: table.columns }),
    row: (json) => void lines.push({ kind: 'R', json }),
    endTable: () => void lines.push({ kind: 'E' }),
  })
  sequences = contents.sequences
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (chunk: Buffer) => chunks.push(chunk))
  const writer = createBackupWriter(out, testBackupKey)
  await writer.header(contents.header)
  let broken = false
  let table = ''
  for (const line of lines) {
    if (line.kind === 'T') {
      table = line.name ?? ''
      await writer.beginTable(table, line.columns ?? [])
    } else if (line.kind === 'E') {
      await writer.endTable()
    } else {
      let json = line.json ?? ''
      if (!broken && table === 'public.contact_submissions') {
        json = json.replace(/"lead_status":"[a-z_]+"/, '"lead_status":"inventado"')
        broken = true
      }
      await writer.row(json)
    }
  }
  await writer.finish(sequences)
  await writeFile(into, Buffer.concat(chunks))
}

describe('PGlite, backed up through the running server', () => {
  let dataDir: string
  let server: RunningServer | undefined
  let older: string
  let newer: string
  let acknowledgedBefore: string[] = []
  let acknowledged: string[] = []
  let laterLead: string

  beforeAll(async () => {
    dataDir = path.join(root, 'site-data')
    server = await startServer(testSettings({ PORT: '0', DATA_DIR: dataDir, ...VISITORS }))
    await seedCompany(server.db)
    older = path.join(root, 'daily', 'older.backup')
    newer = path.join(root, 'daily', 'newer.backup')
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('writes a backup while visitors send, its owner’s alone, recorded for the desk', async () => {
    const db = server?.db
    if (!server || !db) throw new Error('no server')
    const first = await runBuiltCommand('backup', [older], { DATA_DIR: dataDir })
    expect(first.stderr).toContain('Asking the server at')
    expect(first.code).toBe(0)

    // The person asks to be erased after that backup; one lead is erased from the desk by id;
    // then writes again, a new lead the erasure must not reach.
    await db.query('select private.erase_leads_by_email($1, $2)', [ERASED.toUpperCase(), 'painel'])
    const { rows } = await db.query<{ id: string; email: string }>(
      "select id, email from public.contact_submissions where email like 'ana.%' limit 1",
    )
    const byId = rows[0]
    if (!byId) throw new Error('no lead to erase')
    await db.query('select private.erase_leads(array[$1]::uuid[], $2)', [byId.id, 'painel'])
    laterLead = `Escrevi de novo ${Date.now()}`
    await seedLeads(db, [
      { name: 'Pessoa', email: ERASED, message: laterLead, createdAt: new Date(Date.now() + 1000) },
    ])

    const visitors = streamVisitors(server.url, 'pglite')
    await waitFor(
      'visitors acknowledged',
      () => visitors.soFar().length,
      (n) => n >= 5,
      {
        timeoutMs: 60_000,
      },
    )
    acknowledgedBefore = visitors.soFar()
    const second = await runBuiltCommand('backup', [newer], { DATA_DIR: dataDir })
    acknowledged = await visitors.stop()
    expect(second.code, second.stderr).toBe(0)
    expect(second.stderr).toMatch(
      /Wrote .*newer\.backup in [\d.]+ s: [\d,]+ leads, 1 meeting, 0 quarantined messages, 2 erasures/,
    )
    // Visitors kept sending while it ran.
    expect(acknowledged.length).toBeGreaterThan(acknowledgedBefore.length)

    for (const file of [older, newer]) expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect((await stat(path.dirname(newer))).mode & 0o777).toBe(0o700)
    expect(await readdir(path.dirname(newer))).toEqual(['newer.backup', 'older.backup'])
    const text = gunzipSync(await readFile(newer)).toString('utf8')
    // What the erased person sent before asking is not in it; what they wrote since is.
    for (const gone of ['Quero um orçamento.', 'Mensagem colada.', 'Um site novo']) {
      expect(text).not.toContain(gone)
    }
    expect(text).toContain(laterLead)
    expect(text).toContain(NOTE)

    // The server records a run once its exporter has exited, which may be just after the
    // command has the last byte.
    const runs = await waitFor(
      'both runs recorded as finished',
      async () =>
        (
          await db.query<{ via: string; ok: boolean | null }>(
            'select via, ok from private.backup_runs order by id',
          )
        ).rows.map((run) => [run.via, run.ok]),
      (rows) => rows.length === 2 && rows.every(([, ok]) => ok !== null),
      { timeoutMs: 30_000 },
    )
    expect(runs).toEqual([
      ['comando', true],
      ['comando', true],
    ])
    const status = await db.query<{ last_success_at: Date | null; failing: boolean }>(
      'select last_success_at, failing from private.backup_status',
    )
    expect(status.rows[0]?.failing).toBe(false)
    expect(status.rows[0]?.last_success_at).not.toBeNull()
  }, 300_000)

  it('restores the older backup into a new folder with the erasures of the newer one beside it', async () => {
    const target = path.join(root, 'restored-folder')
    const run = await runBuiltCommand('restore', [older], { DATA_DIR: target })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toMatch(/Erased again: 4 lead\(s\) or quarantined message\(s\)/)
    const back = await restoredPglite(target)
    expect(back.emails.has(ERASED)).toBe(false)
    expect(back.quarantined).not.toContain(ERASED)
    expect(back.meetings.map((meeting) => meeting.email)).toEqual([KEPT])
    expect(back.notes).toEqual([NOTE])
    // 120 seeded and Joana's meeting, less the one erased by id; the erased person's three
    // messages (lead, meeting's lead, quarantine) are gone.
    expect(back.count).toBe(120 + 1 - 1)
  }, 300_000)

  it('refuses a folder that holds a database, and replaces it when told, keeping it aside', async () => {
    const target = path.join(root, 'restored-folder')
    const refused = await runBuiltCommand('restore', [newer], { DATA_DIR: target })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/already holds a database, with 120 lead\(s\), 1 meeting\(s\)/)
    expect(refused.stderr).toContain('--replace')

    const replaced = await runBuiltCommand('restore', [newer, '--replace'], { DATA_DIR: target })
    expect(replaced.code, replaced.stderr).toBe(0)
    expect(replaced.stderr).toMatch(/kept as .*pglite\.replaced-/)
    const folders = (await readdir(target)).filter((name) => name.startsWith('pglite'))
    expect(folders.sort()).toEqual(['pglite', expect.stringMatching(/^pglite\.replaced-/)])

    const back = await restoredPglite(target)
    const missing = acknowledgedBefore.filter((email) => !back.emails.has(email))
    expect(missing, 'acknowledged before the backup, missing after the restore').toEqual([])
    const visitors = [...back.emails].filter((email) => email.startsWith('pglite.'))
    expect(visitors.every((email) => acknowledged.includes(email))).toBe(true)
    expect(back.meetings.map((meeting) => [meeting.email, meeting.note])).toEqual([
      [KEPT, 'Integração com o ERP'],
    ])
    expect(back.notes).toEqual([NOTE])
    // Erased before the backup: still gone. Written again after the erasure: kept.
    const again = await openPgliteDatabase(path.join(target, 'pglite'))
    try {
      const { rows } = await again.query<{ message: string }>(
        'select message from public.contact_submissions where email = $1',
        [ERASED],
      )
      expect(rows.map((row) => row.message)).toEqual([laterLead])
    } finally {
      await again.close()
    }
  }, 300_000)

  // A truncated or altered backup is refused with nothing written: backup-hostile.test.ts,
  // among the other damaged files.

  // A restore into the folder of a running server is refused, naming it and changing nothing:
  // restore-under-live-servers.test.ts.

  it('backs up from the folder itself when no server runs on it', async () => {
    await server?.stop()
    server = undefined
    const file = path.join(root, 'stopped.backup')
    const run = await runBuiltCommand('backup', [file], { DATA_DIR: dataDir })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toContain('No server runs on')
    const check = await runBuiltCommand('restore', [file, '--check'], {})
    expect(check.code).toBe(0)
    expect(check.stderr).toMatch(/It is whole: [\d,]+ leads, 1 meeting, 0 quarantined messages/)
  }, 120_000)

  describe('into PostgreSQL', () => {
    let postgres: PostgresServer | undefined
    let site: RunningServer | undefined
    let fromPostgres: string
    let acknowledgedOnPostgres: string[] = []
    let acknowledgedAll: string[] = []

    const databaseUrl = (name: string) => {
      const url = new URL(postgres?.url ?? '')
      url.pathname = `/${name}`
      return url.toString()
    }
    const createDatabase = async (name: string) => {
      const admin = await openPostgresDatabase(postgres?.url ?? '')
      try {
        await admin.query(`create database ${name}`)
      } finally {
        await admin.close()
      }
      return databaseUrl(name)
    }
    const readPostgres = async (url: string) => {
      const db = await openPostgresDatabase(url)
      try {
        return await readBack(db)
      } finally {
        await db.close()
      }
    }

    beforeAll(async () => {
      postgres = await startPostgresServer()
      site = await startServer(
        testSettings({ PORT: '0', DATABASE_URL: await createDatabase('site'), ...VISITORS }),
      )
      await seedCompany(site.db)
    })
    afterAll(async () => {
      await site?.stop()
      await postgres?.stop()
    })

    it('writes a backup of DATABASE_URL while visitors send, and restores it into a new database', async () => {
      if (!site) throw new Error('no server')
      const visitors = streamVisitors(site.url, 'postgres')
      await waitFor(
        'visitors acknowledged',
        () => visitors.soFar().length,
        (n) => n >= 5,
        {
          timeoutMs: 60_000,
        },
      )
      acknowledgedOnPostgres = visitors.soFar()
      fromPostgres = path.join(root, 'postgres', 'site.backup')
      const made = await runBuiltCommand('backup', [fromPostgres], {
        DATABASE_URL: databaseUrl('site'),
      })
      acknowledgedAll = await visitors.stop()
      expect(made.code, made.stderr).toBe(0)
      expect(made.stderr).toContain('Reading the PostgreSQL database in DATABASE_URL')
      expect((await stat(fromPostgres)).mode & 0o777).toBe(0o600)
      // No server was asked: the command records how it went, for the desk and the alerts.
      const runs = await site.db.query<{ via: string; ok: boolean; file: string }>(
        'select via, ok, file from private.backup_runs',
      )
      expect(runs.rows).toEqual([{ via: 'comando', ok: true, file: 'site.backup' }])

      const url = await createDatabase('restored')
      const run = await runBuiltCommand('restore', [fromPostgres], { DATABASE_URL: url })
      expect(run.code, run.stderr).toBe(0)
      const back = await readPostgres(url)
      expect(acknowledgedOnPostgres.filter((email) => !back.emails.has(email))).toEqual([])
      const visitorsBack = [...back.emails].filter((email) => email.startsWith('postgres.'))
      expect(visitorsBack.every((email) => acknowledgedAll.includes(email))).toBe(true)
      expect(back.notes).toEqual([NOTE])
      expect(back.meetings.map((meeting) => meeting.email).sort()).toEqual([ERASED, KEPT].sort())

      // A server starts on it as on any database of its version.
      const restarted = await startServer(testSettings({ PORT: '0', DATABASE_URL: url }))
      await restarted.stop()
    }, 300_000)

    it('restores as a database user that is not a superuser, which then runs the site', async () => {
      // As docs/deploy.md's "The database user": a DBA made the roles and the owner once.
      const admin = await openPostgresDatabase(postgres?.url ?? '')
      try {
        await admin.exec('create role restorer login nosuperuser nocreaterole nocreatedb')
        await admin.exec('grant anon to restorer')
        await admin.exec('create database by_owner owner restorer')
      } finally {
        await admin.close()
      }
      const url = new URL(databaseUrl('by_owner'))
      url.username = 'restorer'
      const run = await runBuiltCommand('restore', [fromPostgres], {
        DATABASE_URL: url.toString(),
      })
      expect(run.code, run.stderr).toBe(0)
      const back = await readPostgres(url.toString())
      expect(acknowledgedOnPostgres.filter((email) => !back.emails.has(email))).toEqual([])
      expect(back.notes).toEqual([NOTE])
      const restarted = await startServer(testSettings({ PORT: '0', DATABASE_URL: url.toString() }))
      try {
        const { rows } = await restarted.db.query<{ superuser: boolean; owner: string }>(
          `select r.rolsuper as superuser, pg_get_userbyid(n.nspowner) as owner
             from pg_roles r, pg_namespace n where r.rolname = current_user and n.nspname = 'private'`,
        )
        expect(rows).toEqual([{ superuser: false, owner: 'restorer' }])
      } finally {
        await restarted.stop()
      }
    }, 300_000)

    it('restores a PGlite backup into PostgreSQL, erased people still erased', async () => {
      const url = await createDatabase('from_pglite')
      const run = await runBuiltCommand('restore', [newer], { DATABASE_URL: url })
      expect(run.code, run.stderr).toBe(0)
      const back = await readPostgres(url)
      expect(acknowledgedBefore.filter((email) => !back.emails.has(email))).toEqual([])
      expect(back.meetings.map((meeting) => meeting.email)).toEqual([KEPT])
      expect(back.quarantined).not.toContain(ERASED)
    }, 300_000)

    it('backs up a database migrated as `supabase db push` does, restores it into PGlite, and applies its erasures after a restore made by other means', async () => {
      const url = await createDatabase('hosted')
      await applyMigrationsLikeSupabase(url)
      const hosted = await openPostgresDatabase(url)
      try {
        // The Supabase CLI's own record of what it pushed.
        const versions = (await knownMigrations()).map((name) => name.slice(0, 14))
        await hosted.exec(`create schema supabase_migrations;
          create table supabase_migrations.schema_migrations (version text primary key)`)
        await hosted.query(
          'insert into supabase_migrations.schema_migrations select unnest($1::text[])',
          [versions],
        )
        await seedCompany(hosted)
        await hosted.query('select private.erase_leads_by_email($1)', [ERASED])
      } finally {
        await hosted.close()
      }
      const file = path.join(root, 'hosted', 'hosted.backup')
      const made = await runBuiltCommand('backup', [file], { DATABASE_URL: url })
      expect(made.code, made.stderr).toBe(0)

      const folder = path.join(root, 'from-hosted')
      const restored = await runBuiltCommand('restore', [file], { DATA_DIR: folder })
      expect(restored.code, restored.stderr).toBe(0)
      const back = await restoredPglite(folder)
      expect(back.count).toBe(121)
      expect(back.emails.has(ERASED)).toBe(false)
      expect(back.notes).toEqual([NOTE])

      // Supabase brings the project back to before the erasure: the person is there again,
      // until the newest backup's erasures are applied.
      const again = await openPostgresDatabase(url)
      try {
        await seedLeads(again, [
          {
            name: 'Pessoa',
            email: ERASED,
            message: 'Quero um orçamento.',
            createdAt: new Date(Date.now() - 86_400_000),
          },
        ])
        const applied = await runBuiltCommand('restore', [file, '--erasures-only'], {
          DATABASE_URL: url,
        })
        expect(applied.code, applied.stderr).toBe(0)
        expect(applied.stderr).toContain('1 lead(s) or message(s) erased again')
        const { rows } = await again.query(
          'select 1 from public.contact_submissions where email = $1',
          [ERASED],
        )
        expect(rows).toEqual([])
      } finally {
        await again.close()
      }
    }, 300_000)

    it('refuses a database that holds the site, and leaves a replaced one whole when the restore fails', async () => {
      const url = databaseUrl('from_pglite')
      const refused = await runBuiltCommand('restore', [fromPostgres], { DATABASE_URL: url })
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain("already has the site's schema, with")
      const before = await readPostgres(url)

      // Whole and checksummed, but one row breaks a rule: the load fails half-way through.
      const broken = path.join(root, 'broken', 'broken.backup')
      await mkdir(path.dirname(broken))
      await breakOneRow(fromPostgres, broken)
      const failed = await runBuiltCommand('restore', [broken, '--replace'], {
        DATABASE_URL: url,
      })
      expect(failed.code).toBe(1)
      expect(failed.stderr).toContain('contact_submissions_lead_status_check')
      const after = await readPostgres(url)
      expect([...after.emails].sort()).toEqual([...before.emails].sort())
      expect(after.meetings).toEqual(before.meetings)

      const emptyUrl = await createDatabase('never_restored')
      const truncated = path.join(root, 'broken', 'cut.backup')
      await copyFile(fromPostgres, truncated)
      await writeFile(truncated, (await readFile(truncated)).subarray(0, 2_000))
      const cut = await runBuiltCommand('restore', [truncated], { DATABASE_URL: emptyUrl })
      expect(cut.code).toBe(1)
      expect(cut.stderr).toContain('truncated')
      const empty = await openPostgresDatabase(emptyUrl)
      try {
        const { rows } = await empty.query<{ n: number }>(
          "select count(*)::integer as n from pg_namespace where nspname in ('private', 'app_private')",
        )
        expect(rows[0]?.n).toBe(0)
      } finally {
        await empty.close()
      }
    }, 300_000)
  })
})
