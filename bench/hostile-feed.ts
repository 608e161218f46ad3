// What a hostile calendar feed costs a visitor (decision 042), measured two ways:
// 1. Node: the server as `npm start` runs it (its own process, PGlite), reading the feed at
//    start. The feed is held until a visitor has asked for the landing page a number of times
//    (the same server, idle: the reference), then released; the visitor keeps asking until
//    the server logs the read's end. Each feed once per round, interleaved, medians of rounds.
// 2. Deno: the refresh-busy-calendar Edge Function on a Supabase-like PostgreSQL 15, asked by
//    the scheduler's request for each feed: the CPU time and the memory Deno used, against the
//    platform's limits (2 s of CPU and 256 MB a request), and the answer.
// Run: npm run bench:hostile-feed [-- rounds]   (default 3 rounds; BENCH_SKIP_DENO=1 or BENCH_SKIP_NODE=1 for one part)
import { loadavg } from 'node:os'
import pg from 'pg'
import { DEV_ANON_KEY } from '../server/settings.ts'
import {
  FEEDS,
  startCalendarFeedServer,
  type FeedAnswer,
} from '../tests/support/calendar-feed-server.ts'
import { startDenoFunction } from '../tests/support/deno-function.ts'
import {
  hostileZoneFeed,
  leapDaySeriesFeed,
  yearsOfMeetingsFeed,
} from '../tests/support/hostile-feeds.ts'
import { startPostgresServer } from '../tests/support/postgres-server.ts'
import { cpuSeconds, peakResidentMegabytes } from '../tests/support/process-usage.ts'
import { applyMigrationsLikeSupabase } from '../tests/support/supabase-like-database.ts'
import { TEST_SWEEP_HEADERS, TEST_SWEEP_SECRET } from '../tests/support/test-app.ts'
import { keepVisiting } from '../tests/support/visitor-waits.ts'
import { median, percentile, spawnServer } from './spawn-server.ts'

const rounds = Number(process.argv[2] ?? 3)
const QUIET_VISITS = 30
const AFTER_VISITS = 10

const now = Date.now()
const FEEDS_READ: [string, () => string][] = [
  ['Google export, 17 KB (reference feed)', () => FEEDS.google],
  ['years of meetings, 1.9 MB', () => yearsOfMeetingsFeed(now, 1.9)],
  ['years of meetings, 5 MB', () => yearsOfMeetingsFeed(now, 5)],
  ['zone changing hourly since 1970 (486 B)', () => hostileZoneFeed(now, 'HOURLY')],
  ['zone changing hourly since 1700', () => hostileZoneFeed(now, 'HOURLY', '17000101T000000')],
  ['zone changing every minute since 1970', () => hostileZoneFeed(now, 'MINUTELY')],
  ['1 000 leap-day series since 1000 (minutes of work)', () => leapDaySeriesFeed()],
]

const fmt = (ms: number) => `${ms.toFixed(0)} ms`
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`

const waitUntil = async (what: string, done: () => boolean, timeoutMs = 120_000) => {
  const deadline = Date.now() + timeoutMs
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

interface NodeSample {
  quietP50: number
  quietP99: number
  readP50: number
  readMax: number
  readMs: number
  outcome: string
  peakMb: number
}

/** One read of `text` by a freshly started server, while a visitor asks for the page. */
const nodeRound = async (
  feed: Awaited<ReturnType<typeof startCalendarFeedServer>>,
  text: string,
): Promise<NodeSample> => {
  const release = feed.hold()
  const reads = feed.requests()
  let ended: { at: number; outcome: string } | undefined
  const server = await spawnServer({ BOOKING_BUSY_CALENDAR_URL: feed.url }, (line) => {
    if (!line.includes('busy_calendar_')) return
    const entry = JSON.parse(line) as { event: string; problem?: string; events?: number }
    if (entry.event === 'busy_calendar_refreshed') {
      ended = { at: performance.now(), outcome: `read, ${entry.events} in force` }
    } else if (entry.event === 'busy_calendar_unreadable') {
      ended = { at: performance.now(), outcome: `refused: ${entry.problem}` }
    }
  })
  try {
    await waitUntil('the feed asked for', () => feed.requests() > reads)
    const visitor = keepVisiting(server.url)
    await waitUntil('quiet visits', () => visitor.answers().length >= QUIET_VISITS)
    const quiet = visitor.answers().map((answer) => answer.ms)
    const released = performance.now()
    release({ kind: 'calendar', text } satisfies FeedAnswer)
    await waitUntil('the read to end', () => ended !== undefined, 180_000)
    const at = visitor.answers().length
    await waitUntil('visits after', () => visitor.answers().length >= at + AFTER_VISITS)
    const during = (await visitor.stop()).slice(QUIET_VISITS).map((answer) => answer.ms)
    return {
      quietP50: median(quiet),
      quietP99: percentile(quiet, 99),
      readP50: median(during),
      readMax: Math.max(...during),
      readMs: (ended?.at ?? released) - released,
      outcome: ended?.outcome ?? '?',
      peakMb: await peakResidentMegabytes(server.pid),
    }
  } finally {
    await server.stop()
  }
}

const nodePart = async () => {
  const feed = await startCalendarFeedServer()
  const samples = new Map<string, NodeSample[]>()
  try {
    for (let round = 1; round <= rounds; round += 1) {
      for (const [name, make] of FEEDS_READ) {
        const sample = await nodeRound(feed, make())
        samples.set(name, [...(samples.get(name) ?? []), sample])
        console.error(`node round ${round}: ${name}: ${JSON.stringify(sample)}`)
      }
    }
  } finally {
    await feed.stop()
  }
  console.log(
    `\nNode (npm start, PGlite), ${rounds} rounds, medians of the rounds; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}\n`,
  )
  console.log(
    row([
      'feed',
      'GET / quiet p50 / p99',
      'GET / while read p50 / max',
      'max ÷ quiet p99',
      'worst max',
      'read took',
      'outcome',
      'server peak RSS',
    ]),
  )
  console.log(row(Array.from({ length: 8 }, () => '---')))
  for (const [name] of FEEDS_READ) {
    const list = samples.get(name) ?? []
    const m = (pick: (sample: NodeSample) => number) => median(list.map(pick))
    console.log(
      row([
        name,
        `${fmt(m((s) => s.quietP50))} / ${fmt(m((s) => s.quietP99))}`,
        `${fmt(m((s) => s.readP50))} / ${fmt(m((s) => s.readMax))}`,
        `${(m((s) => s.readMax) / m((s) => s.quietP99)).toFixed(2)}×`,
        fmt(Math.max(...list.map((s) => s.readMax))),
        fmt(m((s) => s.readMs)),
        list[0]?.outcome ?? '?',
        `${m((s) => s.peakMb).toFixed(0)} MB`,
      ]),
    )
  }
}

const denoPart = async () => {
  const postgres = await startPostgresServer({ pgCron: true })
  const feed = await startCalendarFeedServer()
  try {
    await applyMigrationsLikeSupabase(postgres.url)
    const db = new pg.Pool({ connectionString: postgres.url, max: 1 })
    await db.query(
      "insert into vault.secrets (name, secret) values ('publishable_key', $1) on conflict (name) do nothing",
      [DEV_ANON_KEY],
    )
    await db.end()
    console.log(
      `\nDeno (refresh-busy-calendar on PostgreSQL 15), ${rounds} calls per feed, each feed in a fresh function; medians\n`,
    )
    console.log(row(['feed', 'CPU a call (p50 / max)', 'wall', 'peak RSS', 'answer']))
    console.log(row(Array.from({ length: 5 }, () => '---')))
    for (const [name, make] of FEEDS_READ) {
      const fn = await startDenoFunction('refresh-busy-calendar', {
        SUPABASE_DB_URL: postgres.url,
        BOOKING_BUSY_CALENDAR_URL: feed.url,
        MAIL_SWEEP_SECRET: TEST_SWEEP_SECRET,
      })
      try {
        feed.serve({ kind: 'calendar', text: make() })
        const cpu: number[] = []
        const wall: number[] = []
        let answer = ''
        for (let call = 0; call < rounds; call += 1) {
          const before = await cpuSeconds(fn.pid)
          const started = performance.now()
          const response = await fetch(`${fn.url}/functions/v1/refresh-busy-calendar`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...TEST_SWEEP_HEADERS },
            body: '{}',
          })
          const body = (await response.json()) as { status: string; error?: string }
          wall.push(performance.now() - started)
          cpu.push((await cpuSeconds(fn.pid)) - before)
          answer = `${response.status} ${body.status}${body.error ? `: ${body.error.slice(0, 60)}…` : ''}`
        }
        console.log(
          row([
            name,
            `${median(cpu).toFixed(2)} s / ${Math.max(...cpu).toFixed(2)} s`,
            fmt(median(wall)),
            `${(await peakResidentMegabytes(fn.pid)).toFixed(0)} MB`,
            answer,
          ]),
        )
      } finally {
        await fn.stop()
      }
    }
  } finally {
    await feed.stop()
    await postgres.stop()
  }
}

if (!process.env.BENCH_SKIP_NODE) await nodePart()
if (!process.env.BENCH_SKIP_DENO) await denoPart()
