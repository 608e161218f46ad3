/**
 * What a restore does once the rows are in (decision 056), into PGlite and into PostgreSQL:
 * the desk's calendar feed gets a new secret address, so the one subscribed to before (or one
 * taken from a backup file) answers as a wrong token; and the restore lists every setting the
 * backup brought back that is not its default (the meeting address, the limits, the webhook
 * receivers), saying which the server's next start writes again.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFeedToken } from '../../server/desk/agenda/feed-token.ts'
import { deskPaths } from '../../server/desk/desk-paths.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { FEED_TOKEN_PARAMETER } from '#shared/booking/bookings-feed.ts'
import { DESK_PASSWORD } from '../support/browser/lead-desk-site.ts'
import { runBuiltCommand } from '../support/backup-commands.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { generateLeads, seedLeads } from '../support/seed-leads.ts'
import { testSettings } from '../support/test-app.ts'
import { exportBackupFile } from '../support/test-backups.ts'

const MEETING_URL = 'https://reuniao.empresa.example/sala-fixa'
const SLACK = 'https://hooks.slack.com/services/T0000/B0000/segredo0123456789'
/** What the company's server ran with when the backup was taken. */
const COMPANY_ENV = {
  ADMIN_PASSWORD: DESK_PASSWORD,
  BOOKING_MEETING_URL: MEETING_URL,
  RATE_LIMIT_PER_ADDRESS: '3',
  WEBHOOK_URLS: `${SLACK}#slack`,
}
/** A server started on the restored data with none of those settings. */
const PLAIN_ENV = { ADMIN_PASSWORD: DESK_PASSWORD }

let root: string
let backup: string
let oldToken: string
let oldTokenHash: string

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'restore-aftermath-'))
  const dataDir = path.join(root, 'company')
  const server = await startServer(testSettings({ PORT: '0', DATA_DIR: dataDir, ...COMPANY_ENV }))
  try {
    await seedLeads(server.db, generateLeads(5))
    // The address the team subscribed to, as the desk's "Assinar no seu calendário" makes it.
    oldToken = await createFeedToken(server.db)
    const { rows } = await server.db.query<{ token_hash: string }>(
      'select token_hash from private.booking_feed_token',
    )
    oldTokenHash = rows[0]?.token_hash ?? ''
    expect((await feed(server.url, oldToken)).status).toBe(200)
    // Made in this process: what the restore does with it is what this file checks
    // (`npm run backup` through a running server is backup-restore.test.ts's).
    backup = path.join(root, 'backups', 'site.backup')
    await mkdir(path.dirname(backup), { mode: 0o700 })
    await exportBackupFile(server.db, backup)
  } finally {
    await server.stop()
  }
}, 180_000)
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const feed = async (url: string, token: string) => {
  const response = await fetch(`${url}${deskPaths.feed}?${FEED_TOKEN_PARAMETER}=${token}`)
  return { status: response.status, body: await response.text() }
}

/** What the restore says, and what the restored data answers once a server runs on it. */
const expectAftermath = async (
  run: { code: number | null; stderr: string },
  server: RunningServer,
) => {
  expect(run.code, run.stderr).toBe(0)
  expect(run.stderr).toContain('The calendar feed of the meetings has a new secret address')
  expect(run.stderr).toContain('Settings it brought back that differ from their defaults:')
  expect(run.stderr).toContain(
    `  - private.booking_settings.meeting_url: ${MEETING_URL} (default: none)`,
  )
  expect(run.stderr).toContain('  - private.contact_settings.per_address_limit: 3 (default: 10)')
  // A Slack address is the channel's key: named by its host and a hint only.
  expect(run.stderr).toMatch(
    / {2}- private\.webhook_receivers: hooks\.slack\.com\/services\/…\w{4} \(#slack; default: none\)/,
  )
  expect(run.stderr).not.toContain(SLACK)
  expect(run.stderr).toContain("The server's next start writes again the settings it owns")

  // The old address answers exactly as a wrong token does; the stored token is another.
  const old = await feed(server.url, oldToken)
  const wrong = await feed(server.url, 'f'.repeat(64))
  expect(old).toEqual(wrong)
  expect(old.status).toBe(404)
  const { rows } = await server.db.query<{ token_hash: string }>(
    'select token_hash from private.booking_feed_token',
  )
  expect(rows).toHaveLength(1)
  expect(rows[0]?.token_hash).not.toBe(oldTokenHash)
  // The new address works once the desk makes one.
  const fresh = await createFeedToken(server.db)
  expect((await feed(server.url, fresh)).status).toBe(200)
}

describe('after a restore into PGlite', () => {
  it('gives the feed a new address and lists the settings the backup brought back', async () => {
    const dataDir = path.join(root, 'restored')
    const run = await runBuiltCommand('restore', [backup], { DATA_DIR: dataDir })
    const server = await startServer(testSettings({ PORT: '0', DATA_DIR: dataDir, ...PLAIN_ENV }))
    try {
      await expectAftermath(run, server)
    } finally {
      await server.stop()
    }
  }, 180_000)
})

describe('after a restore into PostgreSQL', () => {
  let postgres: PostgresServer | undefined
  beforeAll(async () => {
    postgres = await startPostgresServer()
  })
  afterAll(async () => {
    await postgres?.stop()
  })

  it('gives the feed a new address and lists the settings the backup brought back', async () => {
    const admin = await openPostgresDatabase(postgres?.url ?? '')
    try {
      await admin.query('create database restored')
    } finally {
      await admin.close()
    }
    const url = new URL(postgres?.url ?? '')
    url.pathname = '/restored'
    const run = await runBuiltCommand('restore', [backup], { DATABASE_URL: url.toString() })
    const server = await startServer(
      testSettings({ PORT: '0', DATABASE_URL: url.toString(), ...PLAIN_ENV }),
    )
    try {
      await expectAftermath(run, server)
    } finally {
      await server.stop()
    }
  }, 180_000)
})
