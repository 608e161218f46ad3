// What reading the company's calendar costs (issue 19, decision 031), on PGlite:
// 1. one refresh of a large feed shaped like a Google Calendar export (three years of history,
//    recurring meetings with exceptions, every event with its description and attendees),
//    served over HTTP on loopback, expanded in a worker thread as the server does: wall time,
//    this process's CPU time (the worker's included), and the longest the event loop waited
//    meanwhile (what a visitor's request to the same Node server would);
// 2. the free times for the whole horizon with the busy times that import left, against
//    `select 1` in the same rounds (DESIGN.md: p95 ≤ 20 ms on PGlite).
// Run: npm run bench:busy-calendar [-- rounds]   (default 10 refreshes, 300 free-times calls)
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import type { Database } from '../server/db/database.ts'
import { expandInWorker } from '../server/booking/expand-in-worker.ts'
import { resolveHost } from '../server/booking/resolve-host.ts'
import type { FeedWindow } from '#shared/busy-calendar/busy-feed-limits.ts'
import { refreshBusyTimes } from '#shared/busy-calendar/busy-feed-refresh.ts'
import { startCalendarFeedServer } from '../tests/support/calendar-feed-server.ts'
import { createTestDatabase } from '../tests/support/test-database.ts'
import { median, percentile } from './spawn-server.ts'

const refreshes = Number(process.argv[2] ?? 10)
const ROUNDS = 300
const DAY = 86_400_000

const stamp = (epochMs: number) => new Date(epochMs).toISOString().replace(/[-:]|\.\d{3}/g, '')
const local = (epochMs: number) => stamp(epochMs - 3 * 3_600_000).replace('Z', '')

/** Noon-ish local times on weekdays, from `fromDays` to `toDays` around now. */
const weekdaysBetween = (fromDays: number, toDays: number) => {
  const days: number[] = []
  const today = Math.floor(Date.now() / DAY) * DAY
  for (let n = fromDays; n <= toDays; n += 1) {
    const day = today + n * DAY
    const weekday = new Date(day).getUTCDay()
    if (weekday !== 0 && weekday !== 6) days.push(day)
  }
  return days
}

const vevent = (lines: string[]) => `BEGIN:VEVENT\r\n${lines.join('\r\n')}\r\nEND:VEVENT\r\n`

const details = (n: number) => [
  `DTSTAMP:${stamp(Date.now())}`,
  `CREATED:${stamp(Date.now() - 400 * DAY)}`,
  `DESCRIPTION:Pauta da reunião ${n}: proposta\\, cronograma e próximos passos com o cliente.`,
  `ORGANIZER;CN=Aurora Digital:mailto:contato@auroradigital.com.br`,
  `ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN=Cliente ${n}:mailto:cliente${n}@example.com`,
  `LOCATION:Google Meet`,
  `SEQUENCE:0`,
  `STATUS:CONFIRMED`,
  `SUMMARY:Reunião com cliente ${n}`,
  `TRANSP:OPAQUE`,
]

/**
 * Three years back and three months ahead: four single events a weekday (one of them 20:00,
 * out of office hours), 30 weekly series begun one to three years ago (a third ended), each
 * with two dates excluded and two instances moved, and 5 daily stand-ups for two years.
 */
const largeFeed = () => {
  const events: string[] = []
  let n = 0
  for (const day of weekdaysBetween(-3 * 365, 90)) {
    for (const hour of [9, 11, 14, 20]) {
      n += 1
      const start = day + (hour + 3) * 3_600_000
      events.push(
        vevent([
          `UID:single-${n}@google.com`,
          `DTSTART;TZID=America/Sao_Paulo:${local(start)}`,
          `DTEND;TZID=America/Sao_Paulo:${local(start + 3_600_000)}`,
          ...details(n),
        ]),
      )
    }
  }
  for (let series = 0; series < 30; series += 1) {
    const back = -365 * (1 + (series % 3))
    const first = weekdaysBetween(back, back + 6)[0]
    const start = (first ?? Date.now()) + (13 + (series % 6)) * 3_600_000
    const until = series % 3 === 0 ? `;UNTIL=${stamp(Date.now() - 30 * DAY)}` : ''
    const uid = `weekly-${series}@google.com`
    events.push(
      vevent([
        `UID:${uid}`,
        `DTSTART;TZID=America/Sao_Paulo:${local(start)}`,
        `DTEND;TZID=America/Sao_Paulo:${local(start + 1_800_000)}`,
        `RRULE:FREQ=WEEKLY;WKST=SU${until}`,
        `EXDATE;TZID=America/Sao_Paulo:${local(start + 7 * 7 * DAY)}`,
        `EXDATE;TZID=America/Sao_Paulo:${local(start + 11 * 7 * DAY)}`,
        ...details(series),
      ]),
    )
    for (const week of [3, 5]) {
      const original = start + week * 7 * DAY
      events.push(
        vevent([
          `UID:${uid}`,
          `RECURRENCE-ID;TZID=America/Sao_Paulo:${local(original)}`,
          `DTSTART;TZID=America/Sao_Paulo:${local(original + DAY)}`,
          `DTEND;TZID=America/Sao_Paulo:${local(original + DAY + 1_800_000)}`,
          ...details(series),
        ]),
      )
    }
  }
  for (let daily = 0; daily < 5; daily += 1) {
    const start = Math.floor((Date.now() - 730 * DAY) / DAY) * DAY + (12 + daily) * 3_600_000
    events.push(
      vevent([
        `UID:daily-${daily}@google.com`,
        `DTSTART:${stamp(start)}`,
        `DTEND:${stamp(start + 900_000)}`,
        'RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR',
        ...details(daily),
      ]),
    )
  }
  return (
    'BEGIN:VCALENDAR\r\nPRODID:-//Google Inc//Google Calendar 70.9054//EN\r\nVERSION:2.0\r\n' +
    'X-WR-TIMEZONE:America/Sao_Paulo\r\nBEGIN:VTIMEZONE\r\nTZID:America/Sao_Paulo\r\n' +
    'BEGIN:STANDARD\r\nTZOFFSETFROM:-0300\r\nTZOFFSETTO:-0300\r\nTZNAME:GMT-3\r\n' +
    'DTSTART:19700101T000000\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n' +
    `${events.join('')}END:VCALENDAR\r\n`
  )
}

/** The longest gap between ticks of a 5 ms timer while `work` runs: the event loop's wait. */
const longestStall = async <T>(work: () => Promise<T>) => {
  let last = performance.now()
  let longest = 0
  const ticker = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
  }, 5)
  try {
    const result = await work()
    return { result, stallMs: Math.max(longest, performance.now() - last) }
  } finally {
    clearInterval(ticker)
  }
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`

/** As the Edge Function counts a read's work: the smaller of wall and this process's CPU time. */
const cpuClock = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

const db: Database = await createTestDatabase()
const feedServer = await startCalendarFeedServer()
try {
  const text = largeFeed()
  feedServer.serve({ kind: 'calendar', text })
  const feed = { url: feedServer.url, host: new URL(feedServer.url).host }
  // Two ways, interleaved round by round: in a worker thread, as the Node server reads it
  // (decision 042; from the sources the worker also loads tsx), and in this thread, as the Edge
  // Function does, which shows what the worker keeps off the event loop.
  const ways = {
    'in a worker thread (the Node server)': (text: string, window: FeedWindow, zone: string) =>
      expandInWorker(text, window, zone),
    'in this thread (the Edge Function)': undefined,
  }
  const samples = new Map<string, { ms: number; cpuMs: number; stallMs: number }[]>(
    Object.keys(ways).map((way) => [way, []]),
  )
  let events = 0
  for (let round = 0; round < refreshes + 1; round += 1) {
    for (const [way, expand] of Object.entries(ways)) {
      const deps = {
        query: (sql: string, params: unknown[]) => db.query(sql, params),
        resolveHost,
        expand,
        cpuClock,
      }
      const cpu = process.cpuUsage()
      const started = performance.now()
      const { result, stallMs } = await longestStall(() => refreshBusyTimes(feed, deps))
      const used = process.cpuUsage(cpu)
      if (result.status !== 'refreshed') throw new Error(JSON.stringify(result))
      events = result.events
      // The first round warms ical.js and the database up.
      if (round > 0) {
        samples.get(way)?.push({
          ms: performance.now() - started,
          cpuMs: (used.user + used.system) / 1000,
          stallMs,
        })
      }
    }
  }
  const veventCount = text.split('BEGIN:VEVENT').length - 1
  console.log(
    `\n### One refresh of a ${(text.length / 1024 / 1024).toFixed(1)} MB feed (${veventCount} VEVENTs), PGlite, ${refreshes} rounds: ${events} busy times in force\n`,
  )
  console.log('| expanded | figure | p50 | p95 | max |')
  console.log('| --- | --- | --- | --- | --- |')
  for (const [way, list] of samples) {
    for (const [name, values] of [
      ['refresh, wall time', list.map((s) => s.ms)],
      ['refresh, CPU time (this process, PGlite and worker included)', list.map((s) => s.cpuMs)],
      ['longest event-loop stall during it', list.map((s) => s.stallMs)],
    ] as const) {
      console.log(
        `| ${way} | ${name} | ${fmt(median(values))} | ${fmt(percentile(values, 95))} | ${fmt(Math.max(...values))} |`,
      )
    }
  }

  const time = async (sql: string) => {
    const cpu = process.cpuUsage()
    const started = performance.now()
    await db.query(sql)
    const used = process.cpuUsage(cpu)
    return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 }
  }
  const cases = [
    ['reference: select 1', 'select 1'],
    ['free times, straight to the database', 'select public.booking_free_times()'],
  ] as const
  const timings = new Map<string, { ms: number; cpuMs: number }[]>(
    cases.map(([name]) => [name, []]),
  )
  for (const [, sql] of cases) for (let n = 0; n < 10; n += 1) await time(sql)
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, sql] of cases) timings.get(name)?.push(await time(sql))
  }
  const offered = await db.query<{ n: number }>(
    `select jsonb_array_length(public.booking_free_times() -> 'slots') as n`,
  )
  console.log(
    `\n### Free times, whole horizon, with those ${events} busy times: ${offered.rows[0]?.n} slots offered, ${ROUNDS} rounds\n`,
  )
  console.log('| call | p50 | p95 | p99 | CPU p50 | CPU p95 |')
  console.log('| --- | --- | --- | --- | --- | --- |')
  for (const [name, values] of timings) {
    const ms = values.map((value) => value.ms)
    const cpu = values.map((value) => value.cpuMs)
    console.log(
      `| ${name} | ${fmt(median(ms))} | ${fmt(percentile(ms, 95))} | ${fmt(percentile(ms, 99))} | ${fmt(median(cpu))} | ${fmt(percentile(cpu, 95))} |`,
    )
  }
  console.log(
    `\nLoad average (1 min) at the end: ${(loadavg()[0] ?? 0).toFixed(1)} on ${cpus().length} cores.`,
  )
} finally {
  await feedServer.stop()
  await db.close()
}
