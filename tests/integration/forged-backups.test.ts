/**
 * A backup rewritten where it is kept (off the machine, in object storage, on a NAS) cannot
 * pass as whole (decision 056): whether its SHA-256 was made anew (1.1.0's format, which anyone
 * can write), it was signed with another key, or it was cut short, `npm run restore --replace`
 * refuses it before touching anything, and the data it would have replaced is as it was, on
 * PGlite and on PostgreSQL. A real 1.1.0 backup still restores when the operator accepts an
 * unsigned file.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { openPgliteDatabase } from '../../server/db/pglite.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { runBuiltCommand } from '../support/backup-commands.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { generateLeads, seedLeads } from '../support/seed-leads.ts'
import {
  asUnsignedBackup,
  backupLines,
  exportBackupFile,
  otherBackupKey,
  signedBackup,
} from '../support/test-backups.ts'
import { createTestDatabase } from '../support/test-database.ts'

const ERASED = 'quer.sumir@example.com'
const PHISHING = 'https://reuniao.example.net/entrar'

let root: string
/** The company's backup, signed with its key; and the forgeries made of it. */
let genuine: string
const forged: { label: string; file: string; says: RegExp }[] = []
let fromOldVersion: string

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'forged-backups-'))
  const db = await createTestDatabase()
  try {
    await seedLeads(db, generateLeads(12))
    await seedLeads(db, [{ name: 'Pessoa', email: ERASED, message: 'Apaguem meus dados.' }])
    await db.query('select private.erase_leads_by_email($1)', [ERASED])
    genuine = path.join(root, 'genuine', 'site.backup')
    await mkdir(path.dirname(genuine))
    await exportBackupFile(db, genuine)
  } finally {
    await db.close()
  }
  const bytes = await readFile(genuine)
  // What a forger changes: the meeting address, the limits, the erasure (the person returns).
  let inErasures = false
  const rewritten = backupLines(bytes).flatMap((line) => {
    if (line.startsWith('T')) inErasures = line.includes('"table":"private.erasures"')
    if (inErasures && line.startsWith('R')) return []
    if (inErasures && line.startsWith('E')) return [line.replace(/"rows":\d+/, '"rows":0')]
    return [
      line
        .replace('"meeting_url":null', `"meeting_url":"${PHISHING}"`)
        .replace(/"per_address_limit":\d+/, '"per_address_limit":2000000000'),
    ]
  })
  const write = async (name: string, content: Buffer) => {
    // Each alone in a folder: no backup beside it lends it erasures.
    const file = path.join(root, name, 'site.backup')
    await mkdir(path.dirname(file))
    await writeFile(file, content)
    return file
  }
  forged.push(
    {
      label: 'rewritten, its SHA-256 made anew',
      file: await write('sha256', asUnsignedBackup(rewritten)),
      says: /This backup is not signed/,
    },
    {
      label: 'rewritten and signed with another key',
      file: await write('other-key', signedBackup(rewritten, otherBackupKey)),
      says: new RegExp(`signed with backup key ${otherBackupKey.id}, not with this machine's`),
    },
    {
      label: 'cut short',
      file: await write('truncated', bytes.subarray(0, Math.floor(bytes.length * 0.8))),
      says: /truncated/,
    },
  )
  fromOldVersion = await write('old-version', asUnsignedBackup(backupLines(bytes)))
}, 120_000)
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

/** What a forgery would change, read from a database. */
const siteState = async (db: Database) => ({
  leads: (
    await db.query<{ email: string }>('select email from public.contact_submissions order by 1')
  ).rows.map((row) => row.email),
  meetingUrl: (await db.query('select meeting_url from private.booking_settings')).rows,
  limits: (await db.query('select per_address_limit from private.contact_settings')).rows,
  erasures: (await db.query('select kind, digest from private.erasures order by 2')).rows,
})

/** Each forgery given to `restore --replace`: refused, and the data as it was. */
const refusesEachForgery = async (
  env: Record<string, string>,
  read: () => Promise<Awaited<ReturnType<typeof siteState>>>,
) => {
  const before = await read()
  expect(before.leads).toHaveLength(12)
  expect(before.erasures).toHaveLength(1)
  for (const forgery of forged) {
    const run = await runBuiltCommand('restore', [forgery.file, '--replace'], env)
    expect(run.code, forgery.label).toBe(1)
    expect(run.stderr, forgery.label).toMatch(forgery.says)
    expect(run.stderr, forgery.label).not.toContain('Restored into')
    expect(await read(), forgery.label).toEqual(before)
  }
}

describe('on PGlite', () => {
  const dataDir = () => path.join(root, 'site-pglite')
  const read = async () => {
    const db = await openPgliteDatabase(path.join(dataDir(), 'pglite'))
    try {
      return await siteState(db)
    } finally {
      await db.close()
    }
  }

  it('refuses each forgery before touching the folder it would replace', async () => {
    const made = await runBuiltCommand('restore', [genuine], { DATA_DIR: dataDir() })
    expect(made.code, made.stderr).toBe(0)
    await refusesEachForgery({ DATA_DIR: dataDir() }, read)
    expect((await readdir(dataDir())).filter((name) => name.startsWith('pglite.'))).toEqual([])
  }, 300_000)

  it('refuses a forged file named for its erasures, naming it, and restores nothing', async () => {
    const target = path.join(root, 'never-restored')
    const [unsigned] = forged
    const run = await runBuiltCommand(
      'restore',
      [genuine, '--erasures-from', unsigned?.file ?? ''],
      { DATA_DIR: target },
    )
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`--erasures-from ${unsigned?.file}: This backup is not signed`)
    expect(await readdir(target).catch(() => [])).toEqual([])
  }, 120_000)

  it('restores a backup made by 1.1.0 only when told to accept an unsigned file', async () => {
    // Without --accept-unsigned it is refused as the forgery above whose SHA-256 was made anew
    // is: the same format, no signature.
    const target = path.join(root, 'from-old-version')
    const run = await runBuiltCommand('restore', [fromOldVersion, '--accept-unsigned'], {
      DATA_DIR: target,
    })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toMatch(/It is whole: 12 leads, .*NOT SIGNED/)
  }, 300_000)
})

describe('on PostgreSQL', () => {
  let postgres: PostgresServer | undefined
  let url = ''
  beforeAll(async () => {
    postgres = await startPostgresServer()
    const admin = await openPostgresDatabase(postgres.url)
    try {
      await admin.query('create database site')
      await admin.query('create database from_old_version')
    } finally {
      await admin.close()
    }
    const named = new URL(postgres.url)
    named.pathname = '/site'
    url = named.toString()
  })
  afterAll(async () => {
    await postgres?.stop()
  })
  const read = async () => {
    const db = await openPostgresDatabase(url)
    try {
      return await siteState(db)
    } finally {
      await db.close()
    }
  }

  it('refuses each forgery before dropping anything', async () => {
    const made = await runBuiltCommand('restore', [genuine], { DATABASE_URL: url })
    expect(made.code, made.stderr).toBe(0)
    await refusesEachForgery({ DATABASE_URL: url }, read)
  }, 300_000)

  it('restores a backup made by 1.1.0 only when told to accept an unsigned file', async () => {
    const target = new URL(url)
    target.pathname = '/from_old_version'
    const env = { DATABASE_URL: target.toString() }
    // Refused without --accept-unsigned as the unsigned forgery above is.
    const run = await runBuiltCommand('restore', [fromOldVersion, '--accept-unsigned'], env)
    expect(run.code, run.stderr).toBe(0)
  }, 300_000)
})
