/**
 * The overview's figures against the rows they come from, on PGlite and on PostgreSQL 15: none,
 * one and many leads, the edges of the 12-week window and of each week in the company's time
 * zone (Monday 00:00 in São Paulo is 03:00 UTC), sources and campaigns, the past days' tallies
 * kept true (decision 036), the mail queues and the next meetings. "Now" is fixed, so the weeks
 * do not depend on the day the tests run.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createPostgresDatabase } from '../support/postgres-database.ts'
import { seedLeads } from '../support/seed-leads.ts'
import { createTestDatabase } from '../support/test-database.ts'
import type { Database } from '../../server/db/database.ts'
import { applyMigrations } from '../../server/db/migrate.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { ensureSupabaseRoles } from '../../server/db/supabase-roles.ts'
import { MIGRATIONS_DIR } from '../../server/paths.ts'
import { OVERVIEW_WEEKS } from '../../server/desk/overview/overview-figures.ts'
import { readOverview } from '../../server/desk/overview/overview-queries.ts'

// A Wednesday: the current week began on Monday 2026-11-23, the window on 2026-09-07.
const NOW = new Date('2026-11-25T15:00:00Z')
const FIRST_WEEK = '2026-09-07'
const CURRENT_WEEK = '2026-11-23'

/** PGlite, and PostgreSQL 15 as the Node server sets it up, with the tallies' migration twice. */
const stores: [string, () => Promise<{ db: Database; close(): Promise<void> }>][] = [
  [
    'PGlite',
    async () => {
      const db = await createTestDatabase()
      return { db, close: () => db.close() }
    },
  ],
  [
    'PostgreSQL 15',
    async () => {
      const postgres = await createPostgresDatabase()
      const db = await openPostgresDatabase(postgres.url)
      await ensureSupabaseRoles(db)
      await applyMigrations(db)
      await db.exec(
        await readFile(path.join(MIGRATIONS_DIR, '20261126000300_lead_tallies.sql'), 'utf8'),
      )
      return {
        db,
        async close() {
          await db.close()
          await postgres.stop()
        },
      }
    },
  ],
]

let db: Database

describe.each(stores)('on %s', (_name, open) => {
  let close: () => Promise<void> = async () => {}
  beforeAll(async () => {
    ;({ db, close } = await open())
  }, 120_000)
  afterAll(async () => {
    await close()
  })
  beforeEach(async () => {
    await db.exec(`delete from public.bookings; delete from public.contact_submissions;
    delete from private.page_views; delete from private.booking_messages;
    update private.booking_settings set time_zone = 'America/Sao_Paulo'`)
  })

  /** The Monday (YYYY-MM-DD) of an instant's week in a time zone, computed apart from SQL. */
  const mondayOf = (instant: Date, timeZone = 'America/Sao_Paulo') => {
    const local = new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant)
    const day = new Date(`${local}T00:00:00Z`)
    const back = (day.getUTCDay() + 6) % 7
    return new Date(day.getTime() - back * 86_400_000).toISOString().slice(0, 10)
  }

  /** A booking on an existing lead, stored as the booking function would. */
  const addBooking = async (
    leadId: string,
    startsAt: Date,
    createdAt: Date,
    status = 'confirmed',
  ) => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.bookings (lead_id, starts_at, ends_at, blocked_until, name, email, note,
       time_zone, meeting_url, manage_token_hash, created_at, status, cancelled_at)
     select $1, $2::timestamptz, $2::timestamptz + interval '30 minutes',
            $2::timestamptz + interval '45 minutes', s.name, s.email, 'Conversa',
            'America/Sao_Paulo', 'https://meet.example/x', md5(random()::text), $3::timestamptz,
            $4, case when $4 = 'cancelled' then now() end
       from public.contact_submissions s where s.id = $1
     returning id`,
      [leadId, startsAt.toISOString(), createdAt.toISOString(), status],
    )
    return rows[0]?.id ?? ''
  }

  describe('the overview', () => {
    it('shows twelve empty weeks and nothing else with no data at all', async () => {
      const overview = await readOverview(db, NOW)
      expect(overview.weeks).toHaveLength(OVERVIEW_WEEKS)
      expect(overview.weeks[0]?.week).toBe(FIRST_WEEK)
      expect(overview.weeks.at(-1)?.week).toBe(CURRENT_WEEK)
      expect(overview.weeks.every((w) => w.views + w.leads + w.meetings === 0)).toBe(true)
      expect(overview.sources).toEqual([])
      expect(overview.campaigns).toEqual([])
      expect(overview.leadMail).toEqual({ pending: 0, failed: 0, refused: 0, oldest: null })
      expect(overview.bookingMail).toEqual({ pending: 0, failed: 0, refused: 0, oldest: null })
      expect(overview.nextMeetings).toEqual([])
    })

    it('counts one lead in its week, under its source and campaign', async () => {
      await seedLeads(db, [
        {
          name: 'Uma',
          email: 'uma@example.com',
          message: 'Oi',
          createdAt: new Date('2026-11-24T12:00:00Z'),
          utmSource: 'Newsletter',
          utmCampaign: 'lançamento',
        },
      ])
      const overview = await readOverview(db, NOW)
      expect(overview.weeks.at(-1)).toEqual({ week: CURRENT_WEEK, views: 0, leads: 1, meetings: 0 })
      expect(overview.sources).toEqual([{ source: 'newsletter', views: 0, leads: 1, meetings: 0 }])
      expect(overview.campaigns).toEqual([{ campaign: 'lançamento', leads: 1, meetings: 0 }])
    })

    it('draws the window and each week at midnight in the company’s time zone, not UTC', async () => {
      const at = (iso: string) => new Date(iso)
      await seedLeads(db, [
        // Sunday 23:59 in São Paulo, the day before the window: outside.
        {
          name: 'Antes',
          email: 'a@example.com',
          message: 'x',
          createdAt: at('2026-09-07T02:59:59Z'),
        },
        // Monday 00:00 in São Paulo: the window's first week.
        {
          name: 'Primeira',
          email: 'b@example.com',
          message: 'x',
          createdAt: at('2026-09-07T03:00:00Z'),
        },
        // Sunday 23:59 before this week: the week before.
        {
          name: 'Domingo',
          email: 'c@example.com',
          message: 'x',
          createdAt: at('2026-11-23T02:59:59Z'),
        },
        // Monday 00:00 of this week.
        {
          name: 'Segunda',
          email: 'd@example.com',
          message: 'x',
          createdAt: at('2026-11-23T03:00:00Z'),
        },
      ])
      await db.exec(`insert into private.page_views (day, page, source, device, views) values
      ('2026-09-06', '/', '', 'phone', 7), ('2026-09-07', '/', '', 'phone', 5),
      ('2026-11-22', '/agendar', 'google.com', 'desktop', 3), ('2026-11-23', '/', '', 'tablet', 2)`)
      const weeks = new Map((await readOverview(db, NOW)).weeks.map((w) => [w.week, w]))
      expect(weeks.get(FIRST_WEEK)).toEqual({ week: FIRST_WEEK, views: 5, leads: 1, meetings: 0 })
      expect(weeks.get('2026-11-16')).toEqual({
        week: '2026-11-16',
        views: 3,
        leads: 1,
        meetings: 0,
      })
      expect(weeks.get(CURRENT_WEEK)).toEqual({
        week: CURRENT_WEEK,
        views: 2,
        leads: 1,
        meetings: 0,
      })

      // In Manaus (UTC-4) the same instants fall an hour later on the clock.
      await db.exec(`update private.booking_settings set time_zone = 'America/Manaus'`)
      const manaus = new Map((await readOverview(db, NOW)).weeks.map((w) => [w.week, w]))
      expect(manaus.get(FIRST_WEEK)?.leads).toBe(0)
      expect(manaus.get(CURRENT_WEEK)?.leads).toBe(0)
      expect(manaus.get('2026-11-16')?.leads).toBe(2)
    })

    it('matches the rows for many leads, visits and meetings over fourteen weeks', async () => {
      const start = new Date('2026-08-20T00:00:00Z').getTime()
      const span = NOW.getTime() - start
      const sources = ['newsletter', 'instagram', null]
      const leads = Array.from({ length: 600 }, (_, n) => ({
        name: `Pessoa ${n}`,
        email: `p${n}@example.com`,
        message: 'x',
        // Spread over the whole span, deterministic.
        createdAt: new Date(start + Math.floor(((n * 7919) % 600) * (span / 600))),
        utmSource: sources[n % 3] ?? null,
        utmCampaign: n % 5 === 0 ? `campanha-${n % 2}` : null,
        referrerOrigin: n % 3 === 2 ? 'https://www.google.com' : null,
      }))
      const ids = await seedLeads(db, leads)
      const meetings = leads
        .map((lead, n) => ({ lead, id: ids[n] ?? '' }))
        .filter((_, n) => n % 10 === 0)
      for (const [n, { lead, id }] of meetings.entries()) {
        await addBooking(id, new Date(NOW.getTime() + (n + 1) * 3_600_000 * 24), lead.createdAt)
      }
      await db.exec(`insert into private.page_views (day, page, source, device, views)
      select d::date, '/', 'newsletter', 'phone', 10 from generate_series('2026-08-20'::date, '2026-11-25'::date, '1 day') d`)

      const overview = await readOverview(db, NOW)
      const inWindow = (monday: string) => monday >= FIRST_WEEK
      const add = (week: string, series: 'leads' | 'meetings' | 'views', n: number) => {
        const figures = expected.get(week)
        if (figures) figures[series] += n
      }
      const expected = new Map(
        overview.weeks.map((w) => [w.week, { leads: 0, meetings: 0, views: 0 }]),
      )
      for (const lead of leads) {
        const week = mondayOf(lead.createdAt)
        if (inWindow(week)) add(week, 'leads', 1)
      }
      for (const { lead } of meetings) {
        const week = mondayOf(lead.createdAt)
        if (inWindow(week)) add(week, 'meetings', 1)
      }
      for (
        let day = new Date('2026-08-20T12:00:00Z');
        day <= NOW;
        day = new Date(day.getTime() + 86_400_000)
      ) {
        const week = mondayOf(day, 'UTC')
        if (inWindow(week)) add(week, 'views', 10)
      }
      expect(overview.weeks.map(({ week, ...figures }) => [week, figures])).toEqual([
        ...expected.entries(),
      ])

      const windowLeads = leads.filter((lead) => inWindow(mondayOf(lead.createdAt)))
      const bySource = (key: string | null, referrer: boolean) =>
        windowLeads.filter((lead) =>
          referrer
            ? lead.referrerOrigin !== null && lead.utmSource === null
            : lead.utmSource === key,
        ).length
      const sourceRows = new Map(overview.sources.map((row) => [row.source, row]))
      expect(sourceRows.get('newsletter')?.leads).toBe(bySource('newsletter', false))
      expect(sourceRows.get('instagram')?.leads).toBe(bySource('instagram', false))
      expect(sourceRows.get('google.com')?.leads).toBe(bySource(null, true))
      expect(sourceRows.get('newsletter')?.views).toBe(
        overview.weeks.reduce((sum, week) => sum + week.views, 0),
      )
      const campaigns = new Map(overview.campaigns.map((row) => [row.campaign, row.leads]))
      expect(campaigns.get('campanha-0')).toBe(
        windowLeads.filter((lead) => lead.utmCampaign === 'campanha-0').length,
      )
      expect(overview.nextMeetings).toHaveLength(5)
      expect(overview.nextMeetings[0]?.startsAt.getTime()).toBe(NOW.getTime() + 86_400_000)
    })

    it('keeps the tallied past days true when a lead is erased, changed or added late, or a meeting is added', async () => {
      // Three October days, long ended whenever the tests run: tallied on the first view.
      const day = (n: number, hour = 12) => new Date(Date.UTC(2026, 9, 13 + n, hour))
      const ids = await seedLeads(db, [
        { name: 'A', email: 'a@example.com', message: 'x', createdAt: day(0), utmSource: 'apagar' },
        { name: 'B', email: 'b@example.com', message: 'x', createdAt: day(0, 18) },
        { name: 'C', email: 'c@example.com', message: 'x', createdAt: day(1), utmSource: 'velha' },
        { name: 'D', email: 'd@example.com', message: 'x', createdAt: day(2), utmCampaign: 'c1' },
      ])
      const week = '2026-10-12'
      const figures = async () => {
        const overview = await readOverview(db, NOW)
        return {
          week: overview.weeks.find((w) => w.week === week),
          sources: Object.fromEntries(overview.sources.map((row) => [row.source, row.leads])),
          campaigns: Object.fromEntries(overview.campaigns.map((row) => [row.campaign, row.leads])),
        }
      }
      expect(await figures()).toEqual({
        week: { week, views: 0, leads: 4, meetings: 0 },
        sources: { apagar: 1, velha: 1, '': 2 },
        campaigns: { c1: 1 },
      })
      const tallied = async () =>
        (
          await db.query<{ n: number }>(
            `select count(*)::int as n from private.lead_tally_days
            where day between '2026-10-13' and '2026-10-15'`,
          )
        ).rows[0]?.n
      // The view tallied those days; a visitor's lead of today leaves every tally in place.
      expect(await tallied()).toBe(3)
      await db.exec(`insert into public.contact_submissions (name, email, message, lead_status)
      values ('Hoje', 'hoje@example.com', 'x', 'novo')`)
      expect(await tallied()).toBe(3)

      // Erased: gone from the figures, and nothing of it is left in the tallies.
      await db.query('delete from public.contact_submissions where id = $1', [ids[0]])
      const erasedSource = await db.query(
        `select 1 from private.lead_tallies where utm_source = 'apagar'`,
      )
      expect(erasedSource.rows).toHaveLength(0)
      // Changed: its source moves.
      await db.query(`update public.contact_submissions set utm_source = 'nova' where id = $1`, [
        ids[2],
      ])
      // Added late, dated a tallied day (a restore, an import), with its meeting.
      const { rows } = await db.query<{ id: string }>(
        `insert into public.contact_submissions (name, email, message, lead_status, created_at,
         utm_campaign)
       values ('E', 'e@example.com', 'x', 'novo', $1, 'c1') returning id`,
        [day(2, 20).toISOString()],
      )
      await addBooking(rows[0]?.id ?? '', new Date('2026-10-20T13:00:00Z'), day(2, 20))
      await addBooking(ids[1] ?? '', new Date('2026-10-21T13:00:00Z'), day(0, 18))
      expect(await figures()).toEqual({
        week: { week, views: 0, leads: 4, meetings: 2 },
        sources: { nova: 1, '': 4 },
        campaigns: { c1: 2 },
      })
      // A meeting removed: its day is counted again without it.
      await db.query('delete from public.bookings where lead_id = $1', [ids[1]])
      expect((await figures()).week).toEqual({ week, views: 0, leads: 4, meetings: 1 })
      expect(await tallied()).toBe(3)
    })

    it('never keeps a tally made from a lead an erasure still in progress is removing', async () => {
      const at = new Date(Date.UTC(2026, 9, 20, 12))
      const [, erased] = await seedLeads(db, [
        { name: 'Fica', email: 'fica@example.com', message: 'x', createdAt: at },
        { name: 'Sai', email: 'sai@example.com', message: 'x', createdAt: at },
      ])
      const week = '2026-10-19'
      const leadsOfWeek = async () =>
        (await readOverview(db, NOW)).weeks.find((w) => w.week === week)?.leads
      await db.exec('delete from private.lead_tally_days')
      let viewed: Promise<number | undefined> = Promise.resolve(undefined)
      await db.transaction(async (tx) => {
        await tx.query('delete from public.contact_submissions where id = $1', [erased])
        // The desk is opened while the erasure has not committed: its tally must wait for it.
        viewed = leadsOfWeek()
        await new Promise((resolve) => setTimeout(resolve, 300))
      })
      expect(await viewed).toBe(1)
      expect(await leadsOfWeek()).toBe(1)
    })

    it('counts unsent lead and booking e-mails, and lists only live meetings still to come', async () => {
      const ids = await seedLeads(db, [
        {
          name: 'Pendente',
          email: 'p@example.com',
          message: 'x',
          notified: false,
          createdAt: new Date('2026-11-20T10:00:00Z'),
        },
        {
          name: 'Falhou',
          email: 'f@example.com',
          message: 'x',
          notified: false,
          notifyError: '451',
          createdAt: new Date('2026-11-21T10:00:00Z'),
        },
        { name: 'Enviado', email: 'e@example.com', message: 'x' },
        { name: 'Cancelou', email: 'c@example.com', message: 'x' },
        { name: 'Passou', email: 'o@example.com', message: 'x' },
      ])
      const live = await addBooking(ids[2] ?? '', new Date('2026-11-26T13:00:00Z'), NOW)
      await addBooking(ids[3] ?? '', new Date('2026-11-27T13:00:00Z'), NOW, 'cancelled')
      await addBooking(
        ids[4] ?? '',
        new Date('2026-11-20T13:00:00Z'),
        new Date('2026-11-19T13:00:00Z'),
      )
      await db.query(
        `insert into private.booking_messages (booking_id, kind, recipient, sequence, due_at, failed_at, sent_at)
       values ($1, 'confirmation', 'visitor', 0, '2026-11-25T10:00:00Z', null, null),
              ($1, 'confirmation', 'company', 0, '2026-11-25T09:00:00Z', '2026-11-25T09:01:00Z', null),
              ($1, 'reminder', 'visitor', 0, '2026-11-26T10:00:00Z', null, null),
              ($1, 'update', 'visitor', 0, '2026-11-24T10:00:00Z', null, '2026-11-24T10:00:05Z')`,
        [live],
      )
      const overview = await readOverview(db, NOW)
      expect(overview.leadMail).toEqual({
        pending: 1,
        failed: 1,
        refused: 0,
        oldest: new Date('2026-11-20T10:00:00Z'),
      })
      // The reminder is not due yet: scheduled, not waiting.
      expect(overview.bookingMail).toEqual({
        pending: 1,
        failed: 1,
        refused: 0,
        oldest: new Date('2026-11-25T09:00:00Z'),
      })
      expect(overview.nextMeetings).toEqual([
        { startsAt: new Date('2026-11-26T13:00:00Z'), name: 'Enviado', status: 'confirmed' },
      ])
    })
  })
})
