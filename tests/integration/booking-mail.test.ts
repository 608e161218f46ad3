/**
 * The booking e-mails through the real parts: two Node servers on one PostgreSQL 15, the
 * booking calls through supabase-js (`rpc`) and the send through `functions.invoke`, exactly as
 * the booking page calls them, a real SMTP server catching (or refusing) every message, each
 * read back by mailparser and its invitation by ical.js. Time moves in SQL (a reminder's
 * due_at, a back-off), never by waiting.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import type { ParsedMail } from 'mailparser'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eraseLeads } from '../../server/desk/leads/erase-leads.ts'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { toHeaderText } from '#shared/mail/mail-header.ts'
import {
  addressIn,
  calendarPartOf,
  manageTokenIn,
  parseInvitation,
} from '../support/booking-mail.ts'
import { manageTokenInOutbox } from '../support/booking.ts'
import { COMPANY_DOMAIN, FORGED_NAMES } from '../support/forged-headers.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'
import { GTUBE, startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import { TEST_SWEEP_HEADERS, TEST_SWEEP_SECRET, testSettings } from '../support/test-app.ts'

const INBOX = 'agenda@aurora.test'
const SITE = 'https://www.aurora.test'
/** A note holding this is refused by the mail server for now (451) while `refusingForNow`. */
const TRY_LATER = 'RECUSAR-POR-ORA'
let refusingForNow = true

let postgres: PostgresDatabase
let smtp: SmtpCatcher
let servers: RunningServer[] = []
let outboxServer: RunningServer
let outboxDataDir: string

beforeAll(async () => {
  ;[postgres, smtp, outboxDataDir] = await Promise.all([
    createPostgresDatabase(),
    startSmtpCatcher({
      refuseSpam: true,
      refuseWith: (mail) => (refusingForNow && mail.text?.includes(TRY_LATER) ? 451 : undefined),
    }),
    mkdtemp(path.join(tmpdir(), 'booking-mail-')),
  ])
  const env = {
    PORT: '0',
    DATABASE_URL: postgres.url,
    TRUST_PROXY: 'loopback',
    CONTACT_TO: INBOX,
    SITE_URL: SITE,
    MAIL_SWEEP_SECRET: TEST_SWEEP_SECRET,
    BOOKING_MAX_PER_DAY: '12',
    // Every visitor here is of 198.51.100.0/24: the network limits are agenda-abuse.test.ts's.
    BOOKING_PER_NETWORK_PER_DAY: '1000',
    BOOKING_HOLDS_PER_NETWORK: '1000',
    BOOKING_UPCOMING_PER_NETWORK: '1000',
  }
  const first = await startServer(testSettings({ ...env, SMTP_URL: smtp.url }))
  servers = [first, await startServer(testSettings({ ...env, SMTP_URL: smtp.url }))]
  // No SMTP_URL: this one writes .eml files, as `npm start` does out of the box.
  outboxServer = await startServer(testSettings({ ...env, DATA_DIR: outboxDataDir }))
}, 180_000)

afterAll(async () => {
  await Promise.all([...servers, outboxServer].map((server) => server?.stop()))
  await Promise.all([postgres?.stop(), smtp?.stop()])
  await rm(outboxDataDir, { recursive: true, force: true })
})

const server = () => servers[0] as RunningServer
const db = () => server().db

let addresses = 0
const visitor = (on: RunningServer = server()): SupabaseClient =>
  createClient(on.url, DEV_ANON_KEY, {
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { 'x-forwarded-for': `198.51.100.${(addresses += 1)}` } },
  })

type Booking = Record<string, unknown> & {
  id: string
  starts_at: string
  hold_token: string
  manage_token: string
}

let people = 0
const person = (overrides: Record<string, unknown> = {}) => {
  people += 1
  return {
    name: `Visitante ${people}`,
    email: `visitante.${people}@example.com`,
    company: 'Empresa Exemplo Ltda.',
    note: `Queremos um aplicativo para a equipe de campo (${people}).`,
    time_zone: 'America/Manaus',
    form_trap: '',
    form_elapsed_ms: 15_000,
    ...overrides,
  }
}

const HOUR = 3_600_000
let slotsTaken = 0
/** A free slot more than a day ahead (so the booking has a reminder), each one new. */
const laterSlot = async (): Promise<string> => {
  const { data, error } = await visitor().rpc('booking_free_times')
  if (error) throw new Error(JSON.stringify(error))
  const later = (data as { slots: string[] }).slots.filter(
    (slot) => Date.parse(slot) > Date.now() + 26 * HOUR,
  )
  // Spread over the horizon, so neighbouring tests never race for one day's last slots.
  const slot = later[(slotsTaken += 7) % later.length]
  if (!slot) throw new Error('No free slot a day ahead in the horizon')
  return slot
}

/**
 * A visitor books as the page does (a hold, its request e-mail sent at once with the page's
 * token) and confirms from the link in that e-mail (decision 038): the meeting, with the manage
 * token the e-mail carried. Its confirmations are queued, not sent. The outbox server's request
 * is left unsent (its token read where it waits), so its .eml files are the meeting's alone.
 */
const book = async (fields = person(), on: RunningServer = server()): Promise<Booking> => {
  const held = await visitor(on).rpc('book_meeting', { starts_at: await laterSlot(), ...fields })
  if (held.error) throw new Error(`Booking refused: ${JSON.stringify(held.error)}`)
  const booking = held.data as Booking
  let token: string | undefined
  if (on === outboxServer) {
    token = await manageTokenInOutbox(db(), booking.id)
  } else {
    await sendNow(booking.hold_token, on)
    const request = requestsTo(fields.email as string).at(-1)
    expect(request?.subject).toMatch(/^Confirme sua consultoria: /)
    token = manageTokenIn(request?.text ?? '')
  }
  const confirmed = await visitor(on).rpc('confirm_booking', { token })
  if (confirmed.error) throw new Error(`Confirmation refused: ${JSON.stringify(confirmed.error)}`)
  return {
    ...(confirmed.data as Booking),
    hold_token: booking.hold_token,
    manage_token: token ?? '',
  }
}

/** What the booking page does right after a change. */
const sendNow = async (token: string, on: RunningServer = server()) => {
  const { data, error } = await visitor(on).functions.invoke('send-booking-email', {
    body: { token },
  })
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response
    return { status: response.status, body: (await response.json()) as unknown }
  }
  if (error) throw error
  return { status: 200, body: data as unknown }
}

/** The scheduler's sweep, as pg_cron (or the server's own timer) runs it. */
const sweep = async (on: RunningServer = server()) => {
  const response = await fetch(`${on.url}/functions/v1/send-booking-email/sweep`, {
    method: 'POST',
    headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json', ...TEST_SWEEP_HEADERS },
    body: '{}',
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const isRequest = (mail: ParsedMail) =>
  mail.subject?.startsWith('Confirme sua consultoria') ?? false
/** The request to confirm each booking asked for (decision 038). */
const requestsTo = (email: string) =>
  smtp.messages.filter((mail) => addressIn(mail.to) === email && isRequest(mail))
/** The meeting's own e-mails to the visitor, once confirmed: invitations and the reminder. */
const toVisitor = (email: string) =>
  smtp.messages.filter((mail) => addressIn(mail.to) === email && !isRequest(mail))
const toCompany = (email: string) =>
  smtp.messages.filter((mail) => addressIn(mail.to) === INBOX && addressIn(mail.replyTo) === email)

const invitation = (mail: ParsedMail | undefined) => {
  const part = mail && calendarPartOf(mail)
  if (!part) throw new Error('no text/calendar part')
  return { part, event: parseInvitation(part.content) }
}

interface MessageRow {
  kind: string
  recipient: string
  sequence: number
  attempts: number
  sent_at: Date | null
  failed_at: Date | null
  refused_at: Date | null
  due_at: Date
  last_error: string | null
  has_token: boolean
}

const rowsOf = async (bookingId: string) =>
  (
    await db().query<MessageRow>(
      `select kind, recipient, sequence, attempts, sent_at, failed_at, refused_at, due_at,
              last_error, manage_token is not null as has_token
         from private.booking_messages where booking_id = $1 order by id`,
      [bookingId],
    )
  ).rows

describe('booking a consultation', () => {
  it('mails one invitation to the visitor and one copy to the company, with a manage link that opens it', async () => {
    const fields = person()
    const booking = await book(fields)
    expect(await sendNow(booking.manage_token)).toEqual({
      status: 200,
      body: { ok: true, status: 'sent' },
    })

    const [theirs, more] = toVisitor(fields.email)
    const [ours, again] = toCompany(fields.email)
    expect(more).toBeUndefined()
    expect(again).toBeUndefined()
    expect(theirs?.subject).toMatch(/^Consultoria confirmada: /)
    const visitorCopy = invitation(theirs)
    expect(visitorCopy.part).toMatchObject({ type: 'text/calendar', params: { method: 'REQUEST' } })
    expect(visitorCopy.part.params.charset?.toUpperCase()).toBe('UTF-8')
    expect(visitorCopy.event).toMatchObject({
      method: 'REQUEST',
      uid: booking.id,
      sequence: 0,
      start: booking.starts_at,
      organizer: { address: `mailto:${INBOX}` },
      attendees: [{ address: `mailto:${fields.email}`, name: fields.name, rsvp: 'TRUE' }],
      location: booking.meeting_url,
    })

    expect(ours?.subject).toMatch(
      new RegExp(
        `^Nova consultoria agendada: ${fields.name}, \\d\\d/\\d\\d/\\d{4} às \\d\\d:\\d\\d$`,
      ),
    )
    expect(ours?.replyTo?.value).toEqual([{ name: fields.name, address: fields.email }])
    expect(ours?.text).toContain(fields.note)
    expect(invitation(ours).event).toMatchObject({ method: 'REQUEST', uid: booking.id })

    // The link in the e-mail is the visitor's way back: its token opens the booking.
    const token = manageTokenIn(theirs?.text ?? '')
    expect(theirs?.text).toContain(`${SITE}/agendar/gerenciar#${token}`)
    const opened = await visitor().rpc('booking_details', { token })
    expect(opened.error).toBeNull()
    expect(opened.data).toMatchObject({ id: booking.id, status: 'confirmed' })

    // Sent rows keep no token; the reminder keeps its own until its day.
    expect(
      (await rowsOf(booking.id)).map((row) => [
        row.kind,
        row.recipient,
        !!row.sent_at,
        row.has_token,
      ]),
    ).toEqual([
      ['request', 'visitor', true, false],
      ['confirmation', 'visitor', true, false],
      ['confirmation', 'company', true, false],
      ['reminder', 'visitor', false, true],
    ])
    // Asking again sends nothing more.
    expect(await sendNow(booking.manage_token)).toMatchObject({ body: { status: 'nothing_due' } })
    expect(toVisitor(fields.email)).toHaveLength(1)
  })

  it('keeps one calendar event through a move and a cancellation made with the link from the e-mail', async () => {
    const fields = person()
    const booking = await book(fields)
    await sendNow(booking.manage_token)
    const token = manageTokenIn(toVisitor(fields.email)[0]?.text ?? '') ?? ''

    const moved = await visitor().rpc('reschedule_booking', { token, starts_at: await laterSlot() })
    expect(moved.error).toBeNull()
    expect(await sendNow(token)).toMatchObject({ body: { status: 'sent' } })
    const cancelled = await visitor().rpc('cancel_booking', { token, message: 'Viagem.' })
    expect(cancelled.error).toBeNull()
    expect(await sendNow(token)).toMatchObject({ body: { status: 'sent' } })

    for (const mails of [toVisitor(fields.email), toCompany(fields.email)]) {
      expect(mails).toHaveLength(3)
      const events = mails.map((mail) => invitation(mail))
      expect(events.map(({ part }) => part.params.method)).toEqual(['REQUEST', 'REQUEST', 'CANCEL'])
      expect(events.map(({ event }) => [event.uid, event.sequence, event.method])).toEqual([
        [booking.id, 0, 'REQUEST'],
        [booking.id, 1, 'REQUEST'],
        [booking.id, 2, 'CANCEL'],
      ])
      expect(events[1]?.event.start).toBe((moved.data as Booking).starts_at)
      expect(events[2]?.event.status).toBe('CANCELLED')
    }
    expect(toVisitor(fields.email)[1]?.subject).toMatch(/^Consultoria remarcada: /)
    expect(manageTokenIn(toVisitor(fields.email)[1]?.text ?? '')).toBe(token)
    expect(toCompany(fields.email)[2]?.text).toContain('> Viagem.')

    // Whatever time passes, no reminder follows a cancellation.
    await db().query(`update private.booking_messages set due_at = now() where booking_id = $1`, [
      booking.id,
    ])
    await sweep()
    expect(toVisitor(fields.email)).toHaveLength(3)
    expect((await rowsOf(booking.id)).filter((row) => row.kind === 'reminder')).toEqual([])
  })

  it('sends the reminder the day before, once, with the meeting link and the manage link', async () => {
    const fields = person()
    const booking = await book(fields)
    await sendNow(booking.manage_token)
    expect((await sweep()).status).toBe(200)
    expect(toVisitor(fields.email)).toHaveLength(1)

    // The day before the meeting comes.
    await db().query(
      `update private.booking_messages set due_at = now() where booking_id = $1 and kind = 'reminder'`,
      [booking.id],
    )
    await sweep(servers[1])
    await sweep()
    const [, reminder, extra] = toVisitor(fields.email)
    expect(extra).toBeUndefined()
    expect(reminder?.subject).toMatch(/^Lembrete: consultoria /)
    expect(reminder?.text).toContain(String(booking.meeting_url))
    expect(manageTokenIn(reminder?.text ?? '')).toBe(booking.manage_token)
    expect(calendarPartOf(reminder as ParsedMail)).toBeUndefined()
    expect(toCompany(fields.email)).toHaveLength(1)
  })

  it('tells a token that opens nothing nothing, and sends nothing for it', async () => {
    const waiting = await book()
    const before = smtp.messages.length
    for (const token of [randomBytes(32).toString('hex'), 'abc', '', "' or 1=1 --"]) {
      expect(await sendNow(token)).toEqual({
        status: 200,
        body: { ok: true, status: 'nothing_due' },
      })
    }
    const refused = await fetch(`${server().url}/functions/v1/send-booking-email`, {
      method: 'POST',
      headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
      body: '{"token": 7}',
    })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ error: { code: 'invalid_request' } })
    // Another booking's due e-mails stay for their own request or the sweep.
    expect(smtp.messages.length).toBe(before)
    expect(
      (await rowsOf(waiting.id)).filter((row) => row.sent_at && row.kind !== 'request'),
    ).toEqual([])
    await sendNow(waiting.manage_token)
  })

  it('runs the sweep only for the scheduler: 401 and no counts for anyone else', async () => {
    const response = await fetch(`${server().url}/functions/v1/send-booking-email/sweep`, {
      method: 'POST',
      headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      error: { code: 'unauthorized', message: 'Only the scheduler may run the mail sweep.' },
    })
  })
})

describe('when the mail server refuses', () => {
  it('retries what it refused for now after a back-off, and sends it once', async () => {
    refusingForNow = true
    const fields = person({ note: `Quero conversar. ${TRY_LATER}` })
    const booking = await book(fields)
    expect(await sendNow(booking.manage_token)).toMatchObject({
      status: 502,
      body: { error: { code: 'email_failed' } },
    })
    const failed = (await rowsOf(booking.id)).filter((row) => row.kind === 'confirmation')
    for (const row of failed) {
      expect(row).toMatchObject({ sent_at: null, refused_at: null, attempts: 1 })
      expect(row.last_error).toMatch(/451/)
      // The first back-off is a minute.
      expect(row.due_at.getTime() - Date.now()).toBeGreaterThan(30_000)
    }
    expect(failed.find((row) => row.recipient === 'visitor')?.has_token).toBe(true)
    const swept = await sweep()
    expect(swept, JSON.stringify(swept)).toMatchObject({ body: { sent: 0, failed: 0 } })

    // The mail server takes mail again, and the back-off has passed.
    refusingForNow = false
    await db().query(
      `update private.booking_messages set due_at = now() where booking_id = $1 and kind = 'confirmation'`,
      [booking.id],
    )
    await Promise.all([sweep(), sweep(servers[1])])
    expect(toVisitor(fields.email)).toHaveLength(1)
    expect(toCompany(fields.email)).toHaveLength(1)
    expect(manageTokenIn(toVisitor(fields.email)[0]?.text ?? '')).toBe(booking.manage_token)
    const sent = (await rowsOf(booking.id)).filter((row) => row.kind === 'confirmation')
    expect(sent.map((row) => [row.attempts, !!row.sent_at, row.has_token])).toEqual([
      [2, true, false],
      [2, true, false],
    ])
  })

  it('sets apart what it refused for good, keeping no token, and never sends it again', async () => {
    const fields = person({ note: `Olá ${GTUBE}` })
    const booking = await book(fields)
    expect(await sendNow(booking.manage_token)).toMatchObject({
      status: 502,
      body: { error: { code: 'email_refused' } },
    })
    const refused = (await rowsOf(booking.id)).filter((row) => row.kind === 'confirmation')
    expect(refused).toHaveLength(2)
    for (const row of refused) {
      expect(row).toMatchObject({ sent_at: null, has_token: false, attempts: 1 })
      expect(row.refused_at).toBeInstanceOf(Date)
      expect(row.last_error).toMatch(/554/)
    }
    await db().query(
      `update private.booking_messages set due_at = now() where booking_id = $1
                        and kind = 'reminder'`,
      [booking.id],
    )
    await sweep()
    await sweep()
    expect(smtp.refused.filter((mail) => mail.text?.includes(GTUBE))).toHaveLength(3)
    expect((await rowsOf(booking.id)).map((row) => [row.kind, row.attempts])).toEqual([
      ['request', 1],
      ['confirmation', 1],
      ['confirmation', 1],
      ['reminder', 1],
    ])
  })
})

describe('two servers on one PostgreSQL', () => {
  it('send each e-mail once, however many requests and sweeps race for it', async () => {
    const made = await Promise.all(
      Array.from({ length: 4 }, async (_, n) => {
        const fields = person()
        return { fields, booking: await book(fields, servers[n % 2]) }
      }),
    )
    for (const { booking } of made) {
      await db().query(`update private.booking_messages set due_at = now() where booking_id = $1`, [
        booking.id,
      ])
    }
    await Promise.all([
      ...made.flatMap(({ booking }) => servers.map((on) => sendNow(booking.manage_token, on))),
      ...servers.flatMap((on) => [sweep(on), sweep(on)]),
    ])
    for (const { fields, booking } of made) {
      // Confirmation and reminder to the visitor, the copy to the company: each exactly once.
      expect(toVisitor(fields.email).map((mail) => mail.subject?.split(':')[0])).toEqual(
        expect.arrayContaining(['Consultoria confirmada', 'Lembrete']),
      )
      expect(toVisitor(fields.email)).toHaveLength(2)
      expect(toCompany(fields.email)).toHaveLength(1)
      expect((await rowsOf(booking.id)).every((row) => row.sent_at && row.attempts === 1)).toBe(
        true,
      )
    }
  })
})

describe('hostile names and notes', () => {
  it.each([
    FORGED_NAMES[1]?.name ?? '',
    FORGED_NAMES[3]?.name ?? '',
    `Ana "x":mailto:ceo@${COMPANY_DOMAIN}; ^ \\ , fim`,
  ])(
    'reach the company as typed and leave the invitation one event for the visitor: %s',
    async (name) => {
      const note = 'Oi; tudo bem?\nEND:VEVENT\nBEGIN:VEVENT\nATTENDEE:mailto:vitima@example.com'
      const fields = person({ name, note })
      const booking = await book(fields)
      await sendNow(booking.manage_token)
      const [ours] = toCompany(fields.email)
      const typed = toHeaderText(name)
      expect(ours?.subject?.startsWith(`Nova consultoria agendada: ${typed}, `)).toBe(true)
      expect(ours?.replyTo?.value).toEqual([{ name: typed, address: fields.email }])
      for (const mail of [ours, toVisitor(fields.email)[0]]) {
        const { event } = invitation(mail)
        expect(event.events).toBe(1)
        expect(event.attendees).toEqual([
          expect.objectContaining({ address: `mailto:${fields.email}`, name: typed }),
        ])
        expect(event.description).toContain(note)
      }
    },
  )
})

describe('the outbox without SMTP', () => {
  it("writes owner-only .eml copies tagged with the lead, gone when the visitor's lead is erased", async () => {
    const fields = person()
    const booking = await book(fields, outboxServer)
    expect(await sendNow(booking.manage_token, outboxServer)).toMatchObject({
      body: { status: 'sent' },
    })
    const outboxDir = path.join(outboxDataDir, 'outbox')
    const files = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml'))
    expect(files).toHaveLength(2)
    const { rows } = await db().query<{ lead_id: string }>(
      'select lead_id from public.bookings where id = $1',
      [booking.id],
    )
    for (const file of files) {
      const raw = await readFile(path.join(outboxDir, file), 'utf8')
      expect(raw).toMatch(new RegExp(`^X-Lead-ID: ${rows[0]?.lead_id}\\r?$`, 'im'))
      expect(raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST/im)
      expect((await stat(path.join(outboxDir, file))).mode & 0o777).toBe(0o600)
    }

    const erased = await eraseLeads(
      { db: outboxServer.db, outboxDir },
      { email: fields.email },
      'comando',
    )
    expect(erased).toEqual({ leads: 1, outboxFiles: 2 })
    expect((await readdir(outboxDir)).filter((name) => name.endsWith('.eml'))).toEqual([])
    expect(await rowsOf(booking.id)).toEqual([])
  })
})
