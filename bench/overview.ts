// The desk's overview (server/desk/overview/) with 0, 1 and 100 000 leads on PGlite: the page's
// queries as the desk runs them, answer times included, timed against the list's first page
// (the desk benchmark's reference) in the same run, so a busy machine moves both.
// Run: npm run bench:overview [-- rounds]   (default 40 rounds of each)
import { performance } from 'node:perf_hooks'
import type { Database } from '../server/db/database.ts'
import { applyMigrations } from '../server/db/migrate.ts'
import { openPgliteDatabase } from '../server/db/pglite.ts'
import { ensureSupabaseRoles } from '../server/db/supabase-roles.ts'
import { EMPTY_FILTER } from '../server/desk/leads/lead-filter.ts'
import { listLeads } from '../server/desk/leads/lead-store.ts'
import { readOverview } from '../server/desk/overview/overview-queries.ts'
import { generateLeads, seedLeads } from '../tests/support/seed-leads.ts'
import { median, percentile } from './spawn-server.ts'

const rounds = Number(process.argv[2] ?? 40)
const SOURCES = ['newsletter', 'instagram', 'google', 'linkedin', 'parceiro']

const open = async () => {
  const db = await openPgliteDatabase()
  await ensureSupabaseRoles(db)
  await applyMigrations(db)
  return db
}

/**
 * Leads `spacingMs` apart back from now, a third with a source and a sixth with a campaign:
 * 100 000 over two years is a busy company's history (about 11 500 of them in the overview's
 * 12 weeks); 90 s apart they span 15 weeks, 75 000 in the window, the worst case.
 */
const seed = async (db: Database, count: number, spacingMs: number) => {
  const leads = generateLeads(count).map((lead, index) => ({
    ...lead,
    createdAt: new Date(Date.now() - index * spacingMs),
    // A desk with 100 000 leads has mailed them: only the newest few wait in the queue.
    notified: index >= 3,
    utmSource: index % 3 === 0 ? (SOURCES[index % SOURCES.length] ?? null) : null,
    utmCampaign: index % 6 === 0 ? `campanha-${index % 40}` : null,
    referrerOrigin: index % 3 === 1 ? 'https://www.google.com' : null,
    // Most leads answered, from minutes to two days later; one in 30 spam, one in 8 never
    // answered: the answer figures (decision 051) read a median's worth of values per week.
    status: index % 30 === 0 ? ('spam' as const) : ('novo' as const),
    answeredAt:
      index % 8 === 3 || index % 30 === 0
        ? null
        : new Date(
            Math.min(
              Date.now(),
              Date.now() - index * spacingMs + ((index * 7919) % 172_800) * 1000,
            ),
          ),
  }))
  for (let start = 0; start < leads.length; start += 2_000) {
    await seedLeads(db, leads.slice(start, start + 2_000))
  }
  if (count < 100) return
  // One meeting for every 50th lead, an hour apart, booked when the lead arrived.
  await db.exec(`insert into public.bookings (lead_id, starts_at, ends_at, blocked_until, name,
      email, note, time_zone, meeting_url, manage_token_hash, created_at)
    select s.id, now() - n * interval '1 hour', now() - n * interval '1 hour' + interval '30 minutes',
           now() - n * interval '1 hour' + interval '45 minutes', s.name, s.email, 'Conversa',
           'America/Sao_Paulo', 'https://meet.example/x', md5(s.id::text), s.created_at
      from (select id, name, email, created_at, row_number() over (order by created_at) as n
              from public.contact_submissions) s
     where s.n % 50 = 0`)
  // 12 weeks of visits: every page, 50 sources, 3 devices a day (~88 000 rows).
  await db.exec(`insert into private.page_views (day, page, source, device, views)
    select d::date, p, 'fonte-' || f, v, 1 + (f * 7) % 40
      from generate_series(current_date - 84, current_date, '1 day') d,
           unnest(array['/', '/privacidade', '/contato', '/contato/enviada', '/contato/erro',
                        '/agendar', '/agendar/gerenciar']) p,
           generate_series(1, 50) f, unnest(array['phone', 'tablet', 'desktop']) v`)
}

const timeOnce = async (fn: () => Promise<unknown>) => {
  const started = performance.now()
  await fn()
  return performance.now() - started
}

const line = (name: string, samples: number[]) =>
  `${name.padEnd(34)} p50 ${median(samples).toFixed(1).padStart(6)} ms   p95 ${percentile(samples, 95).toFixed(1).padStart(6)} ms   max ${Math.max(
    ...samples,
  )
    .toFixed(1)
    .padStart(6)} ms`

const TWO_YEARS_MS = 2 * 365 * 86_400_000
const cases = [
  { count: 0, spacingMs: 90_000, label: '0 leads' },
  { count: 1, spacingMs: 90_000, label: '1 lead' },
  { count: 100_000, spacingMs: TWO_YEARS_MS / 100_000, label: '100,000 leads over two years' },
  { count: 100_000, spacingMs: 90_000, label: '100,000 leads in 15 weeks (worst case)' },
]
for (const { count, spacingMs, label } of cases) {
  const db = await open()
  const seeding = performance.now()
  await seed(db, count, spacingMs)
  console.log(
    `\n${label} (seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s), ${rounds} rounds each`,
  )
  // The very first view counts every past day of the window once (decision 036).
  const first = await timeOnce(() => readOverview(db))
  console.log(
    `${'first view ever (tallies 12 weeks)'.padEnd(34)} ${first.toFixed(1).padStart(10)} ms`,
  )
  // Interleaved, so drift in the machine's speed reaches all three.
  const overview: number[] = []
  const dayAgain: number[] = []
  const list: number[] = []
  const readList = () => listLeads(db, { filter: EMPTY_FILTER }, 1)
  // Warm the plan caches, as a running server has them.
  await readOverview(db)
  await readList()
  for (let round = 0; round < rounds; round += 1) {
    overview.push(await timeOnce(() => readOverview(db)))
    // The first view after midnight, or after an erasure: one day to count again.
    await db.query(`select private.forget_lead_tallies(array[now() - interval '3 days'])`)
    dayAgain.push(await timeOnce(() => readOverview(db)))
    list.push(await timeOnce(readList))
  }
  console.log(line('overview (all its queries)', overview))
  console.log(line('overview, one day to tally', dayAgain))
  console.log(line('reference: the list, page 1', list))
  await db.close()
}
