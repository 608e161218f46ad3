/**
 * The agenda on hosted Supabase: the bookings-feed Edge Function served by the real Deno from
 * its place in the repository, against a real PostgreSQL 15 with every migration applied as
 * `supabase db push` would (applied twice, as the rules allow), and the SQL a person runs in
 * Studio for the desk's tasks (docs/leads-on-supabase.md).
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import ICAL from 'ical.js'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callLimitCopy } from '#shared/http/call-limit-copy.ts'
import type { Database } from '../../server/db/database.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { MIGRATIONS_DIR } from '../../server/paths.ts'
import { startDenoFunction, type RunningFunction } from '../support/deno-function.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { localInstant, seedBookings } from '../support/seed-bookings.ts'
import { applyMigrationsLikeSupabase } from '../support/supabase-like-database.ts'

let postgres: PostgresServer
let db: Database
let fn: RunningFunction

beforeAll(async () => {
  postgres = await startPostgresServer({ pgCron: true })
  await applyMigrationsLikeSupabase(postgres.url)
  db = await openPostgresDatabase(postgres.url)
  await db.exec(await readFile(path.join(MIGRATIONS_DIR, '20261125000500_desk_agenda.sql'), 'utf8'))
  fn = await startDenoFunction('bookings-feed', { SUPABASE_DB_URL: postgres.url })
}, 120_000)

afterAll(async () => {
  await fn?.stop()
  await db?.close()
  await postgres?.stop()
})

const feed = (query: string, init?: RequestInit) =>
  fetch(`${fn.url}/functions/v1/bookings-feed${query}`, init)

const status = async (id: string) =>
  (await db.query<{ status: string }>('select status from public.bookings where id = $1', [id]))
    .rows[0]?.status

describe('the bookings-feed Edge Function under Deno', () => {
  it('serves the feed to the token the SQL made, and the same 404 to every other', async () => {
    const future = await localInstant(db, 2, '10:00')
    const [ana, cancelled] = await seedBookings(db, [
      { startsAt: future.instant, name: 'Ana Souza' },
      { startsAt: (await localInstant(db, 3, '10:00')).instant, status: 'cancelled' },
    ])
    if (!ana || !cancelled) throw new Error('not seeded')
    const { rows } = await db.query<{ token: string }>(
      'select private.new_booking_feed_token() as token',
    )
    const token = rows[0]?.token ?? ''
    expect(token).toMatch(/^[0-9a-f]{64}$/)

    const response = await feed(`?chave=${token}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const events = new ICAL.Component(ICAL.parse(await response.text()))
      .getAllSubcomponents('vevent')
      .map((component) => new ICAL.Event(component))
    expect(events.map((event) => event.uid)).toEqual([ana.id])
    expect(events[0]?.startDate.zone?.tzid).toBe('UTC')
    expect(events[0]?.startDate.toJSDate().toISOString()).toBe(
      new Date(future.instant).toISOString(),
    )
    expect(events[0]?.summary).toBe('Consultoria: \u2068Ana Souza\u2069')
    expect(events[0]?.location).toBe(ana.meetingUrl)
    // No desk on hosted Supabase: no link to one.
    expect(events[0]?.description).not.toContain('/painel/')

    await db.query('select private.new_booking_feed_token()')
    const refusals = []
    for (const query of [`?chave=${token}`, `?chave=${'f'.repeat(64)}`, '?chave=x', '']) {
      const refused = await feed(query)
      refusals.push({ status: refused.status, body: await refused.text() })
    }
    expect(refusals).toEqual(
      Array.from({ length: 4 }, () => ({ status: 404, body: 'Calendário não encontrado.\n' })),
    )
    const posted = await feed(`?chave=${token}`, { method: 'POST' })
    expect(posted.status).toBe(405)
    await posted.text()
  })
})

describe('the bookings-feed Edge Function against guessed tokens (decision 040)', () => {
  it("counts every look-up in its caller's budget: past it, 429 with Retry-After and no look-up", async () => {
    await db.query('update private.contact_settings set calls_per_minute = 2')
    try {
      const guess = () =>
        feed(`?chave=${randomBytes(32).toString('hex')}`, {
          headers: { 'cf-connecting-ip': '2001:db8:66:1::9' },
        })
      for (let n = 0; n < 2; n += 1) expect((await guess()).status).toBe(404)
      const refused = await guess()
      expect(refused.status).toBe(429)
      expect(refused.headers.get('cache-control')).toBe('private, no-store')
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await refused.text()).toContain(callLimitCopy.tooMany)
      // Another network still gets the same 404 as any wrong token.
      const other = await feed(`?chave=${'f'.repeat(64)}`, {
        headers: { 'cf-connecting-ip': '2001:db8:66:2::9' },
      })
      expect(other.status).toBe(404)
    } finally {
      await db.exec(
        `update private.contact_settings set calls_per_minute = 120;
         delete from private.public_call_counts`,
      )
    }
  })
})

describe("the desk's SQL in Studio", () => {
  it('closes a day, refusing while it has meetings unless told to cancel them with notice', async () => {
    const day = await localInstant(db, 5, '10:00')
    const [booking] = await seedBookings(db, [{ startsAt: day.instant, name: 'Bia Marcada' }])
    if (!booking) throw new Error('not seeded')
    const refused = await db.query<{ result: Record<string, unknown> }>(
      'select private.close_booking_day($1::date, $2) as result',
      [day.day, 'Férias'],
    )
    expect(refused.rows[0]?.result).toMatchObject({
      closed: false,
      meetings: [{ id: booking.id, name: 'Bia Marcada' }],
    })
    const closed = await db.query<{ result: Record<string, unknown> }>(
      'select private.close_booking_day($1::date, $2, true, $3) as result',
      [day.day, 'Férias', 'Fecharemos neste dia.'],
    )
    expect(closed.rows[0]?.result).toMatchObject({ closed: true, cancelled: 1 })
    expect(await status(booking.id)).toBe('cancelled')
    const mail = await db.query(
      `select kind, recipient from private.booking_messages where booking_id = $1
        order by recipient`,
      [booking.id],
    )
    expect(mail.rows).toEqual([
      { kind: 'cancellation', recipient: 'company' },
      { kind: 'cancellation', recipient: 'visitor' },
    ])
    const free = await db.query(
      `select 1 from private.free_slots(now()) f, private.booking_settings s
        where (f.starts_at at time zone s.time_zone)::date = $1::date`,
      [day.day],
    )
    expect(free.rows).toEqual([])
  })

  it('records an outcome only after the meeting, and frees junk by e-mail without mail', async () => {
    const [past, junk] = await seedBookings(db, [
      { startsAt: (await localInstant(db, -2, '10:00')).instant },
      { startsAt: (await localInstant(db, 6, '10:00')).instant, email: 'bot@junk.example' },
    ])
    if (!past || !junk) throw new Error('not seeded')
    const outcome = (id: string, value: string) =>
      db.query<{ result: string }>('select private.set_booking_outcome($1, $2) as result', [
        id,
        value,
      ])
    expect((await outcome(junk.id, 'held')).rows).toEqual([{ result: 'not_started' }])
    expect((await outcome(past.id, 'no_show')).rows).toEqual([{ result: 'saved' }])
    expect(await status(past.id)).toBe('no_show')
    await expect(outcome(past.id, 'cancelled')).rejects.toThrow(/held or no_show/)
    const released = await db.query<{ n: number }>(
      "select private.release_bookings(p_email => 'BOT@junk.example') as n",
    )
    expect(released.rows).toEqual([{ n: 1 }])
    expect(await status(junk.id)).toBe('cancelled')
    const mail = await db.query('select 1 from private.booking_messages where booking_id = $1', [
      junk.id,
    ])
    expect(mail.rows).toEqual([])
  })
})
