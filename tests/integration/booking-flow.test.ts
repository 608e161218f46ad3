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
import { contactFieldErrors } from '../../src/content/contact-errors.ts'
import { testSettings } from '../support/test-app.ts'

let server: RunningServer
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'booking-flow-'))
  // The test stands where a load balancer would: it names each visitor's address.
  server = await startServer(
    testSettings({ PORT: '0', DATA_DIR: dataDir, TRUST_PROXY: 'loopback' }),
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

type Booking = Record<string, unknown> & { id: string; starts_at: string; manage_token?: string }

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
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(),
    )
    expect(times).toMatchObject({ time_zone: 'America/Sao_Paulo', slot_minutes: 30 })
    expect(times.first_day).toBe(today)
    expect(Date.parse(times.last_day) - Date.parse(times.first_day)).toBe(21 * 24 * HOUR)
    expect(times.slots.length).toBeGreaterThan(0)
    expect([...times.slots].sort()).toEqual(times.slots)
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    })
    for (const slot of times.slots) {
      expect(slot).toMatch(/^\d{4}-\d\d-\d\dT\d\d:(00|30):00Z$/)
      const [weekday, clock = ''] = local.format(new Date(slot)).split(' ')
      expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']).toContain(weekday)
      expect(clock >= '09:00' && clock <= '17:30', `${slot} is ${clock} in São Paulo`).toBe(true)
    }
    const { data } = await visitorAt().rpc('booking_free_times', {}, { get: true })
    expect(data).toEqual(times)
  })
})

describe('booking a consultation', () => {
  it('confirms the slot, shows the manage token once and queues the e-mails', async () => {
    const slot = await laterSlot()
    const fields = person()
    const booking = await bookOrThrow(slot, fields, visitorAt('198.51.100.200'))
    expect(booking).toMatchObject({
      status: 'confirmed',
      starts_at: slot,
      ends_at: plusMinutes(slot, 30),
      time_zone: 'America/Manaus',
      company_time_zone: 'America/Sao_Paulo',
      name: fields.name,
      email: fields.email,
      company: fields.company,
      note: fields.note,
      sequence: 0,
      can_cancel: true,
      can_reschedule: true,
    })
    expect(booking.meeting_url).toMatch(/^https:\/\/meet\.jit\.si\/Consultoria-[0-9a-f]{32}$/)
    expect(booking.manage_token).toMatch(/^[0-9a-f]{64}$/)

    const { rows } = await server.db.query<Record<string, unknown>>(
      'select * from public.bookings where id = $1',
      [booking.id],
    )
    const stored = rows[0] ?? {}
    expect(stored.manage_token_hash).toBe(
      createHash('sha256').update(String(booking.manage_token)).digest('hex'),
    )
    expect(Object.values(stored)).not.toContain(booking.manage_token)
    expect(stored).toMatchObject({ client_ip: '198.51.100.200', client_key: '198.51.100.200' })

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
    expect(lead.rows[0]?.message).toMatch(/^Consultoria gratuita marcada pelo site: /)
    expect(lead.rows[0]?.message).toContain(fields.note)
    // The booking's own e-mail is the company's notice: the lead e-mail never claims it.
    const claimed = await server.db.query<{ submission_id: string }>(
      'select submission_id from private.claim_due_mail(0, 100, 5)',
    )
    expect(claimed.rows.map((row) => row.submission_id)).not.toContain(stored.lead_id)

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

    const after = (await freeTimes()).slots
    for (const gone of [plusMinutes(slot, -30), slot, plusMinutes(slot, 30)]) {
      expect(after).not.toContain(gone)
    }
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
    expect(booking.time_zone).toBe('America/Sao_Paulo')
  })

  it('keeps one meeting to come per e-mail address, in any letter case', async () => {
    const fields = person()
    await bookOrThrow(await laterSlot())
    await bookOrThrow(await laterSlot(), fields)
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
    const booked = await bookOrThrow(await laterSlot(), person(), supabase)
    const token = String(booked.manage_token)

    const shown = await supabase.rpc('booking_details', { token })
    expect(shown.error).toBeNull()
    expect(shown.data).toEqual(
      Object.fromEntries(Object.entries(booked).filter(([key]) => key !== 'manage_token')),
    )

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
    const booked = await bookOrThrow(await laterSlot(), person(), supabase)
    const token = String(booked.manage_token)
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
      await bookOrThrow(await laterSlot(), person(), visitorAt(junkAddress)),
      await bookOrThrow(await laterSlot(), person(), visitorAt(junkAddress)),
    ]
    const kept = await bookOrThrow(await laterSlot())
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
