/**
 * Every public call counted on hosted Supabase, where no Node server stands in front: a
 * Supabase-like PostgreSQL 15 (Supabase's roles, PostgREST's `authenticator` among them, the
 * migrations applied as `supabase db push` would, twice), requests run the way PostgREST runs
 * them (a transaction, as anon, `request.headers`, its pre-request function first, read-only
 * for GET), and the Edge Functions' count (decision 040).
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { readDatabaseError, type Database } from '../../server/db/database.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { MIGRATIONS_DIR } from '../../server/paths.ts'
import { blockedCallWords, callLimitCopy } from '#shared/http/call-limit-copy.ts'
import { withMinuteLeft } from '../support/minute-left.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { applyMigrationsLikeSupabase } from '../support/supabase-like-database.ts'

const THIS_MIGRATION = '20261128020100_public_call_limits.sql'

let postgres: PostgresServer
let db: Database

beforeAll(async () => {
  postgres = await startPostgresServer()
  // PostgREST's login role, as a Supabase project has it, before the migrations run.
  const client = new pg.Client({ connectionString: postgres.url })
  await client.connect()
  await client.query('create role authenticator noinherit login')
  await client.end()
  await applyMigrationsLikeSupabase(postgres.url)
  db = await openPostgresDatabase(postgres.url)
  // Applied a second time (with those after it, as a full run would), it changes nothing and
  // fails nowhere.
  for (const name of (await readdir(MIGRATIONS_DIR)).sort()) {
    if (name >= THIS_MIGRATION)
      await db.exec(await readFile(path.join(MIGRATIONS_DIR, name), 'utf8'))
  }
}, 120_000)
afterAll(async () => {
  await db?.close()
  await postgres?.stop()
})
beforeEach(async () => {
  await db.exec(`
    delete from private.public_call_counts;
    update private.contact_settings
       set calls_per_minute = 5, unknown_calls_per_minute = 7,
           calls_per_56_per_minute = 8, calls_per_48_per_minute = 11,
           client_address_header = 'cf-connecting-ip', client_address_hops = 1;
  `)
  // Each test's calls in one minute of the counts (a burst across two lets a call more through).
  await withMinuteLeft(db, 15)
})

type Answer = {
  status: number
  code?: string
  message?: string
  hint?: string
  retryAfter?: string
}

/** The error PostgREST would send for what the database raised. */
const answerOf = (error: unknown): Answer => {
  const { code, message, detail } = readDatabaseError(error)
  if (code !== 'PGRST' || detail === undefined) throw error
  const body = JSON.parse(message) as {
    code: string
    message: string
    hint: string
    details: string | null
  }
  const meta = JSON.parse(detail) as { status: number; headers: Record<string, string> }
  return { status: meta.status, ...body, retryAfter: meta.headers['Retry-After'] }
}

/**
 * One request as PostgREST runs it on hosted Supabase: its transaction (read-only for a GET),
 * the role and headers, the pre-request function the authenticator role names, then the call.
 */
const asPostgrest = async (
  headers: Record<string, string>,
  sql = 'select public.booking_free_times()',
  {
    method = 'POST',
    role = 'anon',
    path = '/rpc/booking_free_times',
  }: { method?: 'GET' | 'POST'; role?: string; path?: string } = {},
): Promise<Answer> => {
  const { rows } = await db.query<{ setting: string }>(
    `select substr(c, length('pgrst.db_pre_request=') + 1) as setting
       from pg_db_role_setting s
       join pg_roles r on r.oid = s.setrole and r.rolname = 'authenticator',
       unnest(s.setconfig) c
      where c like 'pgrst.db_pre_request=%'`,
  )
  const preRequest = rows[0]?.setting
  try {
    await db.transaction(async (tx) => {
      if (method === 'GET') await tx.query('set transaction read only')
      await tx.query(
        `select set_config('role', $1, true), set_config('request.method', $2, true),
                set_config('request.headers', $3, true), set_config('request.path', $4, true)`,
        [role, method, JSON.stringify(headers), path],
      )
      await tx.query(`set local role ${role}`)
      if (preRequest) await tx.query(`select ${preRequest}()`)
      await tx.query(sql)
    })
    return { status: 200 }
  } catch (error) {
    return answerOf(error)
  }
}

const countedFor = async (key: string) =>
  (
    await db.query<{ n: number }>(
      'select coalesce(sum(calls), 0)::int as n from private.public_call_counts where client_key = $1',
      [key],
    )
  ).rows[0]?.n

describe('public calls on hosted Supabase', () => {
  it('make PostgREST count every request first: the migration sets its pre-request on the authenticator role', async () => {
    const { rows } = await db.query<{ config: string[] }>(
      `select s.setconfig as config from pg_db_role_setting s
         join pg_roles r on r.oid = s.setrole where r.rolname = 'authenticator'`,
    )
    expect(rows.flatMap((row) => row.config)).toContain(
      'pgrst.db_pre_request=request_guard.count_call',
    )
    // The reads the site sends with POST run read-write, so that they can be counted.
    const volatility = await db.query<{ proname: string; provolatile: string }>(
      `select proname, provolatile from pg_proc
        where pronamespace = 'public'::regnamespace
          and proname in ('booking_free_times', 'booking_details') order by proname`,
    )
    expect(volatility.rows).toEqual([
      { proname: 'booking_details', provolatile: 'v' },
      { proname: 'booking_free_times', provolatile: 'v' },
    ])
  })

  it('answer a caller its calls a minute, reads included, then 429 with Retry-After, counting no refused call', async () => {
    const caller = { 'cf-connecting-ip': '198.51.100.7' }
    const answers = []
    for (let n = 0; n < 5; n += 1) answers.push((await asPostgrest(caller)).status)
    expect(answers).toEqual([200, 200, 200, 200, 200])
    const refused = await asPostgrest(caller, `select public.booking_details('${'0'.repeat(64)}')`)
    expect(refused).toMatchObject({
      status: 429,
      code: 'PT429',
      message: callLimitCopy.tooMany,
    })
    expect(refused.hint).toBe(callLimitCopy.retryHint(Number(refused.retryAfter)))
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(120)
    // A write is a call like a read.
    expect((await asPostgrest(caller, 'select 1')).status).toBe(429)
    expect(await countedFor('198.51.100.7')).toBe(5)
    // Another caller, an IPv6 /64 whatever its host part, has a budget of its own.
    for (const host of ['1', '2', '3', '4', '5']) {
      expect((await asPostgrest({ 'cf-connecting-ip': `2001:db8:9::${host}` })).status).toBe(200)
    }
    expect((await asPostgrest({ 'cf-connecting-ip': '2001:db8:9::6' })).status).toBe(429)
    // The callers whose address is not known share one, with their own words.
    for (let n = 0; n < 7; n += 1) expect((await asPostgrest({})).status).toBe(200)
    expect(await asPostgrest({})).toMatchObject({
      status: 429,
      message: callLimitCopy.tooManyUnknown,
    })
  })

  it('refuse a read-only request it cannot count (GET, HEAD), and never count the service role', async () => {
    expect(
      await asPostgrest({ 'cf-connecting-ip': '198.51.100.8' }, undefined, { method: 'GET' }),
    ).toMatchObject({ status: 405, code: 'PT405' })
    for (let n = 0; n < 10; n += 1) {
      expect(
        (
          await asPostgrest({ 'cf-connecting-ip': '198.51.100.9' }, 'select 1', {
            role: 'service_role',
          })
        ).status,
      ).toBe(200)
    }
    expect(await countedFor('198.51.100.9')).toBe(0)
  })

  it("count the Edge Functions' calls in the same budget, by the header the operator trusts", async () => {
    const headers = { 'cf-connecting-ip': '198.51.100.10', 'x-forwarded-for': '10.9.9.9' }
    const viaFunction = async () => {
      try {
        await db.query('select private.count_function_call($1::jsonb)', [JSON.stringify(headers)])
        return { status: 200 }
      } catch (error) {
        return answerOf(error)
      }
    }
    for (let n = 0; n < 3; n += 1) expect((await viaFunction()).status).toBe(200)
    for (let n = 0; n < 2; n += 1) expect((await asPostgrest(headers)).status).toBe(200)
    expect(await viaFunction()).toMatchObject({ status: 429, message: callLimitCopy.tooMany })
    expect(await countedFor('198.51.100.10')).toBe(5)
    expect(await countedFor('10.9.9.9')).toBe(0)
  })

  it('refuse a network blocked from the desk with 403 on every call, in the words the Node server uses', async () => {
    // The desk's block list (a /56 here: a home connection), not a stand-in for it.
    await db.query(`select private.block_network('2001:db8:66:ff00::/56', 'teste', 1)`)
    try {
      expect(await asPostgrest({ 'cf-connecting-ip': '2001:db8:66:ff12::7' })).toMatchObject({
        status: 403,
        code: 'PT403',
        message: callLimitCopy.blocked,
      })
      // The page-view beacon too, not only the booking calls.
      expect(
        await asPostgrest(
          { 'cf-connecting-ip': '2001:db8:66:ff12::8' },
          `select public.count_page_view('{"path": "/", "device": "phone"}')`,
        ),
      ).toMatchObject({ status: 403, code: 'PT403' })
      expect((await asPostgrest({ 'cf-connecting-ip': '2001:db8:66:fe00::7' })).status).toBe(200)
    } finally {
      await db.query(`select private.unblock_network('2001:db8:66:ff00::/56')`)
    }
    expect((await asPostgrest({ 'cf-connecting-ip': '2001:db8:66:ff12::7' })).status).toBe(200)
  })

  it("tell a blocked network what the call it made would say: the booking calls' and the contact form's own words", async () => {
    await db.query(`select private.block_network('2001:db8:67::/48', 'teste', 1)`)
    const inside = { 'cf-connecting-ip': '2001:db8:67:1::7' }
    try {
      for (const call of [
        'book_meeting',
        'confirm_booking',
        'cancel_booking',
        'reschedule_booking',
      ]) {
        // The pre-request refuses before the call runs: its body is never reached.
        expect(await asPostgrest(inside, 'select 1', { path: `/rpc/${call}` })).toMatchObject({
          status: 403,
          code: 'PT403',
          details: 'network_blocked',
          message: blockedCallWords.booking.message,
        })
      }
      expect(await asPostgrest(inside, 'select 1', { path: '/contact_submissions' })).toMatchObject(
        { status: 403, code: 'PT403', message: blockedCallWords.contact.message },
      )
      expect(await asPostgrest(inside, 'select 1', { path: '/rpc/booking_details' })).toMatchObject(
        { status: 403, code: 'PT403', message: callLimitCopy.blocked },
      )
    } finally {
      await db.query(`select private.unblock_network('2001:db8:67::/48')`)
    }
  })

  it('count a call from an IPv6 /64 under its /56 and its /48 too, refusing a new /64 each time past them (decision 058)', async () => {
    // Each call from a new /64 of one /56: its own /64 never fills, the /56 (8) does.
    const home = (n: number) => ({
      'cf-connecting-ip': `2001:db8:70:${(0x100 + n).toString(16)}::1`,
    })
    const statuses = []
    for (let n = 0; n < 9; n += 1) statuses.push((await asPostgrest(home(n))).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429])
    const refused = await asPostgrest(home(20))
    expect(refused).toMatchObject({
      status: 429,
      code: 'PT429',
      message: callLimitCopy.tooManyNetwork,
    })
    expect(refused.hint).toBe(callLimitCopy.retryHint(Number(refused.retryAfter)))
    expect(await countedFor('2001:db8:70:100::/56')).toBe(8)
    expect(await countedFor('2001:db8:70::/48')).toBe(8)
    // Other /56s of the same /48 share what the /48 (11) has left: three.
    const site = (n: number) => ({ 'cf-connecting-ip': `2001:db8:70:${(n * 256).toString(16)}::1` })
    const more = []
    for (let n = 2; n < 6; n += 1) more.push((await asPostgrest(site(n))).status)
    expect(more).toEqual([200, 200, 200, 429])
    expect(await asPostgrest(site(9))).toMatchObject({ message: callLimitCopy.tooManyNetwork })
    // A refused call left no count anywhere; another /48, and IPv4 callers, are untouched.
    expect(await countedFor('2001:db8:70::/48')).toBe(11)
    expect((await asPostgrest({ 'cf-connecting-ip': '2001:db8:71::1' })).status).toBe(200)
    expect((await asPostgrest({ 'cf-connecting-ip': '198.51.100.30' })).status).toBe(200)
    expect(await countedFor('198.51.100.30')).toBe(1)
  })

  it('refuse a /48 blocked from the desk on the first call from any /64 of it, and an IPv4-mapped block its IPv4 callers', async () => {
    await db.query(`select private.block_network('2001:db8:67::/48', 'teste', 1)`)
    // Typed as IPv4-mapped IPv6, as a dual-stack log shows it: kept as the IPv4 block it names.
    expect(
      (
        await db.query<{ network: string }>(
          `select private.block_network('::ffff:198.51.100.0/120', 'teste', 1) as network`,
        )
      ).rows,
    ).toEqual([{ network: '198.51.100.0/24' }])
    try {
      for (const caller of ['2001:db8:67:1::1', '2001:db8:67:ffff::1', '198.51.100.44']) {
        expect(await asPostgrest({ 'cf-connecting-ip': caller })).toMatchObject({
          status: 403,
          message: callLimitCopy.blocked,
        })
      }
      // As the Edge Functions count them too, the IPv4-mapped spelling of a caller included.
      await expect(
        db.query('select private.count_function_call($1::jsonb)', [
          JSON.stringify({ 'cf-connecting-ip': '::ffff:198.51.100.45' }),
        ]),
      ).rejects.toMatchObject({ code: 'PGRST' })
      expect(await countedFor('2001:db8:67::/48')).toBe(0)
      expect((await asPostgrest({ 'cf-connecting-ip': '198.51.101.44' })).status).toBe(200)
      // Too wide once read as IPv4 (a /4): refused by the table's check, nothing stored.
      await expect(
        db.query(`select private.block_network('::ffff:0:0/100')`),
      ).rejects.toMatchObject({ code: '23514' })
    } finally {
      await db.query(`select private.unblock_network('2001:db8:67::/48')`)
      await db.query(`select private.unblock_network('::ffff:198.51.100.0/120')`)
    }
    expect((await db.query('select network::text from private.blocked_networks')).rows).toEqual([])
  })

  it('give a Node server the block list with its tally only when it changed', async () => {
    const tally = async (version: string | null) =>
      (
        await db.query<{
          answer: { blocks_version: string; blocks: [string, number | null][] | null }
        }>('select private.tally_public_calls($1::text[], $2::integer[], $3) as answer', [
          ['2001:db8:68:1::/64', '2001:db8:68::/56', '2001:db8:68::/48'],
          [1, 1, 1],
          version,
        ])
      ).rows[0]?.answer
    const first = await tally(null)
    expect(first?.blocks).toEqual([])
    expect((await tally(first?.blocks_version ?? null))?.blocks).toBeNull()
    await db.query(`select private.block_network('2001:db8:68::/48', 'teste', 2)`)
    await db.query(`select private.block_network('203.0.113.0/24', 'teste', null)`)
    try {
      const changed = await tally(first?.blocks_version ?? null)
      expect(changed?.blocks_version).not.toBe(first?.blocks_version)
      expect(changed?.blocks).toEqual([
        ['203.0.113.0/24', null],
        ['2001:db8:68::/48', expect.any(Number)],
      ])
      const left = changed?.blocks?.[1]?.[1] ?? 0
      expect(left).toBeGreaterThan(2 * 86_400 - 60)
      expect(left).toBeLessThanOrEqual(2 * 86_400)
    } finally {
      await db.query(`select private.unblock_network('2001:db8:68::/48')`)
      await db.query(`select private.unblock_network('203.0.113.0/24')`)
    }
  })

  it("leave an operator's own pre-request in place, saying what to add to it", async () => {
    await db.exec(`alter role authenticator set pgrst.db_pre_request = 'public.my_check'`)
    const notices: string[] = []
    const client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
    client.on('notice', (notice) => notices.push(notice.message ?? ''))
    try {
      const names = (await readdir(MIGRATIONS_DIR)).sort().filter((name) => name >= THIS_MIGRATION)
      for (const name of names) {
        await client.query(await readFile(path.join(MIGRATIONS_DIR, name), 'utf8'))
      }
    } finally {
      await client.end()
      await db.exec(
        `alter role authenticator set pgrst.db_pre_request = 'request_guard.count_call'`,
      )
    }
    expect(notices.join('\n')).toContain('perform request_guard.count_call();')
  })
})
