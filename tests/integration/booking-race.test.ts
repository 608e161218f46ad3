/**
 * The race booking tools lose (Cal.com's double bookings): many visitors confirm the same slot
 * at the same moment. Through two Node servers on one PostgreSQL, as behind a load balancer,
 * and through one server on PGlite: exactly one booking, every other visitor a clear 409 in
 * Portuguese, no error, and exactly one hold; confirmed from its e-mail, one confirmation and
 * one company copy delivered: one invitation each way reaches the mail server, and no loser is
 * mailed.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { bookingRefusals } from '../../src/content/booking.ts'
import { addressIn, calendarPartOf, parseInvitation } from '../support/booking-mail.ts'
import { manageTokenInOutbox } from '../support/booking.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import { TEST_SWEEP_HEADERS, TEST_SWEEP_SECRET, testSettings } from '../support/test-app.ts'
import { company } from '#shared/company/company.ts'

const INBOX = 'agenda@aurora.test'

let postgres: PostgresDatabase
let smtp: SmtpCatcher
let dataDir: string
let onPostgres: RunningServer[] = []
let onPglite: RunningServer

beforeAll(async () => {
  ;[postgres, smtp, dataDir] = await Promise.all([
    createPostgresDatabase(),
    startSmtpCatcher(),
    mkdtemp(path.join(tmpdir(), 'booking-race-')),
  ])
  // Each server believes the load balancer in front (here: this test, on loopback).
  const mail = { SMTP_URL: smtp.url, CONTACT_TO: INBOX, MAIL_SWEEP_SECRET: TEST_SWEEP_SECRET }
  const settings = testSettings({
    PORT: '0',
    DATABASE_URL: postgres.url,
    TRUST_PROXY: 'loopback',
    ...mail,
  })
  onPostgres = await Promise.all([startServer(settings), startServer(settings)])
  onPglite = await startServer(
    testSettings({ PORT: '0', DATA_DIR: dataDir, TRUST_PROXY: 'loopback', ...mail }),
  )
}, 180_000)

afterAll(async () => {
  await Promise.all([...onPostgres, onPglite].map((server) => server?.stop()))
  await Promise.all([postgres?.stop(), smtp?.stop()])
  await rm(dataDir, { recursive: true, force: true })
})

let visitors = 0

/** One visitor, from an address and with an e-mail of their own, confirms `slot`. */
const attempt = async (url: string, slot: string) => {
  visitors += 1
  const response = await fetch(`${url}/rest/v1/rpc/book_meeting`, {
    method: 'POST',
    headers: {
      apikey: DEV_ANON_KEY,
      'content-type': 'application/json',
      // A network each (an IPv4 /24): the race is for the slot, not for a network's limits.
      'x-forwarded-for': `198.${18 + Math.floor(visitors / 250)}.${visitors % 250}.7`,
    },
    body: JSON.stringify({
      starts_at: slot,
      name: `Visitante ${visitors}`,
      email: `corrida.${visitors}@example.com`,
      note: 'Quero a mesma reunião que todo mundo.',
      time_zone: 'America/Sao_Paulo',
      form_elapsed_ms: 20_000,
    }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const firstFreeSlots = async (url: string) => {
  const response = await fetch(`${url}/rest/v1/rpc/booking_free_times`, {
    method: 'POST',
    headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
    body: '{}',
  })
  const { slots } = (await response.json()) as { slots: string[] }
  return slots
}

/** `count` visitors at once, spread over the servers, each sent to one of `slots`. */
const race = (servers: RunningServer[], slots: string[], count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, n) =>
      attempt((servers[n % servers.length] as RunningServer).url, slots[n % slots.length] ?? ''),
    ),
  )

const post = (url: string, headers: Record<string, string> = {}, body = '{}') =>
  fetch(url, {
    method: 'POST',
    headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json', ...headers },
    body,
  }).then((response) => response.json() as Promise<Record<string, unknown>>)

/**
 * The winner confirms from the e-mail's link (decision 038), then the page asks for the
 * meeting's e-mails while every server's sweep runs: each e-mail reaches the mail server once,
 * and nobody but the winner and the company is mailed.
 */
const expectOneInvitationEachWay = async (
  servers: RunningServer[],
  winner: Record<string, unknown>,
  raced: number,
) => {
  const db = (servers[0] as RunningServer).db
  const token = await manageTokenInOutbox(db, winner.id)
  const confirmed = await post(
    `${(servers[0] as RunningServer).url}/rest/v1/rpc/confirm_booking`,
    {},
    JSON.stringify({ token }),
  )
  expect(confirmed).toMatchObject({ id: winner.id, status: 'confirmed' })
  const before = smtp.messages.length
  await Promise.all([
    ...servers.map((server) =>
      post(`${server.url}/functions/v1/send-booking-email`, {}, JSON.stringify({ token })),
    ),
    ...servers.map((server) =>
      post(`${server.url}/functions/v1/send-booking-email/sweep`, TEST_SWEEP_HEADERS),
    ),
  ])
  const delivered = smtp.messages.slice(before)
  const email = String(winner.email)
  expect(delivered.map((mail) => addressIn(mail.to)).sort()).toEqual([INBOX, email].sort())
  for (const mail of delivered) {
    const part = calendarPartOf(mail)
    expect(part?.params.method).toBe('REQUEST')
    expect(parseInvitation(part?.content ?? '')).toMatchObject({
      uid: winner.id,
      sequence: 0,
      attendees: [{ address: `mailto:${email}` }],
    })
  }
  expect(addressIn(delivered.find((mail) => addressIn(mail.to) === INBOX)?.replyTo)).toBe(email)
  const losers = new Set(
    Array.from({ length: raced }, (_, n) => `corrida.${visitors - n}@example.com`),
  )
  losers.delete(email)
  expect(smtp.messages.filter((mail) => losers.has(addressIn(mail.to) ?? ''))).toEqual([])
}

const expectOneWinner = async (
  outcomes: { status: number; body: Record<string, unknown> }[],
  db: RunningServer['db'],
) => {
  const won = outcomes.filter((outcome) => outcome.status === 200)
  const lost = outcomes.filter((outcome) => outcome.status === 409)
  expect(outcomes.map((outcome) => outcome.status).filter((s) => s !== 200 && s !== 409)).toEqual(
    [],
  )
  expect(won).toHaveLength(1)
  expect(lost).toHaveLength(outcomes.length - 1)
  for (const { body } of lost) {
    expect(body).toEqual({
      code: 'PT409',
      details: 'slot_taken',
      hint: null,
      message: bookingRefusals.slot_taken,
    })
  }
  const id = won[0]?.body.id
  const { rows } = await db.query<{ kind: string; recipient: string }>(
    `select kind, recipient from private.booking_messages where booking_id = $1`,
    [id],
  )
  // A hold: its one e-mail asks the inbox to confirm it.
  expect(rows).toEqual([{ kind: 'request', recipient: 'visitor' }])
  return won[0]?.body
}

describe.each([
  ['two Node servers on one PostgreSQL', () => onPostgres],
  ['one Node server on PGlite', () => [onPglite]],
])('fifty visitors confirming one slot at once, through %s', (_name, servers) => {
  it('book it exactly once; the other 49 are told in Portuguese, and no one gets an error', async () => {
    const [server] = servers()
    if (!server) throw new Error('no server')
    const [slot = ''] = await firstFreeSlots(server.url)
    const winner = await expectOneWinner(await race(servers(), [slot], 50), server.db)
    expect(winner?.starts_at).toBe(slot)
    await expectOneInvitationEachWay(servers(), winner ?? {}, 50)
    const live = await server.db.query<{ n: number }>(
      `select count(*)::int as n from public.bookings
        where status <> 'cancelled' and starts_at = $1`,
      [slot],
    )
    expect(live.rows[0]?.n).toBe(1)
    const leads = await server.db.query<{ n: number }>(
      `select count(*)::int as n from public.contact_submissions where email like 'corrida.%'`,
    )
    expect(leads.rows[0]?.n).toBe(1)
  })

  it('book only one of two neighbouring slots, which the buffer between meetings holds apart', async () => {
    const [server] = servers()
    if (!server) throw new Error('no server')
    const slots = await firstFreeSlots(server.url)
    // Two slots one consultation apart on one day; with the 15-minute buffer they overlap.
    const after = (slot: string) =>
      new Date(Date.parse(slot) + company.consultationMinutes * 60_000)
        .toISOString()
        .replace('.000Z', 'Z')
    const pair = slots.find((slot) => slots.includes(after(slot)))
    if (!pair) throw new Error(`No two neighbouring free slots in ${slots.join(', ')}`)
    const next = after(pair)
    await expectOneWinner(await race(servers(), [pair, next], 20), server.db)
  })
})
