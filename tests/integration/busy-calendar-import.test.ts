/**
 * The company's calendar blocks times: real feeds (as Google Calendar and Outlook export them)
 * served over HTTP on loopback, read by the same refresh the Node server's timer and the Edge
 * Function run, written to PGlite with the real migrations, and the agenda's free times read
 * back from private.free_slots. The refresh and the free times reason from one fixed instant,
 * Monday 15 March 2027 at 09:00 in São Paulo, so the table below holds any day the tests run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { refreshBusyTimes, type BusyRefreshDeps } from '#shared/busy-calendar/busy-feed-refresh.ts'
import { FEED_LIMITS } from '#shared/busy-calendar/busy-feed-fetch.ts'
import { resolveHost } from '../../server/booking/resolve-host.ts'
import {
  FEED_PATH,
  FEEDS,
  MOVED_FEED_PATH_QUERY,
  startCalendarFeedServer,
  type CalendarFeedServer,
  type FeedAnswer,
} from '../support/calendar-feed-server.ts'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { freePort } from '../support/free-port.ts'
import { createTestDatabase } from '../support/test-database.ts'

const NOW = new Date('2027-03-15T12:00:00Z')

let db: Database
let feed: CalendarFeedServer
let host: string
/** Every slot on offer with no busy times at all. */
let everySlot: string[]

const freeSlots = async () =>
  (
    await db.query<{ slot: string }>(
      'select private.utc_text(starts_at) as slot from private.free_slots($1)',
      [NOW.toISOString()],
    )
  ).rows.map((row) => row.slot)

const refresh = (overrides: Partial<BusyRefreshDeps> = {}, url = feed.url) =>
  refreshBusyTimes(
    { url, host: new URL(url).host },
    {
      query: (sql, params) => db.query(sql, params),
      resolveHost,
      now: () => NOW,
      ...overrides,
    },
  )

const busyTimes = async () =>
  (
    await db.query<{ starts_at: string; ends_at: string; source_uid: string }>(
      `select private.utc_text(starts_at) as starts_at, private.utc_text(ends_at) as ends_at,
              source_uid
         from private.busy_times order by starts_at, source_uid`,
    )
  ).rows

const status = async () =>
  (
    await db.query<{
      last_success_at: Date | null
      last_error_at: Date | null
      last_error: string | null
      events: number | null
    }>('select last_success_at, last_error_at, last_error, events from private.busy_feed_status')
  ).rows[0]

/** Slots lost to the import, sorted: what the table below lists. */
const takenSlots = async () => {
  const offered = new Set(await freeSlots())
  return everySlot.filter((slot) => !offered.has(slot))
}

/** The 18 half-hour slots of a São Paulo day, 09:00–17:30 local (UTC−3, no DST). */
const wholeDay = (day: string) =>
  Array.from({ length: 18 }, (_, n) => {
    const minutes = 12 * 60 + n * 30
    const hh = String(Math.floor(minutes / 60)).padStart(2, '0')
    return `${day}T${hh}:${minutes % 60 === 0 ? '00' : '30'}:00Z`
  })

/** Google's feed (tests/support/calendar-feeds/google-agenda.ics), slot by slot. */
const GOOGLE_TAKES = [
  // Wednesday 17, an all-day workshop: the whole day on the company's clock.
  ...wholeDay('2027-03-17'),
  // Thursday 18, the weekly team meeting (Tue/Thu 10:00–11:00 São Paulo).
  '2027-03-18T13:00:00Z',
  '2027-03-18T13:30:00Z',
  // Monday 22, the Lisbon client's weekly call, 14:00 in Lisbon (WET, UTC+0) = 11:00 here.
  '2027-03-22T14:00:00Z',
  // Monday 22, New York 15:00 EDT (UTC−4, since 14 March) = 16:00 here.
  '2027-03-22T19:00:00Z',
  // Thursday 25, the team meeting.
  '2027-03-25T13:00:00Z',
  '2027-03-25T13:30:00Z',
  // Monday 29, Lisbon 14:00 is now WEST (UTC+1, since 28 March) = 10:00 here.
  '2027-03-29T13:00:00Z',
  // Wednesday 31, the meeting of Tuesday 30 moved to 15:00–16:00 (RECURRENCE-ID).
  '2027-03-31T18:00:00Z',
  '2027-03-31T18:30:00Z',
  // Thursday 1 April, the team meeting, then 17:00–17:30 UTC (DTSTART in UTC) = 14:00 here.
  '2027-04-01T13:00:00Z',
  '2027-04-01T13:30:00Z',
  '2027-04-01T17:00:00Z',
  // Monday 5 April, the Lisbon call's third and last instance (COUNT=3), 10:00 here.
  '2027-04-05T13:00:00Z',
]

/** Times the same feed mentions that stay on offer. */
const GOOGLE_LEAVES = [
  // Tuesday 16, 10:00: that instance is cancelled (STATUS:CANCELLED on its RECURRENCE-ID).
  '2027-03-16T13:00:00Z',
  // Friday 19, 14:00: a reminder shown as free (TRANSP:TRANSPARENT).
  '2027-03-19T17:00:00Z',
  // Tuesday 23, 10:00: excluded from the series (EXDATE).
  '2027-03-23T13:00:00Z',
  // Wednesday 24, all day: a birthday shown as free, Google's default for all-day events.
  ...wholeDay('2027-03-24'),
  // Tuesday 30, 10:00: the instance moved to Wednesday.
  '2027-03-30T13:00:00Z',
]

/** Outlook's feed (outlook-agenda.ics): Windows zone names with their VTIMEZONE. */
const OUTLOOK_TAKES = [
  // Thursday 18, 16:00–17:00 "E. South America Standard Time".
  '2027-03-18T19:00:00Z',
  '2027-03-18T19:30:00Z',
  // The weekday 09:00–09:15 daily (RRULE, UNTIL the 31st), but Wednesday 24 (EXDATE) and
  // Friday 26, a holiday the agenda is closed on anyway.
  '2027-03-22T12:00:00Z',
  '2027-03-23T12:00:00Z',
  // Wednesday 24, 09:00–10:00 "Eastern Standard Time" (EDT) = 10:00–11:00 here.
  '2027-03-24T13:00:00Z',
  '2027-03-24T13:30:00Z',
  '2027-03-25T12:00:00Z',
  '2027-03-29T12:00:00Z',
  '2027-03-30T12:00:00Z',
  '2027-03-31T12:00:00Z',
]

beforeAll(async () => {
  ;[db, feed] = await Promise.all([createTestDatabase(), startCalendarFeedServer()])
  host = new URL(feed.url).host
  // Without the buffer each busy time takes exactly the slots it overlaps: a table one can
  // check by reading the feed. The buffer is the agenda's own rule, tested with it.
  await db.query('update private.booking_settings set buffer_minutes = 0')
  everySlot = await freeSlots()
}, 60_000)

afterAll(async () => {
  await feed?.stop()
  await db?.close()
})

describe('busy times from the company’s calendar', () => {
  it('takes exactly the slots a Google feed’s busy events cover, and leaves the others', async () => {
    expect(everySlot.length).toBeGreaterThan(200)
    feed.serve({ kind: 'calendar', text: FEEDS.google })
    // The ten busy times of the table; an evening dinner (out of office hours) and a meeting
    // of last November are not kept.
    expect(await refresh()).toEqual({ status: 'refreshed', events: 10 })
    expect(await takenSlots()).toEqual([...GOOGLE_TAKES].sort())
    const offered = await freeSlots()
    for (const slot of GOOGLE_LEAVES) expect(offered, slot).toContain(slot)
    expect(await status()).toMatchObject({ last_error: null, last_error_at: null, events: 10 })
  })

  it('replaces them with the next read, here an Outlook feed', async () => {
    feed.serve({ kind: 'calendar', text: FEEDS.outlook })
    expect(await refresh()).toEqual({ status: 'refreshed', events: 9 })
    expect(await takenSlots()).toEqual([...OUTLOOK_TAKES].sort())
    expect((await busyTimes()).every((row) => row.source_uid.startsWith('040000008200E0'))).toBe(
      true,
    )
  })

  it('keeps an event before opening time when the buffer after it reaches the first slot', async () => {
    // 08:00–08:50 on Monday 29: with 15 minutes kept after it, it reaches 09:00.
    const early = { starts_at: '2027-03-29T11:00:00Z', ends_at: '2027-03-29T11:50:00Z' }
    const kept = async () =>
      (await busyTimes()).some(
        (row) => row.starts_at === early.starts_at && row.ends_at === early.ends_at,
      )
    expect(await kept()).toBe(false)
    await db.query('update private.booking_settings set buffer_minutes = 15')
    try {
      expect(await refresh()).toEqual({ status: 'refreshed', events: 10 })
      expect(await kept()).toBe(true)
    } finally {
      await db.query('update private.booking_settings set buffer_minutes = 0')
    }
  })
})

describe('a calendar that cannot be read', () => {
  const failures: [string, FeedAnswer, (port: string) => string][] = [
    [
      'answers 500',
      { kind: 'status', status: 500 },
      (at) => `O servidor do calendário (${at}) respondeu com erro 500.`,
    ],
    [
      'answers 404 (a secret address reset in Google Calendar)',
      { kind: 'status', status: 404 },
      (at) =>
        `O calendário não está mais nesse endereço (${at} respondeu 404). Se o endereço secreto foi redefinido, configure o novo.`,
    ],
    [
      'never answers',
      { kind: 'silence' },
      (at) => `O servidor do calendário (${at}) não respondeu em 2 segundos.`,
    ],
    [
      'sends a sign-in page',
      { kind: 'text', text: '<!doctype html><p>Entrar</p>', contentType: 'text/html' },
      (at) =>
        `O endereço (${at}) não devolveu um calendário no formato iCalendar (veio text/html). Confira se é o endereço no formato iCal.`,
    ],
    [
      'sends garbage labelled as a calendar',
      { kind: 'calendar', text: 'isto não é um calendário' },
      (at) =>
        `O endereço (${at}) não devolveu um calendário no formato iCalendar (veio text/calendar). Confira se é o endereço no formato iCal.`,
    ],
    [
      'sends a calendar broken halfway',
      {
        kind: 'calendar',
        text: `${FEEDS.google.slice(0, FEEDS.google.indexOf('BEGIN:VEVENT'))}uma linha sem dois-pontos\r\n`,
      },
      (at) => `O calendário de ${at} não pôde ser lido: o conteúdo não segue o formato iCalendar.`,
    ],
    [
      'sends more than 5 MB',
      { kind: 'huge', bytes: 5 * 1024 * 1024 + 1024 },
      (at) => `O calendário de ${at} tem mais de 5 MB, o máximo que é lido.`,
    ],
    [
      'redirects to itself for ever',
      { kind: 'redirect_loop' },
      (at) => `O servidor do calendário (${at}) redirecionou 4 vezes sem entregar o calendário.`,
    ],
  ]

  it.each(failures)(
    'leaves the busy times as they were and says why when it %s; the next good read clears it',
    async (_, answer, message) => {
      feed.serve({ kind: 'calendar', text: FEEDS.google })
      await refresh()
      const before = await busyTimes()
      const succeeded = await status()
      expect(before).toHaveLength(10)

      feed.serve(answer)
      const outcome = await refresh({ limits: { ...FEED_LIMITS, timeoutMs: 2_000 } })
      expect(outcome).toEqual({ status: 'failed', error: message(host) })
      expect(await busyTimes()).toEqual(before)
      expect(await takenSlots()).toEqual([...GOOGLE_TAKES].sort())
      const failed = await status()
      expect(failed).toMatchObject({
        last_success_at: succeeded?.last_success_at,
        last_error: message(host),
        events: 10,
      })
      expect(failed?.last_error_at).toBeInstanceOf(Date)

      feed.serve({ kind: 'calendar', text: FEEDS.google })
      expect(await refresh()).toEqual({ status: 'refreshed', events: 10 })
      expect(await status()).toMatchObject({ last_error: null, last_error_at: null, events: 10 })
    },
  )

  it('says so when nothing listens at its address', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/calendar.ics`
    const outcome = await refresh({}, closed)
    expect(outcome).toEqual({
      status: 'failed',
      error: `Não foi possível conectar ao servidor do calendário (${new URL(closed).host}): a conexão foi recusada.`,
    })
    expect(await busyTimes()).toHaveLength(10)
  })
})

describe('a calendar whose host redirects', () => {
  /** A plain HTTP service on this machine that no feed should ever reach. */
  let inside: Server
  let insideRequests = 0
  let insidePort = 0

  beforeAll(async () => {
    inside = createServer((_request, response) => {
      insideRequests += 1
      response.writeHead(200, { 'content-type': 'text/calendar' }).end(FEEDS.google)
    })
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve))
    insidePort = (inside.address() as AddressInfo).port
  })

  afterAll(async () => {
    inside.closeAllConnections()
    await new Promise<void>((resolve) => inside.close(() => resolve()))
  })

  it('follows a redirect within its own address', async () => {
    feed.serve({
      kind: 'redirect',
      location: `${FEED_PATH}${MOVED_FEED_PATH_QUERY}`,
      then: { kind: 'calendar', text: FEEDS.outlook },
    })
    expect(await refresh()).toEqual({ status: 'refreshed', events: 9 })
  })

  it('never follows one to plain http, and no request reaches it', async () => {
    feed.serve({ kind: 'redirect', location: `http://127.0.0.1:${insidePort}/agenda.ics` })
    expect(await refresh()).toEqual({
      status: 'failed',
      error: `O servidor do calendário (${host}) redirecionou para um endereço sem https, que não é seguido.`,
    })
    expect(insideRequests).toBe(0)
  })

  it.each([
    // This machine, by name and by address, IPv4 and IPv6, and IPv4 written as IPv6.
    ['https://localhost:8443/agenda.ics', 'localhost:8443'],
    ['https://127.0.0.1/agenda.ics', '127.0.0.1'],
    ['https://[::1]:8443/', '[::1]:8443'],
    ['https://[::ffff:127.0.0.1]/agenda.ics', '[::ffff:7f00:1]'],
    ['https://0x7f.1/agenda.ics', '127.0.0.1'],
    // The cloud's metadata service, a private network, link-local IPv6, a unique local one.
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['https://10.0.0.1/agenda.ics', '10.0.0.1'],
    ['https://[fe80::1]/agenda.ics', '[fe80::1]'],
    ['https://[fd00::1]/agenda.ics', '[fd00::1]'],
    ['https://[64:ff9b::a00:1]/agenda.ics', '[64:ff9b::a00:1]'],
  ])('never follows one to %s, and keeps the busy times', async (location, shown) => {
    feed.serve({ kind: 'calendar', text: FEEDS.google })
    await refresh()
    const before = await busyTimes()
    feed.serve({ kind: 'redirect', location })
    expect(await refresh()).toEqual({
      status: 'failed',
      error: `O servidor do calendário (${host}) redirecionou para ${shown}, um endereço de rede interna, que não é seguido.`,
    })
    expect(await busyTimes()).toEqual(before)
    expect((await status())?.last_error).toContain(shown)
  })
})
