/**
 * The agenda against strangers, as SQL (decision 038), on PGlite and on a hosted-Supabase-like
 * PostgreSQL 15 (Supabase's roles, every migration applied as `supabase db push` would, then
 * ours a second time): what a caller at a given address may do, called as PostgREST calls, as
 * anon with the request's headers. Time is the private functions' p_now, never a wait.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { MIGRATIONS_DIR } from '../../server/paths.ts'
import { bookingRefusals } from '../../src/content/booking.ts'
import { resetAgenda, setAgenda } from '../support/booking.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'
import { applyMigrationsLikeSupabase } from '../support/supabase-like-database.ts'
import { createTestDatabase } from '../support/test-database.ts'

interface Store {
  open(): Promise<{ db: Database; close(): Promise<void> }>
}

const stores: [string, Store][] = [
  [
    'PGlite',
    {
      async open() {
        const db = await createTestDatabase()
        return { db, close: () => db.close() }
      },
    },
  ],
  [
    'a Supabase-like PostgreSQL 15',
    {
      async open() {
        const postgres: PostgresDatabase = await createPostgresDatabase()
        await applyMigrationsLikeSupabase(postgres.url)
        const db = await openPostgresDatabase(postgres.url)
        // Ours, applied a second time, change nothing and fail nowhere.
        for (const name of (await readdir(MIGRATIONS_DIR)).filter((n) => n >= '20261128')) {
          await db.exec(await readFile(path.join(MIGRATIONS_DIR, name), 'utf8'))
        }
        return {
          db,
          async close() {
            await db.close()
            await postgres.stop()
          },
        }
      },
    },
  ],
]

/** What PostgREST raises for a refusal SQL shapes (private.refuse): its status and body. */
interface Refusal {
  status: number
  code: string
  details: string | null
  message: string
  hint: string | null
  retryAfter: string | undefined
}

const refusalOf = (error: unknown): Refusal | undefined => {
  const { code, message, detail } = error as { code?: string; message?: string; detail?: string }
  if (code !== 'PGRST' || !message || !detail) return undefined
  const body = JSON.parse(message) as Omit<Refusal, 'status' | 'retryAfter'>
  const { status, headers } = JSON.parse(detail) as {
    status: number
    headers: Record<string, string>
  }
  return { ...body, status, retryAfter: headers['Retry-After'] }
}

describe.each(stores)('the agenda against strangers on %s', (_name, store) => {
  let db: Database
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ db, close } = await store.open())
  }, 120_000)
  afterAll(() => close?.())

  /**
   * One call as PostgREST makes it: a transaction as anon, the caller's address in both
   * headers a deployment may trust (decision 024). Answers the result, or the refusal.
   */
  const asAnon = async <T = Record<string, unknown>>(
    address: string | null,
    sql: string,
    params: unknown[] = [],
  ): Promise<{ answer?: T; refusal?: Refusal; code?: string }> => {
    const headers =
      address === null ? {} : { 'cf-connecting-ip': address, 'x-forwarded-for': address }
    try {
      const answer = await db.transaction(async (tx) => {
        await tx.query(
          `select set_config('role', 'anon', true), set_config('request.headers', $1, true)`,
          [JSON.stringify(headers)],
        )
        return (await tx.query<{ answer: T }>(sql, params)).rows[0]?.answer
      })
      return { answer }
    } catch (error) {
      return { refusal: refusalOf(error), code: (error as { code?: string }).code }
    }
  }

  const sendForm = (address: string, email: string) =>
    asAnon(
      address,
      `insert into public.contact_submissions (name, email, company, message, form_elapsed_ms)
       values ('Visitante', $1, null, 'Quero um orçamento.', 60000) returning 1 as answer`,
      [email],
    )

  const stored = async (email: string) => ({
    leads: Number(
      (
        await db.query('select count(*) as n from public.contact_submissions where email = $1', [
          email,
        ])
      ).rows[0]?.n,
    ),
    quarantined: Number(
      (
        await db.query(
          'select count(*) as n from private.quarantined_submissions where email = $1',
          [email],
        )
      ).rows[0]?.n,
    ),
  })

  describe('the block list', () => {
    it('holds a network and every address in it, however the address is written', async () => {
      const block = (network: string) =>
        db.query<{ network: string }>('select private.block_network($1, $2) as network', [
          network,
          'teste',
        ])
      expect((await block('2001:db8:aa:1::5/48')).rows[0]?.network).toBe('2001:db8:aa::/48')
      expect((await block('203.0.113.77')).rows[0]?.network).toBe('203.0.113.77/32')
      expect((await block('198.51.100.9/24')).rows[0]?.network).toBe('198.51.100.0/24')
      // An address alone blocks its /64, as the limits count it.
      expect((await block('2001:db8:bb:2::9')).rows[0]?.network).toBe('2001:db8:bb:2::/64')
      const blocked = async (address: string | null) =>
        (
          await db.query<{ blocked: boolean }>('select private.is_network_blocked($1) as blocked', [
            address,
          ])
        ).rows[0]?.blocked
      for (const inside of [
        '2001:db8:aa:ffff::1',
        '[2001:db8:aa:7::1]:443',
        '2001:db8:aa:7::/64',
        '203.0.113.77',
        '::ffff:203.0.113.77',
        '203.0.113.77:8080',
        '198.51.100.250',
        '2001:db8:bb:2:ffff::1',
      ]) {
        expect(await blocked(inside), inside).toBe(true)
      }
      for (const outside of [
        '2001:db8:ab::1',
        '203.0.113.78',
        '198.51.101.1',
        '2001:db8:bb:3::1',
        null,
        '',
        'nada',
      ]) {
        expect(await blocked(outside), String(outside)).toBe(false)
      }
      // Lifted, or past its end, a block holds nobody.
      await db.query(`select private.unblock_network('198.51.100.0/24')`)
      expect(await blocked('198.51.100.250')).toBe(false)
      await db.query(
        `update private.blocked_networks set blocked_until = now() - interval '1 second'
          where network = '203.0.113.77/32'`,
      )
      expect(await blocked('203.0.113.77')).toBe(false)
      await db.query('delete from private.blocked_networks')
    })

    it('refuses what is no network, and blocks too wide to be a mistake', async () => {
      for (const [network, code] of [
        ['nada', '22023'],
        ['', '22023'],
        ['10.0.0.0/8', '23514'],
        ['2001:db8::/16', '23514'],
        ['0.0.0.0/0', '23514'],
      ] as const) {
        await expect(
          db.query('select private.block_network($1)', [network]),
          network,
        ).rejects.toMatchObject({ code })
      }
      expect((await db.query('select 1 from private.blocked_networks')).rows).toEqual([])
    })

    it('refuses the contact form from a blocked network in its words, before any limit or quarantine counts it', async () => {
      await db.query(`select private.block_network('2001:db8:cc::/48')`)
      const refused = await sendForm('2001:db8:cc:1::10', 'bloqueado@example.com')
      expect(refused.refusal).toMatchObject({
        status: 403,
        code: 'PT403',
        message:
          'Não é possível enviar mensagens a partir desta rede. Fale com a gente por e-mail ou telefone.',
      })
      // Not even a bot's: the hidden field filled is refused the same, and nothing is kept.
      const trapped = await asAnon(
        '2001:db8:cc:2::10',
        `insert into public.contact_submissions (name, email, message, form_trap, form_elapsed_ms)
         values ('Robô', 'bloqueado@example.com', 'Promoção!', 'x', 10) returning 1 as answer`,
      )
      expect(trapped.refusal?.status).toBe(403)
      expect(await stored('bloqueado@example.com')).toEqual({ leads: 0, quarantined: 0 })
      // Another network sends as always.
      expect((await sendForm('2001:db8:cd:1::10', 'livre@example.com')).answer).toBe(1)
      expect((await stored('livre@example.com')).leads).toBe(1)
      await db.query('delete from private.blocked_networks')
    })
  })

  // ------------------------------------------------------------------------------------------
  // Holds and the limits of the booking calls, at chosen instants.

  const NOW = '2027-03-01T08:00:00-03:00'
  const at = (minutes: number) =>
    new Date(Date.parse(NOW) + minutes * 60_000).toISOString().replace('.000Z', 'Z')
  /** The n-th half hour of 2–5 March from 9h (São Paulo), as an instant. */
  const slot = (n: number) => {
    const day = 2 + Math.floor(n / 18)
    const minutes = 9 * 60 + (n % 18) * 30
    return `2027-03-0${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00-03:00`
  }

  /**
   * A private call at an instant, from a caller at `address` (as the request's headers say;
   * null: unknown). Answers the JSON, or the refusal.
   */
  const call = async (
    address: string | null,
    sql: string,
    params: unknown[],
  ): Promise<{ answer?: Record<string, unknown>; refusal?: Refusal }> => {
    const headers =
      address === null ? {} : { 'cf-connecting-ip': address, 'x-forwarded-for': address }
    try {
      const answer = await db.transaction(async (tx) => {
        await tx.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(headers)])
        return (await tx.query<{ answer: Record<string, unknown> }>(sql, params)).rows[0]?.answer
      })
      return { answer }
    } catch (error) {
      const refusal = refusalOf(error)
      if (!refusal) throw error
      return { refusal }
    }
  }

  let people = 0
  const book = (address: string | null, startsAt: string, now: string, email?: string) => {
    people += 1
    return call(
      address,
      `select private.book_meeting($1::timestamptz, $2, $3, null, 'Quero conversar.',
         'America/Sao_Paulo', null, 60000, $4::timestamptz) as answer`,
      [startsAt, `Visitante ${people}`, email ?? `visitante.${people}@example.com`, now],
    )
  }
  const confirm = (address: string | null, token: unknown, now: string) =>
    call(address, 'select private.confirm_booking($1, $2::timestamptz) as answer', [token, now])
  const cancel = (address: string | null, token: unknown, now: string) =>
    call(address, 'select private.cancel_booking_by_token($1, null, $2::timestamptz) as answer', [
      token,
      now,
    ])
  const move = (address: string | null, token: unknown, startsAt: string, now: string) =>
    call(
      address,
      'select private.reschedule_booking($1, $2::timestamptz, $3::timestamptz) as answer',
      [token, startsAt, now],
    )
  const isFree = async (startsAt: string, now: string) =>
    (
      await db.query<{ free: boolean }>(
        'select private.is_slot_free($1::timestamptz, $2::timestamptz, null) as free',
        [now, startsAt],
      )
    ).rows[0]?.free
  const messagesOf = async (id: unknown) =>
    (
      await db.query<{ kind: string; recipient: string }>(
        'select kind, recipient from private.booking_messages where booking_id = $1 order by id',
        [id],
      )
    ).rows.map((row) => `${row.kind} to ${row.recipient}`)

  describe('a booking is a hold until its inbox confirms it', () => {
    beforeAll(async () => {
      await resetAgenda(db)
      await setAgenda(db, { BOOKING_MAX_PER_DAY: 18 })
    })

    it('keeps its slot for the hold, then frees it at once, whether or not anything ended it', async () => {
      const held = await book('192.0.2.1', slot(0), NOW)
      expect(held.answer).toMatchObject({
        status: 'pending',
        hold_until: '2027-03-01T11:30:00Z',
        can_confirm: true,
        can_reschedule: false,
      })
      expect(await messagesOf(held.answer?.id)).toEqual(['request to visitor'])
      expect(await isFree(slot(0), at(29))).toBe(false)
      expect(await isFree(slot(0), at(30))).toBe(true)
      // Someone else takes it: the stale hold steps aside, its request dropped.
      const other = await book('192.0.2.2', slot(0), at(31))
      expect(other.answer).toMatchObject({ status: 'pending' })
      const stale = await db.query<{ status: string; cancelled_by: string | null }>(
        'select status, cancelled_by from public.bookings where id = $1',
        [held.answer?.id],
      )
      expect(stale.rows[0]).toEqual({ status: 'cancelled', cancelled_by: null })
      expect(await messagesOf(held.answer?.id)).toEqual([])
      // Its link still opens it, as expired, and cannot take the time back.
      const late = await confirm('192.0.2.1', held.answer?.manage_token, at(32))
      expect(late.refusal).toMatchObject({
        status: 409,
        details: 'hold_expired',
        message: bookingRefusals.hold_expired,
      })
    })

    it('confirms late while the slot is still free, then announces the meeting', async () => {
      const held = await book('192.0.2.3', slot(2), NOW)
      expect(
        (await db.query('select private.expire_booking_holds($1::timestamptz)', [at(45)])).rows,
      ).toHaveLength(1)
      const lead = async () =>
        (
          await db.query<{ message: string }>(
            `select s.message from public.contact_submissions s
               join public.bookings b on b.lead_id = s.id where b.id = $1`,
            [held.answer?.id],
          )
        ).rows[0]?.message
      expect(await lead()).toMatch(/^Pedido de consultoria gratuita não confirmado por e-mail: /)
      const confirmed = await confirm('198.51.100.3', held.answer?.manage_token, at(50))
      expect(confirmed.answer).toMatchObject({ status: 'confirmed', can_reschedule: true })
      expect(await lead()).toMatch(/^Consultoria gratuita marcada pelo site: /)
      expect(await messagesOf(held.answer?.id)).toEqual([
        'confirmation to visitor',
        'confirmation to company',
        'reminder to visitor',
      ])
    })

    it('lets the page give the hold up with its own token, silently, and nothing more', async () => {
      const held = await book('192.0.2.4', slot(4), NOW)
      const hold = held.answer?.hold_token
      // The page's token neither confirms nor reads nor moves.
      expect((await confirm('192.0.2.4', hold, at(1))).refusal?.details).toBe('not_found')
      expect((await move('192.0.2.4', hold, slot(5), at(1))).refusal?.details).toBe('not_found')
      expect((await cancel('192.0.2.4', hold, at(1))).answer).toEqual({
        id: held.answer?.id,
        status: 'released',
      })
      const row = await db.query('select status, cancelled_by from public.bookings where id = $1', [
        held.answer?.id,
      ])
      expect(row.rows).toEqual([{ status: 'cancelled', cancelled_by: 'visitor' }])
      expect(await messagesOf(held.answer?.id)).toEqual([])
      expect(await isFree(slot(4), at(2))).toBe(true)

      // Once the inbox confirmed, the page's token gives up nothing.
      const kept = await book('192.0.2.4', slot(6), NOW)
      await confirm('192.0.2.4', kept.answer?.manage_token, at(3))
      expect((await cancel('192.0.2.4', kept.answer?.hold_token, at(4))).answer).toEqual({
        id: kept.answer?.id,
        status: 'released',
      })
      expect(await isFree(slot(6), at(4))).toBe(false)
    })

    it('lets a closed day take its holds with it', async () => {
      const held = await book('192.0.2.5', slot(18 * 2), NOW)
      await db.query(
        `insert into private.booking_closed_days (day, reason) values ('2027-03-04', 'x')`,
      )
      const { rows } = await db.query<{ status: string; cancelled_by: string }>(
        'select status, cancelled_by from public.bookings where id = $1',
        [held.answer?.id],
      )
      expect(rows[0]).toEqual({ status: 'cancelled', cancelled_by: 'company' })
      expect((await confirm('192.0.2.5', held.answer?.manage_token, at(5))).refusal?.details).toBe(
        'cancelled',
      )
      await db.query('delete from private.booking_closed_days')
    })
  })

  describe('the limits of a network', () => {
    beforeEach(async () => {
      await resetAgenda(db)
      await setAgenda(db, { BOOKING_MAX_PER_DAY: 18 })
    })

    it('leave a /48 two holds at once, however many /64s it books from', async () => {
      const outcomes = []
      // Every other half hour: each time free (the buffer keeps neighbours apart).
      for (let n = 0; n < 30; n += 1) {
        outcomes.push(await book(`2001:db8:48:${n.toString(16)}::1`, slot(n * 2), NOW))
      }
      expect(outcomes.filter((outcome) => outcome.answer)).toHaveLength(2)
      const refused = outcomes.flatMap((outcome) => (outcome.refusal ? [outcome.refusal] : []))
      expect(refused).toHaveLength(28)
      for (const refusal of refused) {
        expect(refusal).toMatchObject({
          status: 429,
          details: 'network_holds',
          message: bookingRefusals.network_holds,
          retryAfter: '1800',
          hint: 'Tente de novo em 30 minuto(s).',
        })
      }
      // Another /48 books as always.
      expect((await book('2001:db8:49::1', slot(41), NOW)).answer).toMatchObject({
        status: 'pending',
      })
    })

    it('count bookings a day and meetings to come per network, confirmed or not, IPv4 /24 alike', async () => {
      await setAgenda(db, { BOOKING_MAX_PER_DAY: 18, BOOKING_UPCOMING_PER_NETWORK: 4 })
      // Four confirmed from the inbox, two at a time: the fifth is one meeting too many.
      for (let n = 0; n < 4; n += 1) {
        const held = await book(`203.0.113.${n + 1}`, slot(n * 2), at(n))
        expect(held.answer?.status).toBe('pending')
        await confirm(null, held.answer?.manage_token, at(n))
      }
      expect((await book('203.0.113.99', slot(20), at(5))).refusal).toMatchObject({
        status: 409,
        details: 'network_upcoming',
        message: bookingRefusals.network_upcoming,
      })
      // Given up, a meeting no longer counts as one to come, but still as one made today.
      await db.query(
        `update public.bookings set status = 'cancelled', cancelled_at = now(),
           cancelled_by = 'visitor' where client_network = '203.0.113.0/24'`,
      )
      expect((await book('203.0.113.99', slot(20), at(6))).answer?.status).toBe('pending')
      expect((await book('203.0.113.98', slot(22), at(7))).answer?.status).toBe('pending')
      const sixth = await book('203.0.113.97', slot(24), at(8))
      expect(sixth.refusal).toMatchObject({
        status: 429,
        details: 'network_limit',
        message: bookingRefusals.network_limit,
      })
      // Until the first of the six is a day old.
      expect(Number(sixth.refusal?.retryAfter)).toBe(24 * 3600 - 8 * 60)
      expect((await book('203.0.114.1', slot(26), at(8))).answer?.status).toBe('pending')
    })

    it('give callers whose address is not known their shared daily cap only', async () => {
      await setAgenda(db, { BOOKING_MAX_PER_DAY: 18, BOOKING_UNKNOWN_ADDRESSES_PER_DAY: 3 })
      for (let n = 0; n < 3; n += 1) {
        expect((await book(null, slot(n * 2), NOW)).answer?.status).toBe('pending')
      }
      expect((await book(null, slot(8), NOW)).refusal?.details).toBe('address_limit')
    })
  })

  describe('the limits of an inbox', () => {
    beforeEach(async () => {
      await resetAgenda(db)
      await setAgenda(db, { BOOKING_MAX_PER_DAY: 18 })
    })

    it('send one inbox three requests a day, whoever asks from wherever, however it is spelled', async () => {
      const spellings = [
        'Vitima.Alvo@gmail.com',
        'vitimaalvo+1@googlemail.com',
        'v.i.t.i.m.a.a.l.v.o@GMAIL.COM',
        'vitima.alvo+promo@gmail.com',
      ]
      for (const [n, email] of spellings.entries()) {
        const address = `2001:db8:${(0x100 + n).toString(16)}::1`
        const held = await book(address, slot(n * 2), at(n), email)
        if (n < 3) {
          expect(held.answer?.status, email).toBe('pending')
          // Each stranger gives the hold up at once, to ask again.
          await cancel(address, held.answer?.hold_token, at(n))
        } else {
          expect(held.refusal).toMatchObject({
            status: 429,
            details: 'email_limit',
            message: bookingRefusals.email_limit,
            hint: 'Tente de novo em 24 hora(s).',
            // The inbox's limit, not the caller's: nothing for a server to remember.
            retryAfter: undefined,
          })
        }
      }
      const requests = await db.query(
        `select 1 from private.booking_messages m join public.bookings b on b.id = m.booking_id
          where lower(b.email) like '%gmail.com' and m.kind = 'request'`,
      )
      // Given up at once, their requests were never sent: the cap counts them anyway.
      expect(requests.rows).toHaveLength(0)
      // A day after the first, one more.
      expect(
        (await book('2001:db8:200::1', slot(10), at(24 * 60), spellings[0])).answer?.status,
      ).toBe('pending')
    })

    it('keep one hold or meeting to come per inbox', async () => {
      const held = await book('192.0.2.10', slot(0), NOW, 'ana@empresa.com.br')
      expect(
        (await book('192.0.2.11', slot(2), NOW, 'Ana+x@Empresa.com.br')).refusal,
      ).toMatchObject({
        status: 409,
        details: 'email_pending',
        message: bookingRefusals.email_pending,
      })
      await confirm(null, held.answer?.manage_token, at(1))
      expect(
        (await book('192.0.2.11', slot(2), at(2), 'ana@empresa.com.br')).refusal?.details,
      ).toBe('email_has_booking')
    })
  })

  describe('a blocked network', () => {
    it('can neither book, nor confirm, move or cancel with a link', async () => {
      await resetAgenda(db)
      const kept = await book('2001:db8:ee:1::1', slot(0), NOW)
      const meeting = await book('2001:db8:ef:1::1', slot(2), NOW)
      await confirm(null, meeting.answer?.manage_token, NOW)
      await db.query(`select private.block_network('2001:db8:ee::/48')`)
      const blocked = {
        status: 403,
        details: 'network_blocked',
        message: bookingRefusals.network_blocked,
      }
      expect((await book('2001:db8:ee:2::1', slot(4), NOW)).refusal).toMatchObject(blocked)
      for (const refused of [
        await confirm('2001:db8:ee:3::1', kept.answer?.manage_token, at(1)),
        await cancel('2001:db8:ee:3::1', meeting.answer?.manage_token, at(1)),
        await move('2001:db8:ee:3::1', meeting.answer?.manage_token, slot(6), at(1)),
      ]) {
        expect(refused.refusal).toMatchObject(blocked)
      }
      // From elsewhere, the links work.
      expect((await confirm('192.0.2.20', kept.answer?.manage_token, at(1))).answer?.status).toBe(
        'confirmed',
      )
      // The desk frees what it booked, meetings and holds, telling no one.
      const released = await db.query<{ freed: number }>(
        `select private.release_network_bookings('2001:db8:ee::/48') as freed`,
      )
      expect(released.rows[0]?.freed).toBe(1)
      await db.query('delete from private.blocked_networks')
    })
  })

  // ------------------------------------------------------------------------------------------
  // Decision 059: limits counted wider than one /64, and what the hold token tells.

  describe('the contact form per home and per network', () => {
    const words = 'Muitas mensagens enviadas deste endereço. Tente novamente em alguns minutos.'
    /** Sends from each address in turn; answers how many were stored, and the first refusal. */
    const sendFrom = async (addresses: string[]) => {
      let stored = 0
      let refusal: Refusal | undefined
      for (const [n, address] of addresses.entries()) {
        const sent = await sendForm(
          address,
          `rede.${n}.${address.replaceAll(':', '-')}@example.com`,
        )
        if (sent.code === undefined) stored += 1
        else refusal ??= sent.refusal
      }
      return { stored, refusal }
    }
    const sixtyFours = (prefix: string, count: number, from = 0) =>
      Array.from({ length: count }, (_, n) => `${prefix}:${(from + n).toString(16)}::1`)

    beforeEach(async () => {
      await db.exec(`delete from private.submission_counts;
        delete from public.contact_submissions where notified_via is distinct from 'booking';
        update private.contact_settings set per_address_limit = 10, per_home_limit = 20,
          per_network_limit = 60, window_minutes = 10`)
    })

    // Past the home limit (20) every lead is refused alike: five more show the boundary, and the
    // flood of 101 /64s is the HTTP API's test (agenda-abuse.test.ts).
    it('stops leads from 25 /64s of one /56 at the home limit, in the words and with the Retry-After of the address limit', async () => {
      const { stored, refusal } = await sendFrom(sixtyFours('2001:db8:5600', 25))
      expect(stored).toBe(20)
      expect(refusal).toMatchObject({ status: 429, code: 'PT429', message: words })
      expect(Number(refusal?.retryAfter)).toBeGreaterThan(0)
      expect(Number(refusal?.retryAfter)).toBeLessThanOrEqual(600)
      // Another /56 of the same /48 has a home limit of its own.
      expect((await sendFrom(sixtyFours('2001:db8:5600', 5, 0x100))).stored).toBe(5)
    })

    it('stops a /48 rotating its /56s at the network limit, and an IPv4 /24 alike', async () => {
      const homes = Array.from({ length: 8 }, (_, home) =>
        sixtyFours('2001:db8:4801', 10, home * 0x100),
      ).flat()
      const fromOneNetwork = await sendFrom(homes)
      expect(fromOneNetwork.stored).toBe(60)
      expect(fromOneNetwork.refusal).toMatchObject({ status: 429, message: words })
      const fromOneBlock = await sendFrom(Array.from({ length: 70 }, (_, n) => `203.0.113.${n}`))
      expect(fromOneBlock.stored).toBe(60)
      // A neighbouring network writes as always.
      expect((await sendFrom(['2001:db8:4802::1', '203.0.114.1'])).stored).toBe(2)
    })

    it('never holds a wider block below what one address may send', async () => {
      await db.query('update private.contact_settings set per_address_limit = 1000')
      // Past the network limit (60), so neither the home's nor the network's held them.
      expect((await sendFrom(sixtyFours('2001:db8:5601', 65))).stored).toBe(65)
    })
  })

  describe('a confirmation counts against the limits of the moment', () => {
    beforeEach(async () => {
      await resetAgenda(db)
      await setAgenda(db, { BOOKING_MAX_PER_DAY: 18 })
    })

    it("refuses late confirmations past the network's meetings to come, and queues nothing for them", async () => {
      // Two days of holds from one /24, two at a time, each pair left to lapse: the daily and
      // holding limits let all twelve through, none of them counted as a meeting to come.
      const held: Record<string, unknown>[] = []
      for (const dayStart of [0, 24 * 60 + 63]) {
        for (let pair = 0; pair < 3; pair += 1) {
          for (let n = 0; n < 2; n += 1) {
            const booked = await book(
              `203.0.113.${held.length + 1}`,
              slot(18 + 2 * held.length),
              at(dayStart + pair * 31),
            )
            expect(booked.answer?.status, `hold ${held.length}`).toBe('pending')
            held.push(booked.answer ?? {})
          }
        }
      }
      const late = at(24 * 60 + 63 + 100)
      const outcomes = []
      for (const hold of held) outcomes.push(await confirm('198.51.100.9', hold.manage_token, late))
      expect(outcomes.slice(0, 6).map((outcome) => outcome.answer?.status)).toEqual(
        Array(6).fill('confirmed'),
      )
      for (const [n, outcome] of outcomes.slice(6).entries()) {
        expect(outcome.refusal, `confirmation ${n + 7}`).toMatchObject({
          status: 409,
          details: 'network_upcoming',
          message: bookingRefusals.network_upcoming,
        })
        // Nothing mailed or announced: the refused hold keeps only its old request.
        expect(await messagesOf(held[n + 6]?.id)).toEqual(['request to visitor'])
      }
      const confirmed = await db.query(
        `select 1 from public.bookings where client_network = '203.0.113.0/24'
          and status = 'confirmed'`,
      )
      expect(confirmed.rows).toHaveLength(6)
      // Once one of the six is given up, the next late confirmation fits again.
      await cancel(null, held[0]?.manage_token, late)
      expect((await confirm(null, held[6]?.manage_token, late)).answer?.status).toBe('confirmed')
    })

    it("counts the network's holds still waiting against a confirmation, and lets an unknown caller's through", async () => {
      await setAgenda(db, { BOOKING_MAX_PER_DAY: 18, BOOKING_UPCOMING_PER_NETWORK: 2 })
      const lapsed = await book('2001:db8:77:1::1', slot(0), NOW)
      const waiting = [
        await book('2001:db8:77:2::1', slot(2), at(40)),
        await book('2001:db8:77:3::1', slot(4), at(40)),
      ]
      expect(waiting.map((hold) => hold.answer?.status)).toEqual(['pending', 'pending'])
      expect((await confirm(null, lapsed.answer?.manage_token, at(41))).refusal?.details).toBe(
        'network_upcoming',
      )
      // Bookings of callers whose address is not known have no network to count.
      const unknown = await book(null, slot(6), NOW)
      expect((await confirm(null, unknown.answer?.manage_token, at(41))).answer?.status).toBe(
        'confirmed',
      )
    })
  })

  describe('holds from many networks', () => {
    beforeEach(async () => {
      await resetAgenda(db)
    })

    /** Each network books the first free time, twice, as fast as it can. */
    const attack = async (addresses: string[]) => {
      let held = 0
      for (const address of addresses) {
        for (let n = 0; n < 2; n += 1) {
          const [first] = await localFree(NOW)
          if (first && (await book(address, first, NOW)).answer) held += 1
        }
      }
      return held
    }
    const localFree = async (now: string) =>
      (
        await db.query<{ starts_at: Date }>('select starts_at from private.free_slots($1)', [now])
      ).rows.map((row) => row.starts_at.toISOString())

    it('leave a provider four at once, however many /48s it books from', async () => {
      const before = (await localFree(NOW)).length
      const held = await attack(
        Array.from({ length: 18 }, (_, n) => `2001:db8:${(0x100 + n).toString(16)}::1`),
      )
      expect(held).toBe(4)
      expect((await localFree(NOW)).length / before).toBeGreaterThanOrEqual(0.8)
    })

    it('leave each network one while many wait, and a visitor of another still books', async () => {
      const before = (await localFree(NOW)).length
      // 18 /48s of 18 providers: two days of meetings (8) may wait before each keeps one.
      const held = await attack(
        Array.from({ length: 18 }, (_, n) => `2001:${(0x4000 + n).toString(16)}:1::1`),
      )
      expect(held).toBe(8 + 14)
      const left = (await localFree(NOW)).length
      expect(left).toBeGreaterThan(0)
      const [free] = await localFree(NOW)
      expect((await book('2001:5000:1::1', free ?? '', NOW)).answer?.status).toBe('pending')
      // A network holding one while many wait is told when one of its holds ends.
      const [next] = await localFree(NOW)
      expect((await book('2001:4000:1::2', next ?? '', NOW)).refusal).toMatchObject({
        status: 429,
        details: 'network_holds',
        retryAfter: '1800',
      })
      expect(left).toBeLessThan(before)
    })
  })

  describe('one inbox, however its provider lets it be written', () => {
    beforeEach(async () => {
      await resetAgenda(db)
      await setAgenda(db, { BOOKING_MAX_PER_DAY: 18 })
    })

    it('folds the providers’ aliases into one inbox', async () => {
      const key = async (email: string) =>
        (await db.query<{ key: string }>('select private.mail_recipient_key($1) as key', [email]))
          .rows[0]?.key
      for (const [inbox, spellings] of [
        ['ana@icloud.com', ['Ana@iCloud.com', 'ana@me.com', 'ana+site@mac.com']],
        [
          'anasouza@proton.me',
          [
            'ana.souza@proton.me',
            'Ana-Souza@protonmail.com',
            'ana_souza+x@protonmail.ch',
            'anasouza@pm.me',
          ],
        ],
        [
          'ana_souza@fastmail.com',
          ['ana_souza@fastmail.com', 'loja@ana-souza.fastmail.com', 'Ana_Souza+x@FastMail.com'],
        ],
        ['ana@fastmail.fm', ['qualquer@ana.fastmail.fm']],
        ['anasouza@gmail.com', ['Ana.Souza+x@googlemail.com']],
      ] as const) {
        for (const spelling of spellings) expect(await key(spelling), spelling).toBe(inbox)
      }
      // Different inboxes stay apart: dots are Proton's and Gmail's to ignore, not iCloud's.
      expect(await key('a.na@icloud.com')).not.toBe(await key('ana@icloud.com'))
      expect(await key('x@ana.example.com')).toBe('x@ana.example.com')
    })

    it('sends one iCloud, Proton or Fastmail inbox three requests a day, whatever its spellings', async () => {
      for (const spellings of [
        ['ana@icloud.com', 'ana@me.com', 'ana@mac.com', 'Ana+x@iCloud.com'],
        ['bia@proton.me', 'bia@protonmail.com', 'bia@protonmail.ch', 'b.i-a@pm.me'],
        [
          'caio@fastmail.com',
          'loja@caio.fastmail.com',
          'site@caio.fastmail.com',
          'x@caio.fastmail.com',
        ],
      ]) {
        for (const [n, email] of spellings.entries()) {
          const address = `2001:db8:${(0x300 + people).toString(16)}::1`
          const held = await book(address, slot(n * 2), at(n), email)
          if (n < 3) {
            expect(held.answer?.status, email).toBe('pending')
            await cancel(address, held.answer?.hold_token, at(n))
          } else {
            expect(held.refusal, email).toMatchObject({ status: 429, details: 'email_limit' })
          }
        }
      }
    })
  })

  describe("the page's hold token", () => {
    beforeEach(async () => {
      await resetAgenda(db)
      await setAgenda(db, { BOOKING_MAX_PER_DAY: 18 })
    })

    it('answers alike whether the owner confirmed, declined, or let the hold lapse', async () => {
      const waiting = await book('192.0.2.30', slot(0), NOW)
      const confirmed = await book('198.51.100.31', slot(2), NOW)
      const declined = await book('203.0.113.32', slot(4), NOW)
      const lapsed = await book('100.64.0.33', slot(6), at(-40))
      await confirm(null, confirmed.answer?.manage_token, at(5))
      await cancel(null, declined.answer?.manage_token, at(5))
      const claim = async (token: unknown, now: number) =>
        (
          await db.transaction(async (tx) => {
            await tx.query(`select set_config('request.headers', '{}', true)`)
            return tx.query<{ kind: string }>(
              'select kind from private.claim_booking_mail_by_token($1, 10, 5)',
              [token],
            )
          })
        ).rows.map((row) => `${row.kind} ${now}`)
      // What the stranger who typed each address can ask with the token the page was given.
      const asked = []
      for (const hold of [waiting, confirmed, declined, lapsed]) {
        // The e-mail function: the owner's invitation is not the stranger's to send early.
        const mails = await claim(hold.answer?.hold_token, 0)
        const given = await cancel('198.51.100.30', hold.answer?.hold_token, at(10))
        asked.push({ mails: mails.filter((mail) => !mail.startsWith('request')), given })
      }
      for (const [n, answer] of asked.entries()) {
        expect(answer).toEqual({
          mails: [],
          given: {
            answer: {
              id: [waiting, confirmed, declined, lapsed][n]?.answer?.id,
              status: 'released',
            },
          },
        })
      }
      // The confirmed meeting is still the owner's.
      const kept = await db.query('select status from public.bookings where id = $1', [
        confirmed.answer?.id,
      ])
      expect(kept.rows).toEqual([{ status: 'confirmed' }])
    })
  })
})
