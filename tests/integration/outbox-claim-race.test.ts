/**
 * Two servers' webhook sweeps claiming one chat receiver's deliveries at the same moment, as the
 * SQL they call (private.claim_webhook_delivery) on a real PostgreSQL 15: no claim is refused
 * with "deadlock detected" (which cost that server's sweep its turn) and no delivery goes to
 * both (decision 088). PostgreSQL only: PGlite has one connection, so claims never overlap.
 */
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { applyMigrations } from '../../server/db/migrate.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { ensureSupabaseRoles } from '../../server/db/supabase-roles.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'
import { waitFor } from '../support/wait.ts'

const TYPES = ['lead.created', 'lead.overdue', 'booking.created'] as const
const EVENTS_PER_TYPE = 12
const ROUNDS = 40

let postgres: PostgresDatabase | undefined
let db: Database
let receiver = ''

beforeAll(async () => {
  postgres = await createPostgresDatabase()
  db = await openPostgresDatabase(postgres.url)
  await ensureSupabaseRoles(db)
  await applyMigrations(db)
  await db.query('select private.sync_webhook_receivers($1::jsonb)', [
    JSON.stringify([{ url: 'https://hooks.slack.com/services/T0/B0/race', format: 'slack' }]),
  ])
  receiver =
    (await db.query<{ id: string }>('select id::text from private.webhook_receivers')).rows[0]
      ?.id ?? ''
  // No single post left this hour: each type goes as a digest, or waits for its turn.
  await db.query('update private.contact_settings set mail_per_hour = 0')
  for (const type of TYPES) {
    for (let n = 0; n < EVENTS_PER_TYPE; n += 1) {
      await db.query("select private.queue_webhook_event($1, null, '{}'::jsonb)", [type])
    }
  }
}, 120_000)

afterAll(async () => {
  await db?.close()
  await postgres?.stop()
})

/** Every delivery due and unclaimed again; each type's digest went a moment ago, or never. */
const resetRound = async (digestWentLately: boolean) => {
  await db.query(
    'update private.webhook_deliveries set due_at = now(), claimed_until = null, send_id = null',
  )
  await db.query('delete from private.outbox_sends')
  if (digestWentLately) {
    for (const type of TYPES) {
      await db.query(
        "insert into private.outbox_sends (queue, channel, kind, ok) values ($1, $2, 'digest', true)",
        [`webhook.${type}`, receiver],
      )
    }
  }
}

/** One claim of the receiver's due deliveries, as a server's sweep makes it. */
const claim = async () =>
  (
    await db.query<{ delivery_id: string }>(
      'select delivery_id::text from private.claim_webhook_delivery($1::bigint, 30)',
      [receiver],
    )
  ).rows.map((row) => row.delivery_id)

/** One server's sweep: claims until nothing is left for it, as webhook-delivery.ts does. */
const sweep = async (claimed: string[]) => {
  for (let ids = await claim(); ids.length > 0; ids = await claim()) claimed.push(...ids)
}

/** How each of the calls made at once ended: 'ok', or the error PostgreSQL answered. */
const outcomesOf = async (calls: Promise<unknown>[]) =>
  (await Promise.allSettled(calls)).map((outcome) =>
    outcome.status === 'fulfilled' ? 'ok' : String(outcome.reason),
  )

/** The claims waiting for a lock (an advisory lock, a row's) in this database right now. */
const waitingClaims = async () =>
  (
    await db.query<{ n: number }>(
      `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where not l.granted and a.query like '%claim_webhook_delivery%'`,
    )
  ).rows[0]?.n ?? 0

it('lets a second server claim while the first waits for a type’s turn: no deadlock', async () => {
  await resetRound(true)
  // Another sender holds the oldest type's turn for a moment (it is opening a send).
  const blocker = new pg.Client({ connectionString: postgres?.url })
  await blocker.connect()
  try {
    await blocker.query('begin')
    await blocker.query(
      "select pg_advisory_xact_lock(20261205, hashtext('webhook.lead.created ' || $1))",
      [receiver],
    )
    // The first server's claim reaches the turn and waits; then the second server's arrives.
    const waiting = { timeoutMs: 30_000, intervalMs: 20 }
    const first = claim()
    await waitFor('the first claim to wait', waitingClaims, (n) => n === 1, waiting)
    const second = claim()
    await waitFor('the second claim to wait', waitingClaims, (n) => n === 2, waiting)
    await blocker.query('commit')
    expect(await outcomesOf([first, second])).toEqual(['ok', 'ok'])
  } finally {
    await blocker.end()
  }
}, 60_000)

it('lets two servers sweep one receiver at once: no delivery claimed twice, none refused', async () => {
  for (let round = 0; round < ROUNDS; round += 1) {
    await resetRound(round % 2 === 0)
    const byServer: [string[], string[]] = [[], []]
    expect(await outcomesOf(byServer.map((claimed) => sweep(claimed))), `round ${round}`).toEqual([
      'ok',
      'ok',
    ])
    const [first, second] = byServer
    expect(
      first.filter((id) => second.includes(id)),
      `round ${round}`,
    ).toEqual([])
  }
}, 120_000)
