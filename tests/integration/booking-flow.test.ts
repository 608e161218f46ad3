/**
 * A visitor books, looks up, moves and cancels a consultation through the real server (PGlite
 * in a data folder) with the real Supabase client, `supabase.rpc(...)`, exactly as the booking
 * page will: what each call answers, what the database then holds (the booking, its lead, the
 * e-mails queued), and every refusal in the page's words. Times are the real free times of the
 * coming weeks, read from the server like the page reads them.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { bookingFieldErrors, bookingRefusals } from '../../src/content/booking.ts'
import { company } from '#shared/company/company.ts'
import { contactFieldErrors } from '../../src/content/contact-errors.ts'
import { manageTokenInOutbox } from '../support/booking.ts'
import { testSettings } from '../support/test-app.ts'

let server: RunningServer
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'booking-flow-'))
  // The test stands where a load balancer would: it names each visitor's address. They are
  // all of 198.51.100.0/24, one network: its limits are tests/integration/agenda-abuse.test.ts's.
  server = await startServer(
    testSettings({
      PORT: '0',
      DATA_DIR: dataDir,
      TRUST_PROXY: 'loopback',
      BOOKING_PER_NETWORK_PER_DAY: '1000',
      BOOKING_HOLDS_PER_NETWORK: '1000',
      BOOKING_UPCOMING_PER_NETWORK: '1000',
    }),
  )
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await rm(dataDir, { recursive: true, force: true })
})

interface FreeTimes {
  time_zone: string
  slot_minutes: number
  first_day: string
  last_day: string
  slots: string[]
}

type Booking = Record<string, unknown> & { id: string; starts_at: string; hold_token?: string }

let addresses = 0
/** The page of one visitor, from an address of their own unless told. */
const visitorAt = (address = `198.51.100.${(addresses += 1)}`): SupabaseClient =>
  createClient(server.url, DEV_ANON_KEY, {
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { 'x-forwarded-for': address } },
  })

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

/** The free times as a visitor arriving now reads them (each from an address of its own). */
const freeTimes = async (): Promise<FreeTimes> => {
  const { data, error } = await visitorAt().rpc('booking_free_times')
  expect(error).toBeNull()
  return data as FreeTimes
}

const HOUR = 3_600_000
/** A free slot at least a day and a bit ahead (so it has a reminder), the n-th such. */
const laterSlot = async (n = 0): Promise<string> => {
  const slot = (await freeTimes()).slots.filter((s) => Date.parse(s) > Date.now() + 26 * HOUR)[n]
  if (!slot) throw new Error('No free slot a day ahead in the horizon')
  return slot
}

const book = (supabase: SupabaseClient, startsAt: string, fields = person()) =>
  supabase.rpc('book_meeting', { starts_at: startsAt, ...fields })

const bookOrThrow = async (startsAt: string, fields = person(), supabase = visitorAt()) => {
  const { data, error } = await book(supabase, startsAt, fields)
  if (error) throw new Error(`Booking refused: ${JSON.stringify(error)}`)
  return data as Booking
}

/** The manage token the booking's e-mail carries, read where it waits to be sent. */
const manageTokenOf = async (bookingId: string): Promise<string> => {
  const token = await manageTokenInOutbox(server.db, bookingId)
  if (!token) throw new Error(`No manage token waits for booking ${bookingId}`)
  return token
}

/** Books and confirms from the e-mail's link: a meeting, and the token that manages it. */
const bookConfirmed = async (startsAt: string, fields = person(), supabase = visitorAt()) => {
  const held = await bookOrThrow(startsAt, fields, supabase)
  const token = await manageTokenOf(held.id)
  const { data, error } = await supabase.rpc('confirm_booking', { token })
  if (error) throw new Error(`Confirmation refused: ${JSON.stringify(error)}`)
  return { booked: data as Booking, token }
}

const messagesOf = async (bookingId: string) =>
  (
    await server.db.query<{
      kind: string
      recipient: string
      sequence: number
      due_at: Date
      sent_at: Date | null
    }>(
      `select kind, recipient, sequence, due_at, sent_at from private.booking_messages
        where booking_id = $1 order by id`,
      [bookingId],
    )
  ).rows

const plusMinutes = (instant: string, minutes: number) =>
  new Date(Date.parse(instant) + minutes * 60_000).toISOString().replace('.000Z', 'Z')

describe('the free times', () => {
  it('cover the horizon on the grid of the office hours, with the facts the page needs', async () => {
    const times = await freeTimes()
    const { timeZone, weekdays, opens, closes } = company.officeHours
    const minutes = company.consultationMinutes
    const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date())
    expect(times).toMatchObject({ time_zone: timeZone, slot_minutes: minutes })
    expect(times.first_day).toBe(today)
    expect(Date.parse(times.last_day) - Date.parse(times.first_day)).toBe(21 * 24 * HOUR)
    expect(times.slots.length).toBeGreaterThan(0)
    expect([...times.slots].sort()).toEqual(times.slots)
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))
    const openDays = weekdays.map(
      (day) => ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][day - 1],
    )
    for (const slot of times.slots) {
      expect(slot).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00Z$/)
      const [weekday, clock = ''] = local.format(new Date(slot)).split(' ')
      expect(openDays).toContain(weekday)
      // On the grid from the opening time, the last one ending by the closing time.
      const start = minutesOf(clock)
      expect((start - minutesOf(opens)) % minutes, `${slot} is ${clock} in ${timeZone}`).toBe(0)
      expect(start >= minutesOf(opens) && start + minutes <= minutesOf(closes)).toBe(true)
    }
    const { data } = await visitorAt().rpc('booking_free_times', {}, { get: true })
    expect(data).toEqual(times)
  })
})

describe('booking a consultation', () => {
  it('holds the slot for the inbox to confirm: the page gets a hold token, only the e-mail the manage token', async () => {
    const slot = await laterSlot()
    const fields = person()
    const booking = await bookOrThrow(slot, fields, visitorAt('198.51.100.200'))
    expect(booking).toMatchObject({
      status: 'pending',
      starts_at: slot,
      ends_at: plusMinutes(slot, company.consultationMinutes),
      time_zone: 'America/Manaus',
      company_time_zone: company.officeHours.timeZone,
      name: fields.name,
      email: fields.email,
      company: fields.company,
      note: fields.note,
      sequence: 0,
      can_confirm: true,
      can_cancel: true,
      can_reschedule: false,
    })
    expect(Date.parse(String(booking.hold_until)) - Date.now()).toBeGreaterThan(25 * 60_000)
    expect(Date.parse(String(booking.hold_until)) - Date.now()).toBeLessThanOrEqual(30 * 60_000)
    expect(booking.meeting_url).toMatch(/^https:\/\/meet\.jit\.si\/Consultoria-[0-9a-f]{32}$/)
    expect(booking).not.toHaveProperty('manage_token')
    expect(booking.hold_token).toMatch(/^[0-9a-f]{64}$/)

    const { rows } = await server.db.query<Record<string, unknown>>(
      'select * from public.bookings where id = $1',
      [booking.id],
    )
    const stored = rows[0] ?? {}
    const token = await manageTokenOf(booking.id)
    expect(stored.manage_token_hash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(stored.hold_token_hash).toBe(
      createHash('sha256').update(String(booking.hold_token)).digest('hex'),
    )
    expect(Object.values(stored)).not.toContain(token)
    expect(Object.values(stored)).not.toContain(booking.hold_token)
    expect(stored).toMatchObject({
      client_ip: '198.51.100.200',
      client_key: '198.51.100.200',
      client_network: '198.51.100.0/24',
      status: 'pending',
      confirmed_at: null,
    })

    const lead = await server.db.query<Record<string, unknown>>(
      'select * from public.contact_submissions where id = $1',
      [stored.lead_id],
    )
    expect(lead.rows[0]).toMatchObject({
      name: fields.name,
      email: fields.email,
      notified_via: 'booking',
      client_key: '198.51.100.200',
    })
    expect(lead.rows[0]?.message).toMatch(
      /^Consultoria gratuita pedida pelo site, aguardando confirmação por e-mail: /,
    )
    // The booking's own e-mail is the company's notice: the lead e-mail never claims it.
    const claimed = await server.db.query<{ submission_id: string }>(
      'select submission_id from private.claim_due_mail(0, 100, 5)',
    )
    expect(claimed.rows.map((row) => row.submission_id)).not.toContain(stored.lead_id)

    // Until the inbox confirms, one e-mail only: the request, to the visitor.
    expect((await messagesOf(booking.id)).map(({ kind, recipient }) => [kind, recipient])).toEqual([
      ['request', 'visitor'],
    ])
    const after = (await freeTimes()).slots
    const length = company.consultationMinutes
    for (const gone of [plusMinutes(slot, -length), slot, plusMinutes(slot, length)]) {
      expect(after).not.toContain(gone)
    }

    // Confirmed from the e-mail's link: a meeting, with its confirmations and reminder.
    const confirmed = await visitorAt().rpc('confirm_booking', { token })
    expect(confirmed.error).toBeNull()
    expect(confirmed.data).toMatchObject({
      id: booking.id,
      status: 'confirmed',
      can_confirm: false,
      can_reschedule: true,
    })
    const messages = await messagesOf(booking.id)
    expect(messages.map(({ kind, recipient, sequence }) => [kind, recipient, sequence])).toEqual([
      ['confirmation', 'visitor', 0],
      ['confirmation', 'company', 0],
      ['reminder', 'visitor', 0],
    ])
    expect(messages[0]?.due_at.getTime()).toBeLessThanOrEqual(Date.now())
    expect(messages[2]?.due_at.toISOString()).toBe(
      new Date(Date.parse(slot) - 24 * HOUR).toISOString(),
    )
    const confirmedLead = await server.db.query<{ message: string }>(
      'select message from public.contact_submissions where id = $1',
      [stored.lead_id],
    )
    expect(confirmedLead.rows[0]?.message).toMatch(/^Consultoria gratuita marcada pelo site: /)
    // Confirming again changes nothing.
    const again = await visitorAt().rpc('confirm_booking', { token })
    expect(again.data).toMatchObject({ status: 'confirmed' })
    expect(await messagesOf(booking.id)).toHaveLength(3)
  })

  it('refuses a slot someone just took with 409 and the words the page shows', async () => {
    const slot = await laterSlot()
    await bookOrThrow(slot)
    const { data, error, status } = await book(visitorAt(), slot)
    expect(data).toBeNull()
    expect(status).toBe(409)
    expect(error).toMatchObject({
      code: 'PT409',
      details: 'slot_taken',
      message: bookingRefusals.slot_taken,
    })
  })

  it('refuses a time that is not on offer', async () => {
    const { error, status } = await book(visitorAt(), '2020-03-02T13:00:00Z')
    expect(status).toBe(409)
    expect(error).toMatchObject({
      details: 'slot_unavailable',
      message: bookingRefusals.slot_unavailable,
    })
    const missing = await visitorAt().rpc('book_meeting', { ...person() })
    expect(missing.status).toBe(400)
    expect(missing.error).toMatchObject({ message: bookingRefusals.slot_required })
  })

  it("writes the company's time zone for a visitor's zone the database does not know", async () => {
    const booking = await bookOrThrow(await laterSlot(), person({ time_zone: 'Marte/Olimpo' }))
    expect(booking.time_zone).toBe(company.officeHours.timeZone)
  })

  it('keeps one meeting (or hold) to come per inbox, however its address is spelled', async () => {
    const fields = person()
    await bookOrThrow(await laterSlot())
    const held = await bookOrThrow(await laterSlot(), fields)
    const [local, domain] = fields.email.split('@')
    const waiting = await book(visitorAt(), await laterSlot(), {
      ...fields,
      email: `${local}+outro@${domain?.toUpperCase()}`,
    })
    expect(waiting.status).toBe(409)
    expect(waiting.error).toMatchObject({
      details: 'email_pending',
      message: bookingRefusals.email_pending,
    })
    await visitorAt().rpc('confirm_booking', { token: await manageTokenOf(held.id) })
    const again = await book(visitorAt(), await laterSlot(), {
      ...fields,
      email: fields.email.toUpperCase(),
    })
    expect(again.status).toBe(409)
    expect(again.error).toMatchObject({
      details: 'email_has_booking',
      message: bookingRefusals.email_has_booking,
    })
  })

  it.each([
    ['a blank name', { name: '  ' }, contactFieldErrors.name.required],
    [
      'a name with a line break',
      { name: 'Ana\r\nBcc: x@evil.test' },
      contactFieldErrors.name.invalid,
    ],
    ['an e-mail without a domain', { email: 'ana@exemplo' }, contactFieldErrors.email.invalid],
    ['a 201-character company', { company: 'c'.repeat(201) }, contactFieldErrors.company.too_long],
    ['no note', { note: '\u200b ' }, bookingFieldErrors.note.required],
    ['a 1001-character note', { note: 'n'.repeat(1001) }, bookingFieldErrors.note.too_long],
    ['a note with a control character', { note: 'Olá\u0007' }, bookingFieldErrors.note.invalid],
  ])('refuses %s with the words the form shows, storing nothing', async (_label, bad, words) => {
    const fields = person(bad)
    const { error, status } = await book(visitorAt(), await laterSlot(), fields)
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '23514', message: words })
    const stored = await server.db.query('select 1 from public.bookings where email = $1', [
      fields.email,
    ])
    expect(stored.rows).toHaveLength(0)
  })

  it.each([
    ['fills the hidden field', { form_trap: 'https://spam.example' }],
    ['sends sooner than a person could', { form_elapsed_ms: 800 }],
    ['sends no fill time at all', { form_elapsed_ms: null }],
  ])(
    'refuses a bot that %s, booking nothing, so no one comes to a meeting that is not there',
    async (_label, signals) => {
      const slot = await laterSlot()
      const fields = person(signals)
      const { error, status } = await book(visitorAt(), slot, fields)
      expect(status).toBe(400)
      expect(error).toMatchObject({
        code: 'PT400',
        details: 'not_confirmed',
        message: bookingRefusals.not_confirmed,
      })
      expect((await freeTimes()).slots).toContain(slot)
      const stored = await server.db.query(
        'select 1 from public.contact_submissions where email = $1',
        [fields.email],
      )
      expect(stored.rows).toHaveLength(0)
    },
  )

  it('lets one address book three times a day, then answers 429 with Retry-After', async () => {
    const address = '203.0.113.77'
    for (let n = 0; n < 3; n += 1)
      await bookOrThrow(await laterSlot(), person(), visitorAt(address))
    const slot = await laterSlot()
    const response = await fetch(`${server.url}/rest/v1/rpc/book_meeting`, {
      method: 'POST',
      headers: {
        apikey: DEV_ANON_KEY,
        'content-type': 'application/json',
        'x-forwarded-for': address,
      },
      body: JSON.stringify({ starts_at: slot, ...person() }),
    })
    expect(response.status).toBe(429)
    const wait = Number(response.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(23 * 3600)
    expect(wait).toBeLessThanOrEqual(24 * 3600)
    expect(await response.json()).toMatchObject({
      code: 'PT429',
      details: 'address_limit',
      message: bookingRefusals.address_limit,
      hint: 'Tente de novo em 24 hora(s).',
    })
    // Another address is not held back by it.
    await bookOrThrow(slot, person(), visitorAt('203.0.113.78'))
  })
})

describe('the manage link', () => {
  it('shows, moves and cancels one booking with its token and nothing else', async () => {
    const supabase = visitorAt()
    const { booked, token } = await bookConfirmed(await laterSlot(), person(), supabase)

    const shown = await supabase.rpc('booking_details', { token })
    expect(shown.error).toBeNull()
    expect(shown.data).toEqual(booked)

    // Moved: the same booking, one step further in the calendar's sequence.
    const oldSlot = booked.starts_at
    const newSlot = await laterSlot(3)
    const moved = await supabase.rpc('reschedule_booking', { token, starts_at: newSlot })
    expect(moved.error).toBeNull()
    expect(moved.data).toMatchObject({ id: booked.id, starts_at: newSlot, sequence: 1 })
    const slots = (await freeTimes()).slots
    expect(slots).toContain(oldSlot)
    expect(slots).not.toContain(newSlot)
    let messages = await messagesOf(booked.id)
    expect(
      messages.filter((m) => m.kind === 'update').map((m) => [m.recipient, m.sequence]),
    ).toEqual([
      ['visitor', 1],
      ['company', 1],
    ])
    const reminders = messages.filter((m) => m.kind === 'reminder')
    expect(reminders.map((m) => [m.sequence, m.due_at.toISOString()])).toEqual([
      [1, new Date(Date.parse(newSlot) - 24 * HOUR).toISOString()],
    ])
    const lead = await server.db.query<{ message: string }>(
      `select s.message from public.contact_submissions s
         join public.bookings b on b.lead_id = s.id where b.id = $1`,
      [booked.id],
    )
    expect(lead.rows[0]?.message).toMatch(/^Consultoria gratuita remarcada pelo site: /)

    // Cancelled: both sides told, the reminder dropped, the slot free again.
    const cancelled = await supabase.rpc('cancel_booking', { token, message: 'Surgiu uma viagem.' })
    expect(cancelled.error).toBeNull()
    expect(cancelled.data).toMatchObject({
      id: booked.id,
      status: 'cancelled',
      cancelled_by: 'visitor',
      cancel_message: 'Surgiu uma viagem.',
      sequence: 2,
      can_cancel: false,
      can_reschedule: false,
    })
    messages = await messagesOf(booked.id)
    expect(
      messages.filter((m) => m.kind === 'cancellation').map((m) => [m.recipient, m.sequence]),
    ).toEqual([
      ['visitor', 2],
      ['company', 2],
    ])
    expect(messages.filter((m) => m.kind === 'reminder')).toEqual([])
    expect((await freeTimes()).slots).toContain(newSlot)

    const twice = await supabase.rpc('cancel_booking', { token })
    expect(twice.status).toBe(409)
    expect(twice.error).toMatchObject({ details: 'cancelled', message: bookingRefusals.cancelled })
    const moveCancelled = await supabase.rpc('reschedule_booking', { token, starts_at: oldSlot })
    expect(moveCancelled.error).toMatchObject({ details: 'cancelled' })
  })

  it('learns nothing from a wrong token: the same 404 for any token that opens nothing', async () => {
    const supabase = visitorAt()
    const answers = []
    for (const token of [randomBytes(32).toString('hex'), 'abc', '', "' or 1=1 --"]) {
      for (const call of [
        supabase.rpc('booking_details', { token }),
        supabase.rpc('confirm_booking', { token }),
        supabase.rpc('cancel_booking', { token }),
        supabase.rpc('reschedule_booking', { token, starts_at: await laterSlot() }),
      ]) {
        const { status, error } = await call
        answers.push({ status, error })
      }
    }
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 404,
        error: {
          code: 'PT404',
          details: 'not_found',
          hint: null,
          message: bookingRefusals.not_found,
        },
      })
    }
  })

  it('stops a visitor from moving one meeting over and over', async () => {
    const supabase = visitorAt()
    const { token } = await bookConfirmed(await laterSlot(), person(), supabase)
    for (let n = 1; n <= 5; n += 1) {
      const { error } = await supabase.rpc('reschedule_booking', {
        token,
        starts_at: await laterSlot(n),
      })
      expect(error).toBeNull()
    }
    const sixth = await supabase.rpc('reschedule_booking', { token, starts_at: await laterSlot(8) })
    expect(sixth.status).toBe(409)
    expect(sixth.error).toMatchObject({
      details: 'too_many_changes',
      message: bookingRefusals.too_many_changes,
    })
  })
})

describe('the company against junk and for privacy', () => {
  it('frees every meeting to come from one address in one action, telling no one', async () => {
    const junkAddress = '192.0.2.99'
    const junk = [
      // A hold and a meeting: both freed.
      await bookOrThrow(await laterSlot(), person(), visitorAt(junkAddress)),
      (await bookConfirmed(await laterSlot(), person(), visitorAt(junkAddress))).booked,
    ]
    const kept = (await bookConfirmed(await laterSlot())).booked
    const { rows } = await server.db.query<{ freed: number }>(
      'select private.release_bookings(p_address => $1) as freed',
      [junkAddress],
    )
    expect(rows[0]?.freed).toBe(2)
    const slots = (await freeTimes()).slots
    for (const booking of junk) {
      expect(slots).toContain(booking.starts_at)
      expect((await messagesOf(booking.id)).filter((m) => m.sent_at === null)).toEqual([])
      const state = await server.db.query(
        `select b.status, b.cancelled_by, s.lead_status from public.bookings b
           join public.contact_submissions s on s.id = b.lead_id where b.id = $1`,
        [booking.id],
      )
      expect(state.rows[0]).toEqual({
        status: 'cancelled',
        cancelled_by: 'company',
        lead_status: 'spam',
      })
    }
    expect(slots).not.toContain(kept.starts_at)
    expect(await messagesOf(kept.id)).not.toEqual([])
  })

  it('erases the booking and its e-mails with the lead (LGPD)', async () => {
    const fields = person()
    const booking = await bookOrThrow(await laterSlot(), fields)
    const { rows } = await server.db.query<{ erased: number }>(
      'select private.erase_leads_by_email($1) as erased',
      [fields.email.toUpperCase()],
    )
    expect(rows[0]?.erased).toBe(1)
    const left = await server.db.query<{ n: number }>(
      `select (select count(*) from public.bookings where id = $1)
            + (select count(*) from private.booking_messages where booking_id = $1)
            + (select count(*) from public.contact_submissions where email = $2) as n`,
      [booking.id, fields.email],
    )
    expect(Number(left.rows[0]?.n)).toBe(0)
    expect((await freeTimes()).slots).toContain(booking.starts_at)
  })

  it('gives anon no way to read bookings, the private tables or the private functions', async () => {
    const supabase = visitorAt()
    const table = await supabase.from('bookings').select('*')
    expect(table.status).toBe(401)
    expect(table.error).toMatchObject({ code: '42501' })
    const privateTable = await supabase.from('booking_messages').select('*')
    expect(privateTable.status).toBe(404)
    expect(privateTable.error).toMatchObject({ code: 'PGRST205' })
    const privateFunction = await supabase.rpc('release_bookings', { p_address: '192.0.2.1' })
    expect(privateFunction.status).toBe(404)
    expect(privateFunction.error).toMatchObject({ code: 'PGRST202' })
    const insert = await supabase.from('bookings').insert({ name: 'x' })
    expect(insert.status).toBe(401)
  })

  it("does not count a booking against the contact form's limits, nor merge it with a message", async () => {
    const address = '192.0.2.150'
    const supabase = visitorAt(address)
    const fields = person()
    await bookOrThrow(await laterSlot(), fields, supabase)
    // RATE_LIMIT_PER_ADDRESS is 10 in 10 minutes: all ten messages still pass.
    for (let n = 0; n < 10; n += 1) {
      const { error } = await supabase.from('contact_submissions').insert({
        name: fields.name,
        email: fields.email,
        company: null,
        message: `Mensagem ${n}`,
      })
      expect(error).toBeNull()
    }
    const leads = await server.db.query(
      'select 1 from public.contact_submissions where email = $1',
      [fields.email],
    )
    expect(leads.rows).toHaveLength(11)
  })
})
