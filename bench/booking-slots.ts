// The agenda's numbers (DESIGN.md: "free times for the whole horizon p95 ≤ 20 ms on PGlite";
// one meeting per slot under any race):
// 1. the free-times call over the whole horizon, on an empty agenda and then with 200 busy
//    events and 20 bookings, on PGlite (and PostgreSQL 15 with BENCH_POSTGRES=1), straight to the
//    database and through the server's /rest/v1/rpc route, interleaved round by round with a
//    trivial query in the same run, in wall time and in this process's CPU time;
// 2. fifty visitors confirming one slot at once, through two Node servers on one PostgreSQL and
//    through one on PGlite: outcomes and how long until the last one had its answer.
// Run: npm run bench:booking [-- rounds]   (default 300 rounds of the free-times call)
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Database } from '../server/db/database.ts'
import { DEV_ANON_KEY } from '../server/settings.ts'
import { startServer, type RunningServer } from '../server/start-server.ts'
import { startPostgresServer } from '../tests/support/postgres-server.ts'
import { testSettings } from '../tests/support/test-app.ts'
import { median, percentile } from './spawn-server.ts'

const rounds = Number(process.argv[2] ?? 300)
const RACE_ROUNDS = 5
const RACERS = 50

const fmt = (ms: number) => `${ms.toFixed(1)} ms`

/**
 * 200 busy events from the company's calendar over the horizon's days, at every hour (30 to 90
 * minutes each, about nine a day, a third of them in office hours), and 20 bookings: a busy
 * company's calendar.
 */
const seedAgenda = async (db: Database) => {
  await db.query(
    `insert into private.busy_times (starts_at, ends_at, source_uid)
     select start, start + make_interval(mins => 30 + (n * 17) % 61), 'bench-' || n
       from generate_series(0, 199) n,
       lateral (select date_trunc('day', now() at time zone 'America/Sao_Paulo')
                 + make_interval(days => n % 22, hours => (n * 7) % 24, mins => (n % 2) * 30)
                 as local_start) l,
       lateral (select l.local_start at time zone 'America/Sao_Paulo' as start) s`,
  )
  const { rows } = await db.query<{ slot: string }>(
    `select private.utc_text(starts_at) as slot from private.free_slots(now())`,
  )
  const step = Math.max(1, Math.floor(rows.length / 20))
  for (let n = 0; n < 20 && n * step < rows.length; n += 1) {
    await db.transaction(async (tx) => {
      // Each from a network of its own (a /24: the booking limits count per network), as
      // twenty visitors would be; 198.18.0.0/15 is the range kept for benchmarks.
      await tx.query(`select set_config('request.headers', $1, true)`, [
        JSON.stringify({ 'x-forwarded-for': `198.18.${n + 1}.1` }),
      ])
      await tx.query(
        `select private.book_meeting($1::timestamptz, $2, $3, null, 'Reunião de teste', null,
           null, 60000, now())`,
        [rows[n * step]?.slot, `Bench ${n}`, `bench.${n}@example.com`],
      )
    })
  }
}

interface Sample {
  ms: number
  /** This process's CPU time over the call: PGlite runs in it, so this is the query's own work,
   *  apart from the time the shared machine kept it waiting. */
  cpuMs: number
}

const timeQuery = async (db: Database, sql: string): Promise<Sample> => {
  const cpu = process.cpuUsage()
  const started = performance.now()
  await db.query(sql)
  const used = process.cpuUsage(cpu)
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 }
}

let readers = 0
/** A visitor's read: each from an address of its own, as visitors arriving are (decision 040). */
const timeHttp = async (url: string): Promise<Sample> => {
  readers += 1
  const cpu = process.cpuUsage()
  const started = performance.now()
  const response = await fetch(`${url}/rest/v1/rpc/booking_free_times`, {
    method: 'POST',
    headers: {
      apikey: DEV_ANON_KEY,
      'content-type': 'application/json',
      'x-forwarded-for': `198.19.${Math.floor(readers / 250) % 250}.${readers % 250}`,
    },
    body: '{}',
  })
  const body = (await response.json()) as { slots?: unknown[] }
  if (response.status !== 200 || !Array.isArray(body.slots)) {
    throw new Error(`free times: HTTP ${response.status}`)
  }
  const used = process.cpuUsage(cpu)
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 }
}

const slotsOffered = async (db: Database) =>
  (
    await db.query<{ n: number }>(
      `select jsonb_array_length(public.booking_free_times() -> 'slots') as n`,
    )
  ).rows[0]?.n

const measureAgenda = async (store: string, agenda: string, server: RunningServer) => {
  const cases: [string, () => Promise<Sample>][] = [
    ['reference: select 1', () => timeQuery(server.db, 'select 1')],
    [
      'free times, straight to the database',
      () => timeQuery(server.db, 'select public.booking_free_times()'),
    ],
    // A visitor within a second of another is answered from the server's copy (decision 040).
    ['free times, POST /rest/v1/rpc (HTTP, a new visitor each)', () => timeHttp(server.url)],
  ]
  const samples = new Map<string, Sample[]>(cases.map(([name]) => [name, []]))
  for (const [, run] of cases) for (let n = 0; n < 10; n += 1) await run() // warm
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, run] of cases) samples.get(name)?.push(await run())
  }
  console.log(
    `\n### Free times, whole horizon, ${store}, ${agenda}: ${await slotsOffered(server.db)} slots offered, ${rounds} rounds\n`,
  )
  // CPU time is the whole process's: on PostgreSQL the query's work is in another process, and
  // through HTTP the server and the client share this one.
  console.log('| call | p50 | p95 | p99 | CPU p50 | CPU p95 |')
  console.log('| --- | --- | --- | --- | --- | --- |')
  for (const [name, values] of samples) {
    const ms = values.map((sample) => sample.ms)
    const cpu = values.map((sample) => sample.cpuMs)
    console.log(
      `| ${name} | ${fmt(median(ms))} | ${fmt(percentile(ms, 95))} | ${fmt(percentile(ms, 99))} | ${fmt(median(cpu))} | ${fmt(percentile(cpu, 95))} |`,
    )
  }
  console.log(
    `\nLoad average (1 min) at the end: ${(loadavg()[0] ?? 0).toFixed(1)} on ${cpus().length} cores.`,
  )
}

/** An empty agenda (the most slots to list), then a busy company's. */
const measureFreeTimes = async (store: string, server: RunningServer) => {
  await measureAgenda(store, 'no busy events or bookings', server)
  await seedAgenda(server.db)
  await measureAgenda(store, '200 busy events and 20 bookings', server)
}

let visitor = 0
const attempt = async (url: string, slot: string) => {
  visitor += 1
  const started = performance.now()
  const response = await fetch(`${url}/rest/v1/rpc/book_meeting`, {
    method: 'POST',
    headers: {
      apikey: DEV_ANON_KEY,
      'content-type': 'application/json',
      // A network (/24) of its own each: the booking limits per network are not this race's.
      'x-forwarded-for': `10.${visitor % 250}.${Math.floor(visitor / 250)}.1`,
    },
    body: JSON.stringify({
      starts_at: slot,
      name: `Corrida ${visitor}`,
      email: `corrida.${visitor}@example.com`,
      note: 'A mesma reunião que todo mundo quer.',
      form_elapsed_ms: 20_000,
    }),
  })
  const body = (await response.json()) as { details?: string }
  return { status: response.status, details: body.details, ms: performance.now() - started }
}

const measureRace = async (store: string, servers: RunningServer[]) => {
  const [first] = servers
  if (!first) return
  console.log(`\n### ${RACERS} visitors at once for one slot, ${store}, ${RACE_ROUNDS} rounds\n`)
  console.log('| round | booked | 409 slot_taken | other | last answer after | p50 answer |')
  console.log('| --- | --- | --- | --- | --- | --- |')
  for (let round = 1; round <= RACE_ROUNDS; round += 1) {
    const { rows } = await first.db.query<{ slot: string }>(
      `select private.utc_text(starts_at) as slot from private.free_slots(now()) limit 1`,
    )
    const slot = rows[0]?.slot ?? ''
    const started = performance.now()
    const outcomes = await Promise.all(
      Array.from({ length: RACERS }, (_, n) =>
        attempt((servers[n % servers.length] as RunningServer).url, slot),
      ),
    )
    const settled = performance.now() - started
    const booked = outcomes.filter((o) => o.status === 200).length
    const taken = outcomes.filter((o) => o.status === 409 && o.details === 'slot_taken').length
    console.log(
      `| ${round} | ${booked} | ${taken} | ${RACERS - booked - taken} | ${fmt(settled)} | ${fmt(median(outcomes.map((o) => o.ms)))} |`,
    )
  }
}

const withPglite = async (run: (server: RunningServer) => Promise<void>) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-booking-'))
  const server = await startServer(
    testSettings({ PORT: '0', DATA_DIR: dataDir, TRUST_PROXY: 'loopback' }),
  )
  try {
    await run(server)
  } finally {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

const withPostgres = async (count: number, run: (servers: RunningServer[]) => Promise<void>) => {
  const postgres = await startPostgresServer()
  const settings = testSettings({ PORT: '0', DATABASE_URL: postgres.url, TRUST_PROXY: 'loopback' })
  const servers: RunningServer[] = []
  try {
    for (let n = 0; n < count; n += 1) servers.push(await startServer(settings))
    await run(servers)
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
    await postgres.stop()
  }
}

await withPglite((server) => measureFreeTimes('PGlite', server))
if (process.env.BENCH_POSTGRES === '1') {
  await withPostgres(1, ([server]) =>
    server ? measureFreeTimes('PostgreSQL 15', server) : Promise.resolve(),
  )
}
await withPostgres(2, (servers) => measureRace('two Node servers on one PostgreSQL 15', servers))
await withPglite((server) => measureRace('one Node server on PGlite', [server]))
