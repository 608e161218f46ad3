/**
 * The agenda's rules as SQL, on PGlite and on a hosted-Supabase-like PostgreSQL 15 (Supabase's
 * roles, the migrations applied as `supabase db push` would, twice): which days and times are
 * free in 2026–2028 (weekends, every national holiday, Carnaval and Corpus Christi by setting),
 * the notice, the horizon, the buffer, the daily maximum, busy times, closed days, and the
 * company's time zone. The free times are computed at a chosen instant (private.free_slots'
 * p_now), so the dates do not depend on the day the tests run.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { MIGRATIONS_DIR } from '../../server/paths.ts'
import {
  bookAt,
  bookConfirmedAt,
  localSlots,
  manageTokenInOutbox,
  resetAgenda,
  setAgenda,
  slotsByDay,
} from '../support/booking.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'
import { applyMigrationsLikeSupabase } from '../support/supabase-like-database.ts'
import { createTestDatabase } from '../support/test-database.ts'

const FULL_DAY = Array.from({ length: 18 }, (_, n) => {
  const minutes = 9 * 60 + n * 30
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`
})
const FROM_14H = FULL_DAY.filter((time) => time >= '14:00')

// Brazil's national holidays, and the optional days, from /work's checked facts (Easter
// 2026-04-05, 2027-03-28, 2028-04-16).
const HOLIDAYS: Record<number, string[]> = {
  2026: ['01-01', '04-03', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25'],
  2027: ['01-01', '03-26', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25'],
  2028: ['01-01', '04-14', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25'],
}
const CARNAVAL: Record<number, [string, string, string]> = {
  2026: ['02-16', '02-17', '02-18'],
  2027: ['02-08', '02-09', '02-10'],
  2028: ['02-28', '02-29', '03-01'],
}
const CORPUS_CHRISTI: Record<number, string> = { 2026: '06-04', 2027: '05-27', 2028: '06-15' }
const EASTER: Record<number, string> = {
  2026: '2026-04-05',
  2027: '2027-03-28',
  2028: '2028-04-16',
}
const YEARS = [2026, 2027, 2028]

/** Every Monday-to-Friday date of a year, 'YYYY-MM-DD'. */
const weekdaysOf = (year: number): string[] => {
  const days: string[] = []
  for (let date = new Date(Date.UTC(year, 0, 1)); date.getUTCFullYear() === year;) {
    if (date.getUTCDay() >= 1 && date.getUTCDay() <= 5) days.push(date.toISOString().slice(0, 10))
    date = new Date(date.getTime() + 86_400_000)
  }
  return days
}

/** The whole of a year at once: seen from the last noon before it, with the longest horizon. */
const yearOfSlots = async (db: Database, year: number) => {
  await setAgenda(db, { BOOKING_HORIZON_DAYS: 366, BOOKING_MIN_NOTICE_HOURS: 0 })
  return slotsByDay(await localSlots(db, `${year - 1}-12-31T12:00:00-03:00`))
}

interface Store {
  open(): Promise<{ db: Database; close(): Promise<void> }>
}

const stores: [string, Store][] = [
  [
    'PGlite',
    {
      async open() {
        const db = await createTestDatabase()
        return { db, close: () => db.close() }
      },
    },
  ],
  [
    'a Supabase-like PostgreSQL 15',
    {
      async open() {
        const postgres: PostgresDatabase = await createPostgresDatabase()
        await applyMigrationsLikeSupabase(postgres.url)
        const db = await openPostgresDatabase(postgres.url)
        // The booking migrations applied a second time change nothing and fail nowhere.
        for (const name of (await readdir(MIGRATIONS_DIR)).filter((n) => n >= '20261125')) {
          await db.exec(await readFile(path.join(MIGRATIONS_DIR, name), 'utf8'))
        }
        return {
          db,
          async close() {
            await db.close()
            await postgres.stop()
          },
        }
      },
    },
  ],
]

describe.each(stores)('the agenda on %s', (_name, store) => {
  let db: Database
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ db, close } = await store.open())
  }, 120_000)
  afterAll(async () => {
    await close?.()
  })

  it('computes Easter and the national holidays of 2026-2028 in SQL', async () => {
    for (const year of YEARS) {
      const { rows } = await db.query<{ easter: string; days: string[] }>(
        `select to_char(private.easter_sunday($1), 'YYYY-MM-DD') as easter,
                array(select to_char(h.day, 'MM-DD') from private.brazil_holidays($1) h
                       where h.closure = 'national' order by h.day) as days`,
        [year],
      )
      expect(rows[0]?.easter).toBe(EASTER[year])
      expect(rows[0]?.days).toEqual(HOLIDAYS[year])
    }
  })

  it.each(YEARS)(
    'offers every weekday of %i from 9h to 17h30, except the holidays, Carnaval and Corpus Christi',
    async (year) => {
      await resetAgenda(db)
      const days = await yearOfSlots(db, year)
      const [monday, tuesday, ashWednesday] = CARNAVAL[year] ?? []
      const closed = new Set(
        [...(HOLIDAYS[year] ?? []), monday, tuesday, CORPUS_CHRISTI[year]].map(
          (day) => `${year}-${day}`,
        ),
      )
      const expected = new Map(
        weekdaysOf(year)
          .filter((day) => !closed.has(day))
          .map((day) => [day, day === `${year}-${ashWednesday}` ? FROM_14H : FULL_DAY]),
      )
      expect([...days.keys()].filter((day) => day.startsWith(`${year}-`))).toEqual([
        ...expected.keys(),
      ])
      for (const [day, times] of expected) expect(days.get(day), day).toEqual(times)
    },
  )

  it('opens on Carnaval, Ash Wednesday morning and Corpus Christi when the settings say so', async () => {
    await setAgenda(db, {
      BOOKING_HORIZON_DAYS: 366,
      BOOKING_MIN_NOTICE_HOURS: 0,
      BOOKING_CLOSE_ON_CARNAVAL: false,
      BOOKING_CLOSE_ON_CORPUS_CHRISTI: false,
    })
    const days = slotsByDay(await localSlots(db, '2027-12-31T12:00:00-03:00'))
    for (const day of ['2028-02-28', '2028-02-29', '2028-03-01', '2028-06-15']) {
      expect(days.get(day), day).toEqual(FULL_DAY)
    }
    expect(days.get('2028-04-14'), 'Sexta-feira da Paixão stays closed').toBeUndefined()
    await setAgenda(db, {
      BOOKING_HORIZON_DAYS: 366,
      BOOKING_MIN_NOTICE_HOURS: 0,
      BOOKING_CLOSE_ON_CORPUS_CHRISTI: false,
    })
    const onlyCorpus = slotsByDay(await localSlots(db, '2027-12-31T12:00:00-03:00'))
    expect(onlyCorpus.get('2028-02-28')).toBeUndefined()
    expect(onlyCorpus.get('2028-03-01')).toEqual(FROM_14H)
    expect(onlyCorpus.get('2028-06-15')).toEqual(FULL_DAY)
  })

  it('keeps the minimum notice, in hours from now, on the half-hour grid', async () => {
    await resetAgenda(db)
    // Monday 2027-03-01, 10:10 in São Paulo.
    const now = '2027-03-01T10:10:00-03:00'
    expect((await localSlots(db, now))[0]).toBe('2027-03-01 14:30')
    await setAgenda(db, { BOOKING_MIN_NOTICE_HOURS: 0 })
    expect((await localSlots(db, now))[0]).toBe('2027-03-01 10:30')
    await setAgenda(db, { BOOKING_MIN_NOTICE_HOURS: 24 })
    expect((await localSlots(db, now))[0]).toBe('2027-03-02 10:30')
  })

  it("ends the horizon on the company's local day, whatever the UTC date", async () => {
    await setAgenda(db, { BOOKING_HORIZON_DAYS: 7, BOOKING_MIN_NOTICE_HOURS: 0 })
    // 23:30 on Monday 2027-03-01 in São Paulo is already Tuesday in UTC.
    const days = slotsByDay(await localSlots(db, '2027-03-01T23:30:00-03:00'))
    expect([...days.keys()]).toEqual([
      '2027-03-02',
      '2027-03-03',
      '2027-03-04',
      '2027-03-05',
      '2027-03-08',
    ])
    expect(days.get('2027-03-08')).toEqual(FULL_DAY)
  })

  it('keeps the buffer free before and after a meeting, and none when it is 0', async () => {
    await resetAgenda(db)
    const now = '2027-03-01T08:00:00-03:00'
    await bookAt(db, '2027-03-02T10:00:00-03:00', now)
    const around = (slots: string[]) =>
      slots.filter((slot) => slot >= '2027-03-02 09:00' && slot <= '2027-03-02 11:30')
    expect(around(await localSlots(db, now))).toEqual([
      '2027-03-02 09:00',
      '2027-03-02 11:00',
      '2027-03-02 11:30',
    ])
    await resetAgenda(db)
    await setAgenda(db, { BOOKING_BUFFER_MINUTES: 0 })
    await bookAt(db, '2027-03-02T10:00:00-03:00', now)
    expect(around(await localSlots(db, now))).toEqual([
      '2027-03-02 09:00',
      '2027-03-02 09:30',
      '2027-03-02 10:30',
      '2027-03-02 11:00',
      '2027-03-02 11:30',
    ])
  })

  it('closes a day at its maximum of meetings, and opens it again when one is cancelled', async () => {
    await resetAgenda(db)
    await setAgenda(db, { BOOKING_MAX_PER_DAY: 2 })
    const now = '2027-03-01T08:00:00-03:00'
    await bookAt(db, '2027-03-03T09:00:00-03:00', now)
    const second = await bookAt(db, '2027-03-03T15:00:00-03:00', now)
    let days = slotsByDay(await localSlots(db, now))
    expect(days.get('2027-03-03')).toBeUndefined()
    expect(days.get('2027-03-04')).toEqual(FULL_DAY)
    await db.query(`select private.cancel_booking_by_company($1, null, false)`, [second.id])
    days = slotsByDay(await localSlots(db, now))
    expect(days.get('2027-03-03')).toEqual(FULL_DAY.filter((time) => time >= '10:00'))
  })

  it("avoids the company's busy times, with the buffer around them", async () => {
    await resetAgenda(db)
    const now = '2027-03-01T08:00:00-03:00'
    await db.query(
      `insert into private.busy_times (starts_at, ends_at)
       values ('2027-03-02T13:00:00-03:00', '2027-03-02T14:00:00-03:00'),
              ('2027-03-04T00:00:00-03:00', '2027-03-05T00:00:00-03:00')`,
    )
    let days = slotsByDay(await localSlots(db, now))
    expect(days.get('2027-03-02')).toEqual(
      FULL_DAY.filter((time) => time < '12:30' || time >= '14:30'),
    )
    expect(days.get('2027-03-04')).toBeUndefined()
    await setAgenda(db, { BOOKING_BUFFER_MINUTES: 0 })
    days = slotsByDay(await localSlots(db, now))
    expect(days.get('2027-03-02')).toEqual(
      FULL_DAY.filter((time) => time < '13:00' || time >= '14:00'),
    )
  })

  it('closes the days the company closes', async () => {
    await resetAgenda(db)
    await db.query(
      `insert into private.booking_closed_days (day, reason) values ('2027-03-03', 'Inventário')`,
    )
    const days = slotsByDay(await localSlots(db, '2027-03-01T08:00:00-03:00'))
    expect(days.has('2027-03-02')).toBe(true)
    expect(days.has('2027-03-03')).toBe(false)
    expect(days.has('2027-03-04')).toBe(true)
  })

  it("places the slots at the company's local times in UTC, daylight saving time included", async () => {
    await resetAgenda(db)
    await setAgenda(db, { BOOKING_MIN_NOTICE_HOURS: 0 })
    const utc = async (now: string) =>
      (
        await db.query<{ slot: string }>(
          `select private.utc_text(starts_at) as slot from private.free_slots($1::timestamptz)`,
          [now],
        )
      ).rows.map((row) => row.slot)
    // 9h in São Paulo (UTC-3, no daylight saving time) is 12:00 UTC.
    expect((await utc('2027-03-01T06:00:00-03:00'))[0]).toBe('2027-03-01T12:00:00Z')
    // A company in Lisbon: 9h is 09:00 UTC in winter, 08:00 UTC from 2027-03-28.
    await setAgenda(db, { BOOKING_MIN_NOTICE_HOURS: 0 }, { time_zone: 'Europe/Lisbon' })
    expect((await utc('2027-03-25T06:00:00Z'))[0]).toBe('2027-03-25T09:00:00Z')
    expect((await utc('2027-03-30T06:00:00Z'))[0]).toBe('2027-03-30T08:00:00Z')
    await setAgenda(db)
  })

  it('queues only the request until confirmed, then the confirmations and a reminder for the day before (none for a meeting less than a day away)', async () => {
    await resetAgenda(db)
    const now = '2027-03-01T08:00:00-03:00'
    const held = await bookAt(db, '2027-03-02T15:00:00-03:00', now)
    const soon = await bookConfirmedAt(db, '2027-03-01T15:00:00-03:00', now)
    const later = await bookConfirmedAt(db, '2027-03-03T10:00:00-03:00', now)
    const queued = async (id: unknown) =>
      (
        await db.query<{ kind: string; recipient: string; due: string }>(
          `select kind, recipient, private.utc_text(due_at) as due from private.booking_messages
            where booking_id = $1 order by id`,
          [id],
        )
      ).rows
    expect(await queued(held.id)).toEqual([
      { kind: 'request', recipient: 'visitor', due: '2027-03-01T11:00:00Z' },
    ])
    // Confirmed from the inbox: the request is no longer due, the meeting's e-mails are.
    expect(await queued(soon.id)).toEqual([
      { kind: 'confirmation', recipient: 'visitor', due: '2027-03-01T11:00:00Z' },
      { kind: 'confirmation', recipient: 'company', due: '2027-03-01T11:00:00Z' },
    ])
    expect(await queued(later.id)).toEqual([
      { kind: 'confirmation', recipient: 'visitor', due: '2027-03-01T11:00:00Z' },
      { kind: 'confirmation', recipient: 'company', due: '2027-03-01T11:00:00Z' },
      { kind: 'reminder', recipient: 'visitor', due: '2027-03-02T13:00:00Z' },
    ])
  })

  it("keeps a booking's lead through retention until its meeting is past", async () => {
    await resetAgenda(db)
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()
    const slotSeenAt = async (now: string, condition: string) =>
      (
        await db.query<{ slot: string }>(
          `select private.utc_text(starts_at) as slot from private.free_slots($1::timestamptz)
            where ${condition} limit 1`,
          [now],
        )
      ).rows[0]?.slot ?? ''
    // Both booked long ago: one meets in the days to come, the other met days ago.
    const upcoming = await slotSeenAt(daysAgo(10), `starts_at > now() + interval '1 day'`)
    const past = await slotSeenAt(daysAgo(20), `starts_at < now() - interval '4 days'`)
    const kept = await bookAt(db, upcoming, daysAgo(10))
    await bookAt(db, past, daysAgo(20))
    await db.query('update private.contact_settings set retention_days = 2')
    try {
      const { rows } = await db.query<{ purged: number }>(
        'select private.purge_expired_leads() as purged',
      )
      expect(rows[0]?.purged).toBe(1)
    } finally {
      await db.query('update private.contact_settings set retention_days = null')
    }
    const left = await db.query<{ id: string }>('select id from public.bookings')
    expect(left.rows.map((row) => row.id)).toEqual([kept.id])
  })

  it('refuses a booking outside the free times, saying which', async () => {
    await resetAgenda(db)
    const now = '2027-03-01T08:00:00-03:00'
    const attempt = (startsAt: string, email?: string) =>
      bookAt(db, startsAt, now, { email }).then(
        () => 'booked',
        (error: { detail?: string; message: string }) =>
          (JSON.parse(error.message) as { details: string }).details,
      )
    expect(await attempt('2027-03-06T10:00:00-03:00'), 'a Saturday').toBe('slot_unavailable')
    expect(await attempt('2027-03-02T10:10:00-03:00'), 'off the grid').toBe('slot_unavailable')
    expect(await attempt('2027-03-02T18:00:00-03:00'), 'at closing time').toBe('slot_unavailable')
    expect(await attempt('2027-03-01T09:00:00-03:00'), 'within the notice').toBe('slot_unavailable')
    expect(await attempt('2027-03-26T10:00:00-03:00'), 'Sexta-feira da Paixão').toBe(
      'slot_unavailable',
    )
    expect(await attempt('2027-03-02T10:00:00-03:00')).toBe('booked')
    expect(await attempt('2027-03-02T10:00:00-03:00'), 'the same slot').toBe('slot_taken')
    expect(await attempt('2027-03-02T10:30:00-03:00'), 'within the buffer').toBe('slot_taken')
  })

  it("keeps a visitor's time zone only when it is an IANA name, else the company's", async () => {
    await resetAgenda(db)
    await setAgenda(db, { BOOKING_UNKNOWN_ADDRESSES_PER_DAY: 100 })
    const now = '2027-03-01T08:00:00-03:00'
    const zones: [string, string][] = [
      ['America/Manaus', 'America/Manaus'],
      ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
      ['America/Port-au-Prince', 'America/Port-au-Prince'],
      ['Etc/GMT+4', 'Etc/GMT+4'],
      ['UTC', 'UTC'],
      // POSIX specifications PostgreSQL would read (UTC−99 h, New York's rules, a made-up name).
      ['Foo+99', 'America/Sao_Paulo'],
      ['EST5EDT', 'America/Sao_Paulo'],
      ['Foo/Bar+3', 'America/Sao_Paulo'],
      ['Etc/GMT+99', 'America/Sao_Paulo'],
      // Zone files that are not names: leap seconds, a duplicate tree, abbreviations.
      ['right/America/Sao_Paulo', 'America/Sao_Paulo'],
      ['posix/America/Sao_Paulo', 'America/Sao_Paulo'],
      ['CET', 'America/Sao_Paulo'],
      ['Nowhere/Atlantis', 'America/Sao_Paulo'],
    ]
    const kept: string[] = []
    for (const [index, [zone]] of zones.entries()) {
      // Two a day (the day's maximum is 4), on the weekdays of 2 to 12 March 2027.
      const day = ['02', '03', '04', '05', '08', '09', '10', '11', '12'][Math.floor(index / 2)]
      const startsAt = `2027-03-${day}T${index % 2 === 0 ? '10' : '15'}:00:00-03:00`
      const { rows } = await db.query<{ zone: string }>(
        `select private.book_meeting($1::timestamptz, 'Ana', $2, null, 'Um app.', $3, null, 60000,
           $4::timestamptz) ->> 'time_zone' as zone`,
        [startsAt, `ana.zona.${index}@example.com`, zone, now],
      )
      kept.push(rows[0]?.zone ?? '')
    }
    expect(kept).toEqual(zones.map(([, stored]) => stored))
  })

  it('answers the six booking calls (and the page view counter) to anon as PostgREST runs them, and nothing else', async () => {
    await resetAgenda(db)
    // Hosted Supabase serves every function in public that anon may execute: exactly these.
    const callable = await db.query<{ name: string }>(
      `select proname as name from pg_proc
        where pronamespace = 'public'::regnamespace
          and has_function_privilege('anon', oid, 'execute')
        order by 1`,
    )
    expect(callable.rows.map((row) => row.name)).toEqual([
      'book_meeting',
      'booking_details',
      'booking_free_times',
      'cancel_booking',
      // Decision 038: a booking is a hold until its inbox confirms it.
      'confirm_booking',
      // Decision 033: one page view, counted without personal data.
      'count_page_view',
      'reschedule_booking',
    ])
    /**
     * One call as PostgREST makes it: a transaction as anon, with the request's headers. The
     * address is in both headers a deployment may trust (decision 024): cf-connecting-ip on
     * the Supabase-like database, x-forwarded-for where the Node server's setting holds.
     */
    const asAnon = (sql: string, params: unknown[] = []) =>
      db.transaction(async (tx) => {
        await tx.query(
          `select set_config('role', 'anon', true),
                  set_config('request.headers', '{"cf-connecting-ip":"203.0.113.40","x-forwarded-for":"203.0.113.40"}', true)`,
        )
        return (await tx.query<{ answer: Record<string, unknown> }>(sql, params)).rows[0]?.answer
      })
    const times = await asAnon('select public.booking_free_times() as answer')
    const [slot, other] = (times?.slots ?? []) as string[]
    const booked = await asAnon(
      `select public.book_meeting(starts_at => $1, name => 'Ana', email => 'ana@example.com',
         note => 'Um aplicativo.', time_zone => 'Europe/Lisbon', form_elapsed_ms => 9000) as answer`,
      [slot],
    )
    expect(booked).toMatchObject({
      starts_at: slot,
      time_zone: 'Europe/Lisbon',
      status: 'pending',
    })
    // The manage token travels only by e-mail: the caller gets the page's hold token.
    expect(booked).not.toHaveProperty('manage_token')
    expect(booked?.hold_token).toMatch(/^[0-9a-f]{64}$/)
    const token = await manageTokenInOutbox(db, booked?.id)
    expect(await asAnon('select public.booking_details($1) as answer', [token])).toMatchObject({
      id: booked?.id,
      status: 'pending',
    })
    expect(await asAnon('select public.confirm_booking($1) as answer', [token])).toMatchObject({
      id: booked?.id,
      status: 'confirmed',
    })
    expect(
      await asAnon('select public.reschedule_booking($1, $2) as answer', [token, other]),
    ).toMatchObject({ id: booked?.id, starts_at: other, sequence: 1 })
    expect(await asAnon('select public.cancel_booking($1) as answer', [token])).toMatchObject({
      status: 'cancelled',
      sequence: 2,
    })
    const stored = await db.query('select client_key from public.bookings where id = $1', [
      booked?.id,
    ])
    expect(stored.rows).toEqual([{ client_key: '203.0.113.40' }])
    for (const forbidden of [
      'select * from public.bookings',
      'select * from private.booking_messages',
      'select * from private.booking_settings',
      'update private.booking_settings set max_per_day = 100',
      `select private.release_bookings(p_address => '203.0.113.40')`,
      `select private.book_meeting(now(), 'a', 'a@example.com', null, 'b', null, null, 9000, now())`,
    ]) {
      await expect(asAnon(forbidden), forbidden).rejects.toMatchObject({ code: '42501' })
    }
  })

  it('lets the database refuse a second live meeting in one slot, whoever writes it', async () => {
    await resetAgenda(db)
    const now = '2027-03-01T08:00:00-03:00'
    const booked = await bookAt(db, '2027-03-02T10:00:00-03:00', now)
    const { rows } = await db.query<{ id: string }>(
      `insert into public.contact_submissions (name, email, message, notified_at, notified_via)
       values ('Outra', 'outra@example.com', 'Outra reunião', now(), 'booking') returning id`,
    )
    // Straight into the table, past every check of the booking function, 20 minutes later.
    const copy = db.query(
      `insert into public.bookings (lead_id, starts_at, ends_at, blocked_until, name, email, note,
         time_zone, meeting_url, manage_token_hash)
       select $2, starts_at + interval '20 minutes', ends_at + interval '20 minutes',
              blocked_until + interval '20 minutes', 'Outra', 'outra@example.com', note,
              time_zone, meeting_url, 'outro'
         from public.bookings where id = $1`,
      [booked.id, rows[0]?.id],
    )
    await expect(copy).rejects.toMatchObject({ code: '23P01' })
    // A cancelled meeting holds nothing.
    await db.query(`select private.cancel_booking_by_company($1, null, false)`, [booked.id])
    await expect(
      db.query(
        `insert into public.bookings (lead_id, starts_at, ends_at, blocked_until, name, email,
           note, time_zone, meeting_url, manage_token_hash)
         values ($1, '2027-03-02T10:00:00-03:00', '2027-03-02T10:30:00-03:00',
           '2027-03-02T10:45:00-03:00', 'Outra', 'outra@example.com', 'Outra reunião',
           'America/Sao_Paulo', 'https://meet.example.com/x', 'outro')`,
        [rows[0]?.id],
      ),
    ).resolves.toMatchObject({ affectedRows: 1 })
  })
})
