/**
 * The calendar import where it runs: the refresh-busy-calendar Edge Function under the real
 * Deno against PostgreSQL 15 with the migrations applied as `supabase db push` would, asked
 * by the pg_cron job's own command through pg_net (tests/support/supabase-like-database.ts);
 * and two Node servers on one PostgreSQL, each reading the same calendar on its timer.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createJsonLogger } from '../../server/log.ts'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import {
  FEED_SECRET,
  startCalendarFeedServer,
  type CalendarFeedServer,
} from '../support/calendar-feed-server.ts'
import { startDenoFunction, type RunningFunction } from '../support/deno-function.ts'
import {
  hostileZoneFeed,
  leapDaySeriesFeed,
  yearsOfMeetingsFeed,
} from '../support/hostile-feeds.ts'
import { cpuSeconds, peakResidentMegabytes } from '../support/process-usage.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { applyMigrationsLikeSupabase, startPgNetWorker } from '../support/supabase-like-database.ts'
import { TEST_SWEEP_HEADERS, TEST_SWEEP_SECRET, testSettings } from '../support/test-app.ts'
import { waitFor } from '../support/wait.ts'
import { bookingSettingsSql } from '../../server/booking/apply-booking-settings.ts'
import { bookingFacts, type BookingFacts } from '../../server/booking/booking-facts.ts'

const HOUR = 3_600_000

/**
 * A calendar with one busy hour at 15:00Z (noon in São Paulo) on each of the next seven days,
 * from the day after tomorrow; those on the agenda's open weekdays are what it keeps.
 */
/** An agenda of 30-minute slots from 9h to 18h in São Paulo, Monday to Friday: 15:00Z is one. */
const MIDDAY_AGENDA: BookingFacts = {
  time_zone: 'America/Sao_Paulo',
  weekdays: [1, 2, 3, 4, 5],
  opens: '09:00',
  closes: '18:00',
  slot_minutes: 30,
}

const weekOfMiddays = (from = Date.now(), agenda: BookingFacts = MIDDAY_AGENDA) => {
  const base = new Date(from)
  base.setUTCHours(15, 0, 0, 0)
  const starts = Array.from({ length: 7 }, (_, n) => new Date(base.getTime() + (n + 2) * 24 * HOUR))
  const stamp = (date: Date) => date.toISOString().replace(/[-:]|\.\d{3}/g, '')
  const events = starts.map(
    (start, n) =>
      `BEGIN:VEVENT\r\nUID:almoco-${n}@teste\r\nDTSTAMP:${stamp(new Date(from))}\r\nSUMMARY:Almoço com cliente\r\nDTSTART:${stamp(start)}\r\nDTEND:${stamp(new Date(start.getTime() + HOUR))}\r\nEND:VEVENT\r\n`,
  )
  // The agenda keeps those on the company's open weekdays, on its own clock.
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: agenda.time_zone, weekday: 'short' })
  const isoWeekday = (date: Date) =>
    ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(weekday.format(date)) + 1
  const weekdays = starts.filter((start) => agenda.weekdays.includes(isoWeekday(start)))
  return {
    text: `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Teste//PT\r\n${events.join('')}END:VCALENDAR\r\n`,
    busy: weekdays.map((start) => start.toISOString().replace('.000Z', 'Z')),
  }
}

let postgres: PostgresServer
let feed: CalendarFeedServer
let db: pg.Pool

beforeAll(async () => {
  ;[postgres, feed] = await Promise.all([
    startPostgresServer({ pgCron: true }),
    startCalendarFeedServer(),
  ])
  await applyMigrationsLikeSupabase(postgres.url)
  db = new pg.Pool({ connectionString: postgres.url, max: 3 })
  // Hours with a slot at 15:00Z, whatever the company's: the Node servers below apply its own.
  await db.query(bookingSettingsSql(MIDDAY_AGENDA, {}))
}, 120_000)

afterAll(async () => {
  await db?.end()
  await Promise.all([postgres?.stop(), feed?.stop()])
})

const busyTimes = async (pool: pg.Pool = db) =>
  (
    await pool.query<{ starts_at: string }>(
      `select private.utc_text(starts_at) as starts_at from private.busy_times order by 1`,
    )
  ).rows.map((row) => row.starts_at)

const feedStatus = async (pool: pg.Pool = db) =>
  (
    await pool.query<{ last_success_at: Date | null; last_error: string | null; events: number }>(
      'select last_success_at, last_error, events from private.busy_feed_status',
    )
  ).rows[0]

const offeredSlots = async (pool: pg.Pool = db) =>
  (await pool.query<{ slots: string[] }>(`select public.booking_free_times() -> 'slots' as slots`))
    .rows[0]?.slots ?? []

describe('refresh-busy-calendar under Deno, on a Supabase-like PostgreSQL 15', () => {
  let fn: RunningFunction
  const call = (headers: Record<string, string> = {}, method = 'POST') =>
    fetch(`${fn.url}/functions/v1/refresh-busy-calendar`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: method === 'POST' ? '{}' : undefined,
    })

  beforeAll(async () => {
    fn = await startDenoFunction('refresh-busy-calendar', {
      SUPABASE_DB_URL: postgres.url,
      BOOKING_BUSY_CALENDAR_URL: feed.url,
      MAIL_SWEEP_SECRET: TEST_SWEEP_SECRET,
    })
  }, 120_000)

  afterAll(async () => {
    await fn?.stop()
  })

  it('refuses to read the calendar for anyone but the scheduler', async () => {
    const before = feed.requests()
    for (const headers of [{}, { 'x-mail-sweep-secret': 'wrong' }] as Record<string, string>[]) {
      const response = await call(headers)
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({
        error: { code: 'unauthorized', message: 'Only the scheduler may refresh the busy times.' },
      })
    }
    const get = await call(TEST_SWEEP_HEADERS, 'GET')
    expect(get.status).toBe(405)
    await get.body?.cancel()
    expect(feed.requests()).toBe(before)
  })

  it('reads the calendar into the busy times when pg_cron’s job asks, and the free times lose them', async () => {
    const week = weekOfMiddays()
    feed.serve({ kind: 'calendar', text: week.text })
    const offeredBefore = (await offeredSlots()).filter((slot) => week.busy.includes(slot))
    expect(offeredBefore.length).toBeGreaterThan(0)

    const jobs = await db.query<{ schedule: string; command: string }>(
      "select schedule, command from cron.job where jobname = 'refresh-busy-calendar'",
    )
    expect(jobs.rows).toEqual([
      {
        schedule: '*/10 * * * *',
        command: "select private.request_edge_function('refresh-busy-calendar', 30000)",
      },
    ])
    await db.query(
      "insert into vault.secrets (name, secret) values ('project_url', $1), ('publishable_key', $2), ('mail_sweep_secret', $3) on conflict (name) do update set secret = excluded.secret",
      [fn.url, DEV_ANON_KEY, TEST_SWEEP_SECRET],
    )
    // What pg_cron runs every ten minutes, run now; pg_net's worker sends it.
    await db.query(jobs.rows[0]?.command ?? '')
    const worker = startPgNetWorker(postgres.url)
    try {
      await waitFor('the refresh', feedStatus, (status) => status?.last_success_at != null, {
        timeoutMs: 30_000,
      })
    } finally {
      await worker.stop()
    }
    expect(await busyTimes()).toEqual(week.busy)
    expect(await feedStatus()).toMatchObject({ last_error: null, events: week.busy.length })
    // pg_cron's minute job may have queued a mail sweep meanwhile: here it reaches the same
    // function, which answers it alike.
    const answers = await db.query<{ status_code: number; content: string }>(
      'select distinct status_code, content from net._http_response',
    )
    expect(answers.rows.map((row) => [row.status_code, JSON.parse(row.content)])).toEqual([
      [200, { ok: true, status: 'refreshed', events: week.busy.length }],
    ])
    const offeredAfter = await offeredSlots()
    expect(week.busy.filter((slot) => offeredAfter.includes(slot))).toEqual([])
  }, 60_000)

  it('keeps the busy times and records why when the calendar fails, and logs only its host', async () => {
    const before = await busyTimes()
    feed.serve({ kind: 'status', status: 503 })
    const response = await call(TEST_SWEEP_HEADERS)
    const message = `O servidor do calendário (${new URL(feed.url).host}) respondeu com erro 503.`
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({ ok: false, status: 'failed', error: message })
    expect(await busyTimes()).toEqual(before)
    expect(await feedStatus()).toMatchObject({ last_error: message, events: before.length })
    expect(fn.output()).toContain('busy_calendar_unreadable')
    expect(fn.output()).not.toContain(FEED_SECRET)
  })

  describe('a hostile calendar, within the platform’s limits (2 s of CPU, 256 MB a request)', () => {
    const host = () => new URL(feed.url).host
    /** One scheduled refresh: its answer, and the CPU and memory Deno used for it. */
    const refreshMeasured = async () => {
      const cpuBefore = await cpuSeconds(fn.pid)
      const response = await call(TEST_SWEEP_HEADERS)
      const answer = (await response.json()) as { status: string; error?: string }
      return {
        status: response.status,
        answer,
        cpuSeconds: (await cpuSeconds(fn.pid)) - cpuBefore,
        peakMegabytes: await peakResidentMegabytes(fn.pid),
      }
    }

    it('refuses a zone that changes every minute (it ran for ever), and keeps the busy times', async () => {
      const before = await busyTimes()
      feed.serve({ kind: 'calendar', text: hostileZoneFeed(Date.now(), 'MINUTELY') })
      const measured = await refreshMeasured()
      const message = `O calendário de ${host()} define um fuso horário (“Hora de Brasília”) que muda a hora com frequência demais para ser calculado; nenhum fuso de verdade é assim. Apague ou corrija o evento que usa esse fuso (pode ter chegado num convite).`
      expect(measured.status).toBe(502)
      expect(measured.answer).toEqual({ ok: false, status: 'failed', error: message })
      expect(measured.cpuSeconds).toBeLessThan(2)
      expect(await busyTimes()).toEqual(before)
      expect(await feedStatus()).toMatchObject({ last_error: message })
    })

    it('stops a calendar that would take minutes within its work time, and says so', async () => {
      feed.serve({ kind: 'calendar', text: leapDaySeriesFeed() })
      const measured = await refreshMeasured()
      expect(measured.answer).toEqual({
        ok: false,
        status: 'failed',
        error: `Ler o calendário de ${host()} passou de 1,5 segundos de processamento, o máximo permitido: ele tem eventos ou repetições demais.`,
      })
      expect(measured.cpuSeconds).toBeLessThan(2)
    })

    it('reads a 5 MB calendar of years of meetings within 256 MB', async () => {
      feed.serve({ kind: 'calendar', text: yearsOfMeetingsFeed(Date.now(), 5) })
      const measured = await refreshMeasured()
      // Its work is counted in CPU time where Deno tells it: a busy machine's waits are not
      // the feed's (busy-feed-guards.ts).
      expect(measured.status).toBe(200)
      expect(measured.answer.status).toBe('refreshed')
      expect(measured.cpuSeconds).toBeLessThan(2)
      expect(measured.peakMegabytes).toBeLessThan(256)
    }, 60_000)

    it('never follows a redirect into this machine', async () => {
      feed.serve({ kind: 'redirect', location: 'https://[::ffff:127.0.0.1]:5432/' })
      const measured = await refreshMeasured()
      expect(measured.answer.error).toBe(
        `O servidor do calendário (${host()}) redirecionou para [::ffff:7f00:1]:5432, um endereço de rede interna, que não é seguido.`,
      )
    })
  })

  it('leaves the mail sweep asking its own function with the secret, through the same request', async () => {
    await db.query('delete from net.http_request_queue')
    await db.query('select private.request_mail_sweep()')
    // pg_cron's minute job may queue the same request again meanwhile.
    const queued = await db.query<{ url: string; headers: Record<string, string> }>(
      'select distinct url, headers from net.http_request_queue',
    )
    expect(queued.rows).toEqual([
      {
        url: `${fn.url}/functions/v1/send-contact-email/retry`,
        headers: expect.objectContaining({ 'X-Mail-Sweep-Secret': TEST_SWEEP_SECRET }),
      },
    ])
    await db.query('delete from net.http_request_queue')
  })

  it('applies twice keeping one job, and visitors may call none of the import', async () => {
    await applyMigrationsLikeSupabase(postgres.url)
    const jobs = await db.query("select 1 from cron.job where jobname = 'refresh-busy-calendar'")
    expect(jobs.rows).toHaveLength(1)
    const client = await db.connect()
    try {
      for (const call of [
        "select private.replace_busy_times('[]')",
        "select private.record_busy_feed_error('x')",
        "select private.request_edge_function('refresh-busy-calendar')",
      ]) {
        await client.query('begin')
        await client.query('set local role anon')
        const code = await client.query(call).then(
          () => 'ok',
          (error: { code?: string }) => error.code,
        )
        await client.query('rollback')
        expect(code, call).toBe('42501')
      }
    } finally {
      client.release()
    }
  })
})

describe('two imports at once', () => {
  const setOf = (days: string[]) =>
    JSON.stringify(
      days.map((day, n) => ({
        starts_at: `${day}T14:00:00Z`,
        ends_at: `${day}T15:00:00Z`,
        source_uid: `evento-${n}`,
      })),
    )

  it('leave one set: the second waits for the first, then replaces it', async () => {
    const first = await db.connect()
    const second = await db.connect()
    try {
      await first.query('begin')
      await first.query('select private.replace_busy_times($1::jsonb)', [
        setOf(['2027-03-16', '2027-03-17', '2027-03-18']),
      ])
      const secondPid = (await second.query<{ pid: number }>('select pg_backend_pid() as pid'))
        .rows[0]?.pid
      const secondImport = second.query('select private.replace_busy_times($1::jsonb) as events', [
        setOf(['2027-03-22', '2027-03-23']),
      ])
      await waitFor(
        'the second import to wait for the first',
        async () =>
          (
            await db.query<{ wait_event_type: string | null }>(
              'select wait_event_type from pg_stat_activity where pid = $1',
              [secondPid],
            )
          ).rows[0]?.wait_event_type,
        (waiting) => waiting === 'Lock',
      )
      await first.query('commit')
      expect((await secondImport).rows).toEqual([{ events: 2 }])
      expect(await busyTimes()).toEqual(['2027-03-22T14:00:00Z', '2027-03-23T14:00:00Z'])
    } finally {
      first.release()
      second.release()
    }
  })
})

describe('two Node servers on one PostgreSQL reading the same calendar', () => {
  const lines: string[] = []
  let servers: RunningServer[] = []
  let serversDb: pg.Pool
  // The servers apply the company's hours (company.ts) at start.
  const week = weekOfMiddays(Date.now(), bookingFacts())

  beforeAll(async () => {
    await db.query('create database servers')
    const url = postgres.url.replace(/\/postgres$/, '/servers')
    serversDb = new pg.Pool({ connectionString: url, max: 2 })
    const settings = testSettings({
      PORT: '0',
      DATABASE_URL: url,
      BOOKING_BUSY_CALENDAR_URL: feed.url,
    })
    if (!settings.busyCalendar) throw new Error('the feed setting was not read')
    const schedule = { ...settings.busyCalendar, intervalMs: 400 }
    feed.serve({ kind: 'calendar', text: week.text })
    const log = createJsonLogger((line) => lines.push(line))
    // Started together: both read the calendar at start, at the same moment.
    servers = await Promise.all(
      [0, 1].map(() => startServer({ ...settings, busyCalendar: schedule }, log)),
    )
  }, 120_000)

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await serversDb?.end()
  })

  const freeTimesOver = async (server: RunningServer) => {
    const response = await fetch(`${server.url}/rest/v1/rpc/booking_free_times`, {
      method: 'POST',
      headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
      body: '{}',
    })
    return ((await response.json()) as { slots: string[] }).slots
  }

  it('hold one set of busy times, whichever read last, and offer none of them', async () => {
    const { busy } = week
    await waitFor(
      'both servers’ first reads',
      async () => ({ reads: feed.requests(), status: await feedStatus(serversDb) }),
      ({ reads, status }) => reads >= 2 && status?.last_success_at != null,
      { timeoutMs: 30_000 },
    )
    expect(await busyTimes(serversDb)).toEqual(busy)
    for (const server of servers) {
      // Within the second each server keeps the free times it answered (decision 040).
      await waitFor(
        'the free times without the busy times',
        () => freeTimesOver(server),
        (slots) => busy.every((slot) => !slots.includes(slot)),
      )
    }
  })

  it('keep them through a failing calendar, say why, and take the next good read', async () => {
    const before = await busyTimes(serversDb)
    feed.serve({ kind: 'status', status: 500 })
    await waitFor(
      'the failure recorded',
      () => feedStatus(serversDb),
      (status) => Boolean(status?.last_error),
    )
    expect(await busyTimes(serversDb)).toEqual(before)

    const later = weekOfMiddays(Date.now() + 24 * HOUR, bookingFacts())
    feed.serve({ kind: 'calendar', text: later.text })
    await waitFor(
      'the next good read',
      async () => ({ status: await feedStatus(serversDb), busy: await busyTimes(serversDb) }),
      ({ status, busy }) => status?.last_error === null && busy.join() === later.busy.join(),
    )
    // Each server keeps the free times it answered for a second (decision 040).
    await waitFor(
      'the free times without the new busy times',
      () => freeTimesOver(servers[1] as RunningServer),
      (slots) => later.busy.every((slot) => !slots.includes(slot)),
    )
  })

  it('log the calendar’s host, never its secret address', () => {
    const host = new URL(feed.url).host
    const events = lines.map((line) => JSON.parse(line) as { event: string; host?: string })
    expect(
      events.filter((entry) => entry.event === 'busy_calendar_refreshed').length,
    ).toBeGreaterThan(1)
    expect(events.filter((entry) => entry.event === 'busy_calendar_unreadable')[0]?.host).toBe(host)
    expect(lines.filter((line) => line.includes(FEED_SECRET))).toEqual([])
  })

  it('stop without waiting out a read that never ends, and record no failure for it', async () => {
    feed.serve({ kind: 'silence' })
    const reads = feed.requests()
    await waitFor(
      'a read left hanging',
      () => feed.requests(),
      (count) => count > reads,
    )
    await Promise.all(servers.map((server) => server.stop()))
    // Stopping abandons the read instead of waiting out its own limit (20 s), which would have
    // ended it as a failure: none is recorded. (No clock is read: a busy machine is slow.)
    expect(await feedStatus(serversDb)).toMatchObject({ last_error: null })
  })
})
