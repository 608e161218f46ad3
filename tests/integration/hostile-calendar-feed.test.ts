/**
 * A hostile calendar feed against the built server, as deployed (its own process, PostgreSQL,
 * the feed expanded in a worker thread): while the server reads a feed whose time zone froze
 * it (15 s, then 114 s and 1.2 GB from 1700, for ever every minute) or a 5 MB one, a visitor
 * keeps asking for the landing page; it must always be answered, the last good busy times
 * must stay, and the desk must say why the feed was refused. (npm test builds first; alone:
 * `npm run build`.)
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT_DIR } from '../../server/paths.ts'
import { DESK_PASSWORD } from '../support/browser/lead-desk-site.ts'
import {
  startCalendarFeedServer,
  type CalendarFeedServer,
  type FeedAnswer,
} from '../support/calendar-feed-server.ts'
import { createDeskClient } from '../support/desk-client.ts'
import { hostileZoneFeed, yearsOfMeetingsFeed } from '../support/hostile-feeds.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'
import { keepVisiting } from '../support/visitor-waits.ts'
import { waitFor } from '../support/wait.ts'
import { startBuiltServer } from '../support/built-server.ts'

/**
 * What a visitor may wait for the page while the feed is read, on a machine as busy as CI's:
 * far under the stalls the feeds caused (15 s, 114 s, for ever), far over a loaded machine's
 * ordinary answer.
 */
const GENEROUS_WAIT_MS = 5_000

let postgres: PostgresDatabase
let feed: CalendarFeedServer
let db: pg.Pool

beforeAll(async () => {
  if (!existsSync(path.join(ROOT_DIR, 'dist-server', 'busy-feed-worker.js'))) {
    throw new Error('dist-server/ is missing or old: run `npm run build` first (npm test does).')
  }
  ;[postgres, feed] = await Promise.all([createPostgresDatabase(), startCalendarFeedServer()])
  // A first start makes the schema, so the feed's status can be read before each read.
  await (await startFeedServer()).stop()
  db = new pg.Pool({ connectionString: postgres.url, max: 2 })
}, 120_000)

afterAll(async () => {
  await db?.end()
  await Promise.all([postgres?.stop(), feed?.stop()])
})

/** The built server in its own process, reading the feed at start. */
const startFeedServer = () =>
  startBuiltServer({
    DATABASE_URL: postgres.url,
    BOOKING_BUSY_CALENDAR_URL: feed.url,
    ADMIN_PASSWORD: DESK_PASSWORD,
  })

const feedStatus = async () =>
  (
    await db.query<{
      last_success_at: Date | null
      last_error_at: Date | null
      last_error: string | null
    }>('select last_success_at, last_error_at, last_error from private.busy_feed_status')
  ).rows[0]

const busyTimes = async () =>
  (
    await db.query<{ starts_at: string; source_uid: string }>(
      'select private.utc_text(starts_at) as starts_at, source_uid from private.busy_times order by 1, 2',
    )
  ).rows

/**
 * Starts the server with the feed held, lets a visitor ask for the page, then lets the feed
 * answer with `answer` and waits until the read is recorded, the visitor still asking. `andThen`
 * runs on that server once the visitor has stopped, before the server does.
 */
const readWhileVisiting = async (
  answer: FeedAnswer,
  andThen: (serverUrl: string) => Promise<void> = async () => {},
) => {
  const before = await feedStatus()
  const release = feed.hold()
  const reads = feed.requests()
  const server = await startFeedServer()
  try {
    await waitFor(
      'the server to ask for the feed',
      () => feed.requests(),
      (n) => n > reads,
      {
        timeoutMs: 30_000,
      },
    )
    const visitor = keepVisiting(server.url)
    await waitFor(
      'the page answered',
      () => visitor.answers().length,
      (n) => n >= 3,
      {
        timeoutMs: 30_000,
      },
    )
    release(answer)
    const recorded = (status: Awaited<ReturnType<typeof feedStatus>>) =>
      (status?.last_error_at ?? 0) > (before?.last_error_at ?? 0) ||
      (status?.last_success_at ?? 0) > (before?.last_success_at ?? 0)
    const status = await waitFor('the read recorded', feedStatus, recorded, { timeoutMs: 60_000 })
    // A few more visits once the read is over: a stall would show as one long wait.
    const after = visitor.answers().length
    await waitFor(
      'more answers',
      () => visitor.answers().length,
      (n) => n >= after + 3,
      {
        timeoutMs: 30_000,
      },
    )
    const waits = await visitor.stop()
    await andThen(server.url)
    return { status, waits, server }
  } finally {
    await server.stop()
  }
}

describe('the server reading a hostile calendar feed', () => {
  it('reads a good calendar first', async () => {
    const { status } = await readWhileVisiting({
      kind: 'calendar',
      text: yearsOfMeetingsFeed(Date.now(), 0.1),
    })
    expect(status?.last_error).toBeNull()
    expect((await busyTimes()).length).toBeGreaterThan(5)
  })

  /** The desk's agenda, once the server has refused the calendar: why, and what still holds. */
  const deskSaysWhy = async (serverUrl: string) => {
    const desk = createDeskClient((address, init) => fetch(`${serverUrl}${address}`, init))
    expect((await desk.signIn(DESK_PASSWORD)).status).toBe(303)
    const page = await (await desk.request('/painel/agenda')).text()
    expect(page).toContain('Não foi possível ler o calendário da empresa')
    expect(page).toContain('define um fuso horário (“Hora de Brasília”)')
    expect(page).toContain('Os horários livres descontam o que foi lido em')
  }

  it.each([
    ['every hour since 1970 (15 s before)', 'HOURLY', '19700101T000000'],
    ['every hour since 1700 (114 s and 1.2 GB before)', 'HOURLY', '17000101T000000'],
    ['every minute since 1970 (for ever before)', 'MINUTELY', '19700101T000000'],
  ])(
    'keeps answering the page while it reads a zone that changes %s, keeps the busy times, and says on the desk why it refused the calendar and what is still in force',
    async (_, freq, since) => {
      const kept = await busyTimes()
      const text = hostileZoneFeed(Date.now(), freq, since)
      expect(new TextEncoder().encode(text).length).toBeLessThan(600)
      const { status, waits } = await readWhileVisiting({ kind: 'calendar', text }, deskSaysWhy)
      expect(status?.last_error).toBe(
        `O calendário de ${new URL(feed.url).host} define um fuso horário (“Hora de Brasília”) que muda a hora com frequência demais para ser calculado; nenhum fuso de verdade é assim. Apague ou corrija o evento que usa esse fuso (pode ter chegado num convite).`,
      )
      expect(waits.every((wait) => wait.status === 200)).toBe(true)
      expect(Math.max(...waits.map((wait) => wait.ms))).toBeLessThan(GENEROUS_WAIT_MS)
      expect(await busyTimes()).toEqual(kept)
    },
    120_000,
  )

  it('keeps answering the page while it reads a 5 MB calendar, and takes its busy times', async () => {
    const text = yearsOfMeetingsFeed(Date.now(), 5)
    const { status, waits } = await readWhileVisiting({ kind: 'calendar', text })
    expect(status?.last_error).toBeNull()
    expect(waits.every((wait) => wait.status === 200)).toBe(true)
    expect(Math.max(...waits.map((wait) => wait.ms))).toBeLessThan(GENEROUS_WAIT_MS)
    const uids = (await busyTimes()).map((row) => row.source_uid)
    expect(uids.length).toBeGreaterThan(5)
  }, 180_000)
})
