/**
 * Attribution and page views as SQL, on PGlite and on a hosted-Supabase-like PostgreSQL 15 (the
 * new migrations applied a second time): hostile utm values, referrers and paths are dropped
 * while the lead is kept, book_meeting takes attribution or not, and count_page_view counts
 * only what it may, within its caps.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { applyContactLimits } from '../../server/db/contact-limits.ts'
import type { Database, Queryable } from '../../server/db/database.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { MIGRATIONS_DIR } from '../../server/paths.ts'
import { pageRoutes } from '../../src/routes.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'
import { applyMigrationsLikeSupabase } from '../support/supabase-like-database.ts'
import { createTestDatabase } from '../support/test-database.ts'

type Store = { open(): Promise<{ db: Database; close(): Promise<void> }> }

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
        // Applied a second time, from the attribution's on and in order, they change nothing
        // and fail nowhere (a later one may replace what an earlier one made).
        for (const name of (await readdir(MIGRATIONS_DIR)).filter((n) => n >= '20261126000200')) {
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

/** Runs `sql` as PostgREST runs a visitor's request: as anon, in one transaction. */
const asAnon = <T>(db: Database, fn: (tx: Queryable) => Promise<T>) =>
  db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', 'anon', true),
              set_config('request.jwt.claims', '{"role":"anon"}', true),
              set_config('request.headers', '{}', true)`,
    )
    return fn(tx)
  })

let sequence = 0

/** One lead as the site's insert sends it, with these attribution columns. */
const insertLead = async (db: Database, attribution: Record<string, string | null>) => {
  sequence += 1
  const email = `origem.${sequence}@example.com`
  await asAnon(db, (tx) =>
    tx.query(
      `insert into public.contact_submissions (name, email, message, form_elapsed_ms,
         referrer_origin, landing_path, utm_source, utm_medium, utm_campaign, utm_term, utm_content)
       select 'Visitante', $1, 'Quero um orçamento.', 60000, referrer_origin, landing_path,
              utm_source, utm_medium, utm_campaign, utm_term, utm_content
         from json_to_record($2::json) as _(referrer_origin text, landing_path text,
           utm_source text, utm_medium text, utm_campaign text, utm_term text, utm_content text)`,
      [email, JSON.stringify(attribution)],
    ),
  )
  const { rows } = await db.query<Record<string, string | null>>(
    `select referrer_origin, landing_path, utm_source, utm_medium, utm_campaign, utm_term,
            utm_content from public.contact_submissions where email = $1`,
    [email],
  )
  return rows
}

const countView = (db: Database, body: string) =>
  asAnon(db, (tx) => tx.query('select public.count_page_view($1::text)', [body]))

/** A page view from one network, named as a proxy in front of the database names it. */
const countViewFrom = (db: Database, address: string, body: string) =>
  db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', 'anon', true),
              set_config('request.headers', $1, true)`,
      [JSON.stringify({ 'cf-connecting-ip': address, 'x-forwarded-for': address })],
    )
    await tx.query('select public.count_page_view($1::text)', [body])
  })

const views = async (db: Queryable) =>
  (
    await db.query<{ page: string; source: string; device: string; views: number }>(
      'select page, source, device, views from private.page_views order by page, source, device',
    )
  ).rows

describe.each(stores)('attribution and page views on %s', (_name, store) => {
  let db: Database
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ db, close } = await store.open())
  }, 120_000)
  afterAll(async () => {
    await close?.()
  })
  beforeEach(async () => {
    await db.exec(`delete from public.contact_submissions; delete from private.submission_counts;
      delete from private.page_views; delete from private.page_view_minutes;
      delete from private.page_view_network_minutes; delete from private.page_view_network_sources;
      update private.contact_settings set page_views_per_minute = 600,
        page_view_sources_per_day = 200`)
  })

  it('keeps a campaign, a referring origin and a landing path as the visitor arrived with them', async () => {
    const rows = await insertLead(db, {
      referrer_origin: 'https://www.Google.com.br',
      landing_path: '/agendar',
      utm_source: '  Newsletter ',
      utm_medium: 'email',
      utm_campaign: 'Black Friday 2026 — Ribeirão Preto',
      utm_term: 'site institucional',
      utm_content: 'botão-azul',
    })
    expect(rows).toEqual([
      {
        referrer_origin: 'https://www.google.com.br',
        landing_path: '/agendar',
        utm_source: 'Newsletter',
        utm_medium: 'email',
        utm_campaign: 'Black Friday 2026 — Ribeirão Preto',
        utm_term: 'site institucional',
        utm_content: 'botão-azul',
      },
    ])
  })

  it('drops each hostile value on its own and still keeps the lead', async () => {
    const hostile: [string, string][] = [
      ['referrer_origin', 'https://evil.example/path?q=1'],
      ['referrer_origin', 'javascript://alert(1)'],
      ['referrer_origin', 'https://user:pw@evil.example'],
      ['referrer_origin', 'https://a..b'],
      ['landing_path', '//evil.example/x'],
      ['landing_path', '/contato?utm_source=x'],
      ['landing_path', '/a b'],
      ['landing_path', `/${'a'.repeat(200)}`],
      ['landing_path', 'agendar'],
      ['utm_source', 'x'.repeat(101)],
      ['utm_source', 'news\u202eletter'],
      ['utm_medium', 'e-mail\r\nBcc: x@y.z'],
      ['utm_campaign', '\u200b\u200b'],
      ['utm_campaign', 'c'.repeat(201)],
      ['utm_term', 'tab\there'],
      ['utm_content', '   '],
    ]
    for (const [column, value] of hostile) {
      const rows = await insertLead(db, { [column]: value })
      expect(rows, `${column} = ${JSON.stringify(value)}`).toHaveLength(1)
      expect(rows[0]?.[column], `${column} = ${JSON.stringify(value)}`).toBeNull()
    }
    // At the bounds, kept.
    const [bounds] = await insertLead(db, {
      utm_source: 's'.repeat(100),
      utm_campaign: 'c'.repeat(200),
      landing_path: `/${'p'.repeat(199)}`,
      referrer_origin: 'http://localhost:8080',
    })
    expect(bounds?.utm_source).toHaveLength(100)
    expect(bounds?.utm_campaign).toHaveLength(200)
    expect(bounds?.landing_path).toHaveLength(200)
    expect(bounds?.referrer_origin).toBe('http://localhost:8080')
  })

  it('books with attribution on the lead, and without it as callers always have', async () => {
    await db.exec(`update private.booking_settings set min_notice_hours = 0, horizon_days = 30`)
    const { rows: free } = await db.query<{ slot: string }>(
      // Two days apart, so neither holds the other's time or buffer.
      `select min(f.starts_at)::text as slot from private.free_slots(now()) f
        group by (f.starts_at at time zone 'America/Sao_Paulo')::date
        order by 1 limit 2`,
    )
    const [first, second] = free.map((row) => row.slot)
    const book = (extra: string, args: unknown[]) =>
      asAnon(db, (tx) =>
        tx.query(
          `select public.book_meeting(starts_at => $1::timestamptz, name => 'Visitante',
             email => $2, note => 'Conversar.', time_zone => 'America/Sao_Paulo',
             form_trap => '', form_elapsed_ms => 60000${extra})`,
          args,
        ),
      )
    await book(`, attribution => $3::jsonb`, [
      first,
      'agenda.1@example.com',
      JSON.stringify({
        utm_source: 'instagram',
        utm_campaign: 'consultoria',
        referrer_origin: 'https://l.instagram.com',
        landing_path: '/agendar',
        utm_medium: { not: 'a string' },
        other: 'ignored',
      }),
    ])
    await book('', [second, 'agenda.2@example.com'])
    const { rows } = await db.query(
      `select s.email, s.utm_source, s.utm_medium, s.utm_campaign, s.referrer_origin,
              s.landing_path
         from public.bookings b join public.contact_submissions s on s.id = b.lead_id
        order by s.email`,
    )
    expect(rows).toEqual([
      {
        email: 'agenda.1@example.com',
        utm_source: 'instagram',
        utm_medium: null,
        utm_campaign: 'consultoria',
        referrer_origin: 'https://l.instagram.com',
        landing_path: '/agendar',
      },
      {
        email: 'agenda.2@example.com',
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        referrer_origin: null,
        landing_path: null,
      },
    ])
    await db.exec('delete from public.bookings')
  })

  it('counts every page of src/routes.ts but the 404, with or without its slash, and nothing else', async () => {
    const pages = pageRoutes.map((route) => route.url).filter((url) => url !== '/404')
    for (const page of pages) {
      await countView(db, JSON.stringify({ page, device: 'desktop' }))
      await countView(
        db,
        JSON.stringify({ page: page === '/' ? '/' : `${page}/`, device: 'desktop' }),
      )
    }
    for (const body of [
      JSON.stringify({ page: '/404', device: 'desktop' }),
      JSON.stringify({ page: '/painel', device: 'desktop' }),
      JSON.stringify({ page: '/agendar', device: 'fridge' }),
      JSON.stringify({ page: '/agendar' }),
      JSON.stringify(['/agendar', 'phone']),
      '{"page": "/agendar", "device": "phone"',
      'not json at all',
      JSON.stringify({ page: '/', device: 'phone', pad: 'x'.repeat(3000) }),
    ]) {
      await countView(db, body)
    }
    const counted = await views(db)
    expect(counted.map((row) => row.page).sort()).toEqual([...pages].sort())
    expect(counted.every((row) => row.views === 2 && row.device === 'desktop')).toBe(true)
  })

  it('counts a view under its utm_source, else the referring host, else as direct', async () => {
    await countView(db, JSON.stringify({ page: '/', device: 'phone', utm_source: 'Newsletter' }))
    await countView(db, JSON.stringify({ page: '/', device: 'phone', utm_source: 'newsletter' }))
    await countView(
      db,
      JSON.stringify({ page: '/', device: 'tablet', referrer: 'https://www.bing.com' }),
    )
    await countView(db, JSON.stringify({ page: '/', device: 'tablet', referrer: 'not an origin' }))
    await countView(db, JSON.stringify({ page: '/', device: 'phone', utm_source: 'x\u202ey' }))
    expect(await views(db)).toEqual([
      { page: '/', source: '', device: 'phone', views: 1 },
      { page: '/', source: '', device: 'tablet', views: 1 },
      { page: '/', source: 'bing.com', device: 'tablet', views: 1 },
      { page: '/', source: 'newsletter', device: 'phone', views: 2 },
    ])
  })

  it('puts sources past the day’s cap under (outras) and drops views past the minute’s cap', async () => {
    // Set as PAGE_VIEW_SOURCES_PER_DAY and PAGE_VIEWS_PER_MINUTE set them (the Node server).
    await applyContactLimits(db, { PAGE_VIEW_SOURCES_PER_DAY: 3 })
    for (let n = 0; n < 6; n += 1) {
      await countView(db, JSON.stringify({ page: '/', device: 'phone', utm_source: `fonte-${n}` }))
    }
    const sources = (await views(db)).map((row) => row.source)
    expect(sources).toEqual(['(outras)', 'fonte-0', 'fonte-1', 'fonte-2'])

    await db.exec(`delete from private.page_views; delete from private.page_view_minutes`)
    await applyContactLimits(db, { PAGE_VIEWS_PER_MINUTE: 5 })
    // Nine views in one minute: on a busy machine the loop can take seconds, and had it crossed
    // a minute's turn after the fifth view, all nine would count. Start early in a minute.
    const intoMinuteMs = Date.now() % 60_000
    if (intoMinuteMs > 40_000) {
      await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinuteMs + 100))
    }
    for (let n = 0; n < 9; n += 1) {
      await countView(db, JSON.stringify({ page: '/contato', device: 'desktop' }))
    }
    const total = (await views(db)).reduce((sum, row) => sum + row.views, 0)
    // Five, or a few more if the minute turned during the loop; never all nine.
    expect(total).toBeGreaterThanOrEqual(5)
    expect(total).toBeLessThan(9)
  }, 90_000)

  it("takes each network's share before the site's: one address cannot spend the minute's views or the day's sources", async () => {
    await db.exec(`delete from private.page_view_network_minutes;
      delete from private.page_view_network_sources`)
    // 700 beacons from one address: its share of the minute's 600 is 20.
    for (let n = 0; n < 700; n += 1) {
      await countViewFrom(db, '198.51.100.70', JSON.stringify({ page: '/', device: 'phone' }))
    }
    const counted = (await views(db)).reduce((sum, row) => sum + row.views, 0)
    expect(counted).toBeGreaterThanOrEqual(20)
    // 20 in each minute the loop ran over; never the 600 that would leave no room.
    expect(counted).toBeLessThanOrEqual(40)
    // Real visitors from other networks are all counted.
    for (let n = 0; n < 30; n += 1) {
      await countViewFrom(
        db,
        `203.0.113.${n}`,
        JSON.stringify({ page: '/agendar', device: 'desktop' }),
      )
    }
    expect((await views(db)).find((row) => row.page === '/agendar')?.views).toBe(30)

    // 210 junk sources from one /64: its share of the day's 200 new sources is 4.
    await db.exec('delete from private.page_views')
    for (let n = 0; n < 210; n += 1) {
      await countViewFrom(
        db,
        `2001:db8:70::${n.toString(16)}`,
        JSON.stringify({ page: '/', device: 'phone', utm_source: `lixo-${n}` }),
      )
    }
    const sources = new Set((await views(db)).map((row) => row.source))
    expect(sources).toEqual(new Set(['lixo-0', 'lixo-1', 'lixo-2', 'lixo-3', '(outras)']))
    // A real campaign the next visitor brings still gets a source of its own.
    await countViewFrom(
      db,
      '198.51.100.71',
      JSON.stringify({ page: '/', device: 'phone', utm_source: 'newsletter' }),
    )
    expect((await views(db)).map((row) => row.source)).toContain('newsletter')

    // No address is kept: each network is a code under the day's secret, and the secret is a
    // new one the next day.
    const stored = await db.query<{ network: string }>(
      `select network from private.page_view_network_minutes
       union all select network from private.page_view_network_sources`,
    )
    expect(stored.rows.length).toBeGreaterThan(0)
    for (const { network } of stored.rows) expect(network).toMatch(/^[0-9a-f]{32}$/)
    expect(JSON.stringify(stored.rows)).not.toMatch(/198\.51|2001:db8|203\.0/)
    const codes = await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.headers', $1, true)`, [
        JSON.stringify({ 'cf-connecting-ip': '198.51.100.70', 'x-forwarded-for': '198.51.100.70' }),
      ])
      const today = await tx.query<{ code: string }>(
        `select code from private.page_view_blocks((now() at time zone 'America/Sao_Paulo')::date)
          limit 1`,
      )
      const tomorrow = await tx.query<{ code: string }>(
        `select code from private.page_view_blocks((now() at time zone 'America/Sao_Paulo')::date + 1)
          limit 1`,
      )
      const secrets = await tx.query<{ n: number }>(
        'select count(*)::int as n from private.page_view_day_secret',
      )
      return {
        today: today.rows[0]?.code,
        tomorrow: tomorrow.rows[0]?.code,
        secrets: secrets.rows[0]?.n,
      }
    })
    expect(codes.today).not.toBe(codes.tomorrow)
    // Yesterday's secret is gone as the new day's is made.
    expect(codes.secrets).toBe(1)
  })

  it("takes the shares of a /56 and a /48 too: 75 /64s of one /56 cannot spend the minute's views or the day's sources", async () => {
    await db.exec(`delete from private.page_view_network_minutes;
      delete from private.page_view_network_sources`)
    const sixtyFour = (n: number) => `2001:db8:5675:${n.toString(16)}::1`
    // Ten beacons from each: each /64 is within its own share (20), the /56 is not (30).
    for (let n = 0; n < 75; n += 1) {
      for (let beacon = 0; beacon < 10; beacon += 1) {
        await countViewFrom(db, sixtyFour(n), JSON.stringify({ page: '/', device: 'phone' }))
      }
    }
    const counted = (await views(db)).reduce((sum, row) => sum + row.views, 0)
    expect(counted).toBeGreaterThanOrEqual(30)
    // 30 in each minute the loop ran over (at most two), never the 600 of the site's.
    expect(counted).toBeLessThanOrEqual(60)
    // Visitors of another /48 are all counted.
    for (let n = 0; n < 25; n += 1) {
      await countViewFrom(
        db,
        `2001:db8:${n.toString(16)}::1`,
        JSON.stringify({ page: '/agendar', device: 'desktop' }),
      )
    }
    expect((await views(db)).find((row) => row.page === '/agendar')?.views).toBe(25)

    // Two new junk sources from each /64 (in a new minute): the /56's share of the day's 200 is 5.
    await db.exec('delete from private.page_views; delete from private.page_view_network_minutes')
    for (let n = 0; n < 75; n += 1) {
      for (const junk of ['a', 'b']) {
        await countViewFrom(
          db,
          sixtyFour(n),
          JSON.stringify({ page: '/', device: 'phone', utm_source: `lixo-${n}-${junk}` }),
        )
      }
    }
    const sources = new Set((await views(db)).map((row) => row.source))
    expect(sources.size).toBe(6)
    expect(sources).toContain('(outras)')
    // A real campaign from another network still gets a source of its own.
    await countViewFrom(
      db,
      '2001:db8:9999::1',
      JSON.stringify({ page: '/', device: 'phone', utm_source: 'newsletter' }),
    )
    expect((await views(db)).map((row) => row.source)).toContain('newsletter')
  })

  it('gives visitors nothing to read: no page views, no minutes, no attribution through select', async () => {
    for (const sql of [
      'select * from private.page_views',
      'select * from private.page_view_minutes',
      'select * from private.page_view_network_minutes',
      'select * from private.page_view_day_secret',
      'select utm_source from public.contact_submissions',
    ]) {
      await expect(
        asAnon(db, (tx) => tx.query(sql)),
        sql,
      ).rejects.toThrow(/permission denied/)
    }
  })
})
