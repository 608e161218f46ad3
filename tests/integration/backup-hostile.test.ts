/**
 * What a hostile caller might send the backup route, and what a damaged or forged file does to
 * `npm run restore` (the build's command): each refused with a clear answer and nothing
 * written. A forger who can rewrite a backup where it is kept (a new calendar-feed token, a
 * phishing meeting address, the limits off, an erasure taken out) cannot sign it again without
 * the backup key, which is in no backup (decision 056). `WRITE_HOSTILE_TABLE=docs/hostile-inputs.md npx vitest run --project integration
 * tests/integration/backup-hostile.test.ts` writes both tables into docs/hostile-inputs.md.
 */
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { gunzipSync, gzipSync } from 'node:zlib'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBackupAccess } from '../../server/backup/backup-access.ts'
import { readBackup, type BackupHeader } from '../../server/backup/backup-format.ts'
import { createBackupWriter } from '../../server/backup/backup-writer.ts'
import { BACKUP_PATH } from '../../server/backup/backup-route.ts'
import { backupFileName } from '../../server/backup/daily-backup.ts'
import { exportDatabase } from '../../server/backup/export-database.ts'
import { claimDatabaseForRestore } from '../../server/backup/restore-guard.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { openPgliteDatabase } from '../../server/db/pglite.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { runBuiltCommand } from '../support/backup-commands.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { tableRow, writeHostileSection } from '../support/hostile-table.ts'
import { generateLeads, seedLeads } from '../support/seed-leads.ts'
import {
  asUnsignedBackup,
  backupLines,
  exportBackupFile,
  otherBackupKey,
  signedBackup,
  testBackupKey,
  testTrust,
} from '../support/test-backups.ts'
import { createTestDatabase } from '../support/test-database.ts'
import { testSettings } from '../support/test-app.ts'
import { waitFor } from '../support/wait.ts'

let root: string
let server: RunningServer | undefined
let token = ''
let whole: Buffer
const ERASED = 'pediu.apagamento@example.com'

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backup-hostile-'))
  const dataDir = path.join(root, 'site')
  server = await startServer(testSettings({ PORT: '0', DATA_DIR: dataDir }))
  token = (await readBackupAccess(dataDir))?.token ?? ''
  const db = await createTestDatabase()
  try {
    await seedLeads(db, generateLeads(30))
    // Someone erased, and the calendar feed's address made: what a forger would undo and take.
    await seedLeads(db, [{ name: 'Pessoa', email: ERASED, message: 'Apaguem-me.' }])
    await db.query('select private.erase_leads_by_email($1)', [ERASED])
    await db.query('select private.new_booking_feed_token()')
    const out = new PassThrough()
    const chunks: Buffer[] = []
    out.on('data', (chunk: Buffer) => chunks.push(chunk))
    await exportDatabase(db, createBackupWriter(out, testBackupKey), 'pglite')
    whole = Buffer.concat(chunks)
  } finally {
    await db.close()
  }
}, 120_000)
afterAll(async () => {
  await server?.stop()
  await rm(root, { recursive: true, force: true })
})

interface RouteCase {
  label: string
  method?: string
  /** Headers, given the server's token. */
  headers: (token: string) => Record<string, string>
  query?: (token: string) => string
  status: number
}

const ROUTE_CASES: RouteCase[] = [
  {
    label: 'the token from DATA_DIR/backup-access.json (the reference)',
    headers: (t) => ({ authorization: `Bearer ${t}` }),
    status: 200,
  },
  { label: 'no token', headers: () => ({}), status: 404 },
  {
    label: 'a wrong token of the same length',
    headers: (t) => ({ authorization: `Bearer ${'0'.repeat(t.length)}` }),
    status: 404,
  },
  {
    label: 'the token cut by one character',
    headers: (t) => ({ authorization: `Bearer ${t.slice(1)}` }),
    status: 404,
  },
  {
    label: 'the token as Basic credentials',
    headers: (t) => ({ authorization: `Basic ${t}` }),
    status: 404,
  },
  {
    label: 'the token in the query string',
    headers: () => ({}),
    query: (t) => `?token=${t}`,
    status: 404,
  },
  {
    label: 'the token through a proxy (X-Forwarded-For)',
    headers: (t) => ({ authorization: `Bearer ${t}`, 'x-forwarded-for': '127.0.0.1' }),
    status: 404,
  },
  {
    label: 'the token through a proxy (Forwarded)',
    headers: (t) => ({ authorization: `Bearer ${t}`, forwarded: 'for=127.0.0.1' }),
    status: 404,
  },
  {
    label: 'a POST with the token',
    method: 'POST',
    headers: (t) => ({ authorization: `Bearer ${t}` }),
    status: 404,
  },
]

const routeAnswers: string[] = []

describe('the backup route', () => {
  it.each(ROUTE_CASES)(
    '$label → $status',
    async (routeCase) => {
      const response = await fetch(
        `${server?.url}${BACKUP_PATH}${routeCase.query?.(token) ?? ''}`,
        { method: routeCase.method ?? 'GET', headers: routeCase.headers(token) },
      )
      const body = Buffer.from(await response.arrayBuffer())
      expect(response.status).toBe(routeCase.status)
      if (response.status === 200) {
        const contents = await readBackup(Readable.from([body]), testTrust)
        expect(contents.header.source).toBe('pglite')
      } else {
        expect(body.toString()).not.toContain('site-backup')
      }
      routeAnswers.push(tableRow([routeAnswers.length + 1, routeCase.label, response.status]))
    },
    120_000,
  )
})

describe('a caller that goes away during a backup', () => {
  it('stops the export, records it as failed, and leaves the server ready for the next one', async () => {
    const db = server?.db
    if (!db) throw new Error('no server')
    const url = `${server?.url}${BACKUP_PATH}`
    const headers = { authorization: `Bearer ${token}` }
    const leaving = new AbortController()
    const first = await fetch(url, { headers, signal: leaving.signal })
    expect(first.status).toBe(200)
    leaving.abort()
    const failed = await waitFor(
      'the abandoned backup recorded',
      async () =>
        (
          await db.query<{ ok: boolean | null; error: string | null }>(
            'select ok, error from private.backup_runs order by id desc limit 1',
          )
        ).rows[0],
      (run) => run?.ok === false,
      { timeoutMs: 60_000 },
    )
    expect(failed?.error).toBe('Whoever asked for the backup went away before its end.')
    const second = await fetch(url, { headers })
    const contents = await readBackup(
      Readable.from([Buffer.from(await second.arrayBuffer())]),
      testTrust,
    )
    expect(contents.header.counts.leads).toBe(0)
  }, 180_000)
})

describe('a server stopped during a backup', () => {
  it('ends the backup instead of waiting for it, records why, and leaves no copy behind', async () => {
    const dataDir = path.join(root, 'stopping')
    const stopping = await startServer(testSettings({ PORT: '0', DATA_DIR: dataDir }))
    const access = await readBackupAccess(dataDir)
    const asked = await fetch(`${stopping.url}${BACKUP_PATH}`, {
      headers: { authorization: `Bearer ${access?.token ?? ''}` },
    })
    expect(asked.status).toBe(200)
    const reading = asked.arrayBuffer().catch(() => undefined)
    await stopping.stop()
    await reading
    const db = await openPgliteDatabase(path.join(dataDir, 'pglite'))
    try {
      const { rows } = await db.query<{ ok: boolean; error: string }>(
        'select ok, error from private.backup_runs',
      )
      expect(rows).toEqual([{ ok: false, error: 'The server stopped during the backup.' }])
    } finally {
      await db.close()
    }
    const left = await readdir(dataDir)
    expect(left.filter((name) => name.startsWith('backup-'))).toEqual([])
  }, 180_000)
})

/** The backup with its text changed and its checksum made anew: whole, but not the same. */
const rewritten = async (change: (header: BackupHeader, lines: string[]) => string[]) => {
  const contents = await readBackup(Readable.from([whole]), testTrust)
  const text = gunzipSync(whole).toString('utf8').split('\n')
  const body = text.filter((line) => /^[TRE]/.test(line))
  const header = structuredClone(contents.header)
  const changed = change(header, body)
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (chunk: Buffer) => chunks.push(chunk))
  const writer = createBackupWriter(out, testBackupKey)
  await writer.header(header)
  for (const line of changed) {
    const json = line.slice(1)
    if (line.startsWith('T')) {
      const start = JSON.parse(json) as { table: string; columns: string[] }
      await writer.beginTable(start.table, start.columns)
    } else if (line.startsWith('R')) await writer.row(json)
    else await writer.endTable()
  }
  await writer.finish(contents.sequences)
  return Buffer.concat(chunks)
}

/**
 * The backup as a forger would rewrite it: the calendar feed's token replaced by one they
 * know, the meeting address made a phishing page, the contact form's limits off, and the
 * erased person's erasure taken out (so a restore brings them back).
 */
const forgedLines = () => {
  let inErasures = false
  return backupLines(whole).flatMap((line) => {
    if (line.startsWith('T')) inErasures = line.includes('"table":"private.erasures"')
    if (inErasures && line.startsWith('R')) return []
    if (inErasures && line.startsWith('E')) return [line.replace(/"rows":\d+/, '"rows":0')]
    return [
      line
        .replace(/"token_hash":"[0-9a-f]{64}"/, `"token_hash":"${'f'.repeat(64)}"`)
        .replace('"meeting_url":null', '"meeting_url":"https://reuniao.example.net/golpe"')
        .replace(/"per_address_limit":\d+/, '"per_address_limit":2000000000')
        .replace(/"unknown_address_limit":\d+/, '"unknown_address_limit":2000000000'),
    ]
  })
}

interface FileCase {
  label: string
  /** The file's bytes; undefined: no file at all. */
  bytes: () => Promise<Buffer | undefined> | Buffer | undefined
  /** What the command says. */
  says: RegExp
  code: 0 | 1
  /** What the command is given after the file; `--check` for a file that passes. */
  args?: string[]
  /** The command's environment besides DATA_DIR (the tests' BACKUP_KEY by default). */
  env?: Record<string, string>
}

const FILE_CASES: FileCase[] = [
  {
    label: 'a whole backup (the reference, --check)',
    bytes: () => whole,
    says: /It is whole: 30 leads/,
    code: 0,
  },
  {
    label: 'a file that does not exist (a mistyped name)',
    bytes: () => undefined,
    says: /There is no such backup file\./,
    code: 1,
  },
  {
    label: 'an empty file',
    bytes: () => Buffer.alloc(0),
    says: /The file is empty/,
    code: 1,
  },
  {
    label: 'the first 70 % of a backup',
    bytes: () => whole.subarray(0, Math.floor(whole.length * 0.7)),
    says: /The backup is truncated: it ends before its last line\./,
    code: 1,
  },
  {
    label: 'a backup with one byte changed',
    bytes: () => {
      const changed = Buffer.from(whole)
      const at = Math.floor(whole.length / 2)
      changed[at] = (changed[at] ?? 0) ^ 0x01
      return changed
    },
    says: /The backup is (damaged|truncated)/,
    code: 1,
  },
  {
    label: 'a backup decompressed, a name edited, compressed again',
    bytes: () => gzipSync(gunzipSync(whole).toString('utf8').replace('"Ana ', '"Anna ')),
    says: /forged or damaged: its content does not match its signature/,
    code: 1,
  },
  {
    label:
      'a backup rewritten (a feed token the forger knows, a phishing meeting address, the limits off, an erasure taken out), its signatures left as they were',
    bytes: () => gzipSync(`${forgedLines().join('\n')}\n`),
    says: /forged or damaged/,
    code: 1,
  },
  {
    label:
      'the same rewrite with its SHA-256 made anew, as version 1.1.0 wrote backups (no signature)',
    bytes: () => asUnsignedBackup(forgedLines()),
    says: /This backup is not signed: .* run this again with --accept-unsigned/,
    code: 1,
  },
  {
    label: 'the same rewrite signed with another key (the forger’s own)',
    bytes: () => signedBackup(forgedLines(), otherBackupKey),
    says: new RegExp(`signed with backup key ${otherBackupKey.id}, not with this machine's`),
    code: 1,
  },
  {
    label: 'a backup whose first table’s signature line was taken out',
    bytes: () =>
      gzipSync(
        `${backupLines(whole)
          .filter((line) => !line.startsWith('C'))
          .join('\n')}\n`,
      ),
    says: /should sign its first table/,
    code: 1,
  },
  {
    label: 'a whole backup, on a machine without its key (no BACKUP_KEY, no DATA_DIR/backup-key)',
    bytes: () => whole,
    env: { BACKUP_KEY: '' },
    says: /this machine has no backup key: set BACKUP_KEY/,
    code: 1,
  },
  {
    label: 'a backup made by version 1.1.0 (unsigned), checked with --accept-unsigned',
    bytes: () => asUnsignedBackup(backupLines(whole)),
    args: ['--check', '--accept-unsigned'],
    says: /It is whole: 30 leads, .*NOT SIGNED/,
    code: 0,
  },
  {
    label: 'a backup with one row taken out, compressed again',
    bytes: () => {
      const lines = gunzipSync(whole).toString('utf8').split('\n')
      const first = lines.findIndex((line) => line.startsWith('R{"id"'))
      return gzipSync(lines.filter((_, index) => index !== first).join('\n'))
    },
    says: /should have \d+ rows and has \d+/,
    code: 1,
  },
  {
    label: 'a backup with a row added after its end',
    bytes: () => gzipSync(`${gunzipSync(whole).toString('utf8')}R{"id":1}\n`),
    says: /goes on after its end/,
    code: 1,
  },
  {
    label: 'a CSV export, gzipped',
    bytes: () => gzipSync('data;nome;email\n01/01/2026 10:00;Ana;ana@example.com\n'),
    says: /not a backup made by this site/,
    code: 1,
  },
  {
    label: 'a file that is not gzip',
    bytes: () => Buffer.from('{"leads": []}'),
    says: /not a backup made by this site \(it is not gzip\)/,
    code: 1,
  },
  {
    label: 'a format version this site does not know',
    bytes: () =>
      gzipSync(gunzipSync(whole).toString('utf8').replace('"version":2,', '"version":3,')),
    says: /format version 3, which this version of the site cannot read/,
    code: 1,
  },
  {
    label: 'a line of 70 MB',
    bytes: () => gzipSync(`H{"format":"site-backup","x":"${'a'.repeat(70 * 1024 * 1024)}"}\n`),
    says: /far too long/,
    code: 1,
  },
  {
    label: 'a whole backup from a newer version (a migration this one lacks)',
    bytes: () =>
      rewritten((header, lines) => {
        header.migrations.push('20991231000000_from_the_future.sql')
        return lines
      }),
    says: /made by a newer version of the site .*20991231000000_from_the_future\.sql/,
    code: 1,
  },
]

const fileAnswers: string[] = []

/** What the command said, without its progress lines and with no clock in it. */
const said = (run: { code: number | null; stderr: string }) =>
  run.stderr
    .trim()
    .split('\n')
    .filter(
      (line) =>
        !line.startsWith('Checking ') && (run.code === 0 || !line.startsWith('It is whole')),
    )
    .join(' ')
    .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '<when>')

describe('backup files given to npm run restore', () => {
  it.each(FILE_CASES)(
    '$label',
    async (fileCase) => {
      const folder = await mkdtemp(path.join(root, 'file-'))
      const file = path.join(folder, 'site.backup')
      const bytes = await fileCase.bytes()
      if (bytes) await writeFile(file, bytes)
      const target = path.join(folder, 'restored')
      const args = [file, ...(fileCase.args ?? (fileCase.code === 0 ? ['--check'] : []))]
      const run = await runBuiltCommand('restore', args, { DATA_DIR: target, ...fileCase.env })
      expect(run.stderr).toMatch(fileCase.says)
      expect(run.code).toBe(fileCase.code)
      expect(existsSync(target)).toBe(false)
      fileAnswers.push(
        tableRow([fileAnswers.length + 1, fileCase.label, run.code ?? '', said(run)]),
      )
    },
    120_000,
  )

  it('refuses a whole backup whose row breaks a rule of the schema, and leaves no folder', async () => {
    const folder = await mkdtemp(path.join(root, 'rule-'))
    const file = path.join(folder, 'site.backup')
    const bytes = await rewritten((_header, lines) => {
      const first = lines.findIndex((line) => line.includes('"lead_status":'))
      return lines.map((line, index) =>
        index === first ? line.replace(/"email":"[^"]+"/, '"email":"sem-arroba"') : line,
      )
    })
    await writeFile(file, bytes)
    const target = path.join(folder, 'restored')
    const run = await runBuiltCommand('restore', [file], { DATA_DIR: target })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(
      /A row of public.contact_submissions does not fit this database: .*violates check constraint/,
    )
    expect(run.stderr).toContain(`Nothing was restored: ${target}/pglite is as it was.`)
    // The lock's folder is made; the database folder and its half-built sibling are not left.
    expect((await readdir(target)).filter((name) => name.startsWith('pglite'))).toEqual([])
    fileAnswers.push(
      tableRow([
        fileAnswers.length + 1,
        'a whole backup whose row breaks a rule of the schema (an e-mail without @)',
        run.code ?? '',
        said(run).replaceAll(target, 'DATA_DIR'),
      ]),
    )
  }, 180_000)
})

const restoreAnswers: string[] = []

/** Output with no process, machine or clock in it, for the table. */
const plain = (text: string) =>
  text
    .replace(/\bPID \d+/g, 'PID <pid>')
    .replaceAll(` pid ${process.pid}`, ' pid <pid>')
    .replaceAll(hostname(), '<host>')
    .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '<when>')
    .replace(/127\.0\.0\.1|::1/g, '<client>')

describe('restores against the data they would replace', () => {
  let postgres: PostgresServer | undefined
  let onPostgres: RunningServer | undefined
  let url = ''
  let postgresBackup = ''
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
    onPostgres = await startServer(testSettings({ PORT: '0', DATABASE_URL: url }))
    postgresBackup = path.join(root, 'postgres', 'site.backup')
    const made = await runBuiltCommand('backup', [postgresBackup], { DATABASE_URL: url })
    expect(made.code, made.stderr).toBe(0)
  }, 120_000)
  afterAll(async () => {
    await onPostgres?.stop()
    await postgres?.stop()
  })

  it('refuses --replace into the folder of a running PGlite server', async () => {
    const dataDir = path.join(root, 'site')
    const file = path.join(root, 'alone-for-site', 'site.backup')
    await mkdir(path.dirname(file))
    await writeFile(file, whole)
    const run = await runBuiltCommand('restore', [file, '--replace'], { DATA_DIR: dataDir })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`The data folder ${dataDir} is in use by another process`)
    restoreAnswers.push(
      tableRow([
        restoreAnswers.length + 1,
        '`restore --replace` into the folder of a running PGlite server',
        run.code ?? '',
        plain(said(run).replaceAll(dataDir, 'DATA_DIR')),
      ]),
    )
  }, 120_000)

  it('refuses --replace on PostgreSQL while a server of the site uses the database', async () => {
    const run = await runBuiltCommand('restore', [postgresBackup, '--replace'], {
      DATABASE_URL: url,
    })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('server(s) of the site are using this database')
    restoreAnswers.push(
      tableRow([
        restoreAnswers.length + 1,
        '`restore --replace` on PostgreSQL while a server of the site uses the database (1.1.0 restored under it: the next lead went to the backup’s webhook receivers)',
        run.code ?? '',
        plain(said(run)),
      ]),
    )
  }, 120_000)

  it('refuses --replace on PostgreSQL while another session is connected', async () => {
    await onPostgres?.stop()
    onPostgres = undefined
    const other = new pg.Client({ connectionString: url, application_name: 'psql' })
    await other.connect()
    try {
      const run = await runBuiltCommand('restore', [postgresBackup, '--replace'], {
        DATABASE_URL: url,
      })
      expect(run.code).toBe(1)
      expect(run.stderr).toContain('Other sessions are connected to this database')
      restoreAnswers.push(
        tableRow([
          restoreAnswers.length + 1,
          '`restore --replace` on PostgreSQL while someone’s psql is connected to the database',
          run.code ?? '',
          plain(said(run)),
        ]),
      )
    } finally {
      await other.end()
    }
  }, 120_000)

  it('makes a server that starts on PostgreSQL during a restore wait for it', async () => {
    const claim = await claimDatabaseForRestore(url, { replace: true })
    const logged: string[] = []
    const starting = startServer(testSettings({ PORT: '0', DATABASE_URL: url }), {
      info: (event, fields) => void logged.push(`${event}: ${String(fields?.message ?? '')}`),
      error: () => {},
    })
    try {
      const waiting = await waitFor(
        'the server to wait for the restore',
        () => logged.find((line) => line.startsWith('database_restore_waiting')),
        (line) => line !== undefined,
        { timeoutMs: 60_000 },
      )
      restoreAnswers.push(
        tableRow([
          restoreAnswers.length + 1,
          'a server started on PostgreSQL while a restore runs',
          'waits',
          plain(waiting ?? ''),
        ]),
      )
    } finally {
      await claim.release()
    }
    await (await starting).stop()
  }, 120_000)

  it('restores the oldest of three daily backups side by side after erasures', async () => {
    const folder = path.join(root, 'daily')
    await mkdir(folder, { mode: 0o700 })
    const db = await createTestDatabase()
    const files: string[] = []
    try {
      await seedLeads(
        db,
        ['um', 'dois', 'tres'].map((name) => ({
          name,
          email: `${name}@example.com`,
          message: 'Oi',
          createdAt: new Date(Date.now() - 86_400_000 * 10),
        })),
      )
      for (const [day, name] of ['um', 'dois', 'tres'].entries()) {
        await db.query('select private.erase_leads_by_email($1)', [`${name}@example.com`])
        const file = path.join(folder, backupFileName(new Date(Date.UTC(2026, 10, 20 + day, 6))))
        await exportBackupFile(db, file)
        files.push(file)
      }
    } finally {
      await db.close()
    }
    const target = path.join(root, 'from-daily')
    const run = await runBuiltCommand('restore', [files[0] ?? ''], { DATA_DIR: target })
    expect(run.code, run.stderr).toBe(0)
    const erasedLine = run.stderr.split('\n').find((line) => line.startsWith('Erased again')) ?? ''
    expect(erasedLine).toContain('Erased again: 2 lead(s)')
    restoreAnswers.push(
      tableRow([
        restoreAnswers.length + 1,
        'the oldest of three daily backups side by side, a person erased before each (1.1.0: "ON CONFLICT DO UPDATE command cannot affect row a second time")',
        run.code ?? '',
        erasedLine,
      ]),
    )
  }, 180_000)
})

afterAll(async () => {
  const target = process.env.WRITE_HOSTILE_TABLE
  if (!target) return
  const existing = await readFile(target, 'utf8').catch(() => '')
  if (!existing) return
  await writeHostileSection(target, 'Backups', [
    '## Backups',
    '',
    'Generated by `tests/integration/backup-hostile.test.ts`. `GET /_backup` is how',
    '`npm run backup` asks a running PGlite server for a backup (decision 050); anyone else gets',
    "the answer of a path that does not exist. Then files given to `npm run restore` (the build's",
    'command): each refused before anything is written (the last one after loading began, in a',
    'transaction that leaves nothing), with its last line of output. Backups are signed with a',
    'key kept outside the database and the file (decision 056): a file rewritten where it is kept',
    'cannot be signed again. Last, restores against the data they would replace.',
    '',
    '| #   | request to `/_backup` | status |',
    '| --- | --------------------- | ------ |',
    ...routeAnswers,
    '',
    '| #   | file | exit | what it says |',
    '| --- | ---- | ---- | ------------ |',
    ...fileAnswers,
    '',
    '| #   | restore | exit | what it says |',
    '| --- | ------- | ---- | ------------ |',
    ...restoreAnswers,
  ])
})
