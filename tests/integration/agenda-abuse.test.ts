/**
 * The agenda against strangers through the real parts (decision 038): two Node servers on one
 * PostgreSQL 15, as behind a load balancer that names each caller's address, a real SMTP
 * server counting what every inbox receives, and a real webhook receiver counting what the
 * team's tools get. Attackers replay exactly what the booking page sends (the booking call,
 * then the e-mail function with the token it answered), alternating servers. Time moves in SQL
 * (a hold's end), never by waiting for it.
 */
import { randomBytes } from 'node:crypto'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { bookingRefusals } from '../../src/content/booking.ts'
import { addressIn, manageTokenIn } from '../support/booking-mail.ts'
import { resetAgenda } from '../support/booking.ts'
import { tableRow, writeHostileSectionAfterAll } from '../support/hostile-table.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import { TEST_SWEEP_SECRET, testSettings } from '../support/test-app.ts'
import { waitFor } from '../support/wait.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts'

const INBOX = 'agenda@aurora.test'
const SITE = 'https://www.aurora.test'

let postgres: PostgresDatabase
let smtp: SmtpCatcher
let crm: WebhookReceiver
let servers: RunningServer[] = []

beforeAll(async () => {
  ;[postgres, smtp, crm] = await Promise.all([
    createPostgresDatabase(),
    startSmtpCatcher(),
    startWebhookReceiver(),
  ])
  const settings = testSettings(
    {
      PORT: '0',
      DATABASE_URL: postgres.url,
      SMTP_URL: smtp.url,
      // The test stands where the load balancer would: it names each caller's address.
      TRUST_PROXY: 'loopback',
      CONTACT_TO: INBOX,
      SITE_URL: SITE,
      MAIL_SWEEP_SECRET: TEST_SWEEP_SECRET,
      WEBHOOK_URLS: `${crm.url}/crm`,
      WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`,
      // The booking rules alone: the calls budget of a /56 and a /48 (decision 058) would
      // refuse these scripts sooner, and tests/integration/prefix-floods.test.ts holds it.
      PUBLIC_CALLS_PER_56_PER_MINUTE: '1000000',
      PUBLIC_CALLS_PER_48_PER_MINUTE: '1000000',
    },
    // Both servers' sweeps run as in production, only faster: whatever they would ever send
    // to an inbox or a receiver, they send during the test.
    { mailSweepIntervalMs: 300, webhookSweepIntervalMs: 300 },
  )
  servers = await Promise.all([startServer(settings), startServer(settings)])
}, 180_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  await Promise.all([postgres?.stop(), smtp?.stop(), crm?.stop()])
})

const db = () => (servers[0] as RunningServer).db
let turn = 0
/** The servers in turn, as a load balancer spreads requests. */
const nextServer = () => servers[(turn += 1) % servers.length] as RunningServer

interface Answer {
  status: number
  body: Record<string, unknown>
  retryAfter: string | null
}

const post = async (path: string, body: unknown, address: string): Promise<Answer> => {
  const response = await fetch(`${nextServer().url}${path}`, {
    method: 'POST',
    headers: {
      apikey: DEV_ANON_KEY,
      'content-type': 'application/json',
      'x-forwarded-for': address,
    },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    retryAfter: response.headers.get('retry-after'),
  }
}

// Read as the visitors would, each from an address of their own: one address asking before
// every booking would spend its own budget of calls (decision 040), which is not under test.
let reads = 0
const freeTimes = async () => {
  reads += 1
  const address = `198.51.100.${(reads % 250) + 1}`
  return (await post('/rest/v1/rpc/booking_free_times', {}, address)).body as { slots: string[] }
}

/** What the booking page sends: the booking, then the e-mail function with its token. */
const bookAsThePage = async (
  address: string,
  startsAt: string,
  fields: { name: string; email: string; note: string },
) => {
  const booked = await post(
    '/rest/v1/rpc/book_meeting',
    {
      starts_at: startsAt,
      ...fields,
      company: null,
      time_zone: 'America/Sao_Paulo',
      form_trap: '',
      // The page's signals, as a script sets them: whatever passes.
      form_elapsed_ms: 41_250,
    },
    address,
  )
  if (booked.status === 200) {
    await post('/functions/v1/send-booking-email', { token: booked.body.hold_token }, address)
  }
  return booked
}

/** Everything due is sent, by the servers' own sweeps (no request of the page needed). */
const allSent = () =>
  waitFor(
    'every due booking e-mail and webhook to be sent',
    async () =>
      (
        await db().query<{ due: number }>(
          `select ((select count(*) from private.booking_messages
                     where sent_at is null and refused_at is null and due_at <= now())
                 + (select count(*) from private.webhook_deliveries where delivered_at is null)
                 )::integer as due`,
        )
      ).rows[0]?.due,
    (due) => due === 0,
    { timeoutMs: 30_000, intervalMs: 200 },
  )

const mailTo = (inbox: (address: string) => boolean) =>
  smtp.messages.filter((mail: ParsedMail) => inbox(addressIn(mail.to) ?? ''))

/**
 * The manage token of the request that reached `email`: a server's sweep may be the one that
 * sends it, a moment after the page's own request was answered.
 */
const tokenInInbox = async (email: string) =>
  manageTokenIn(
    (
      await waitFor(
        `the request to confirm to reach ${email}`,
        () => mailTo((to) => to === email)[0],
        (mail) => mail !== undefined,
        { timeoutMs: 20_000 },
      )
    )?.text ?? '',
  )

/** Hostile inputs and what they got, for docs/hostile-inputs.md. */
const observed: { input: string; answer: string; reaches: string }[] = []

writeHostileSectionAfterAll(
  'The agenda against strangers',
  () => [
    '## The agenda against strangers',
    '',
    'Generated by `tests/integration/agenda-abuse.test.ts`: two Node servers on one PostgreSQL 15,',
    'the callers named by the load balancer, a real SMTP server and webhook receiver counting what',
    'each inbox and tool gets; the rules as SQL on PGlite and PostgreSQL 15 in',
    '`tests/integration/agenda-abuse-sql.test.ts`. Why: [decision 038](decisions/038-agenda-against-strangers.md)',
    'and [059](decisions/059-shares-of-a-few-networks.md).',
    '',
    '| #   | input | answer | what reaches inboxes and tools |',
    '| --- | ----- | ------ | ------------------------------ |',
    ...observed.map((o, n) => tableRow([`A${n + 1}`, o.input, o.answer, o.reaches])),
  ],
  { unless: () => observed.length === 0 },
)

beforeEach(async () => {
  await resetAgenda(db())
  await db().exec('delete from private.blocked_networks; delete from private.booking_requests')
  // The last test waited for everything it caused to be sent: counts start from nothing.
  smtp.messages.length = 0
  crm.received.length = 0
})

describe('an attacker holding one /48', () => {
  it('replaying the page from 40 /64s leaves at least 80% of the free times bookable, and a visitor from another network books', async () => {
    const before = (await freeTimes()).slots
    const answers: Answer[] = []
    // Each /64 books the free times in turn with made-up addresses, three tries each.
    let bot = 0
    for (let subnet = 0; subnet < 40; subnet += 1) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const slots = (await freeTimes()).slots
        bot += 1
        answers.push(
          await bookAsThePage(
            `2001:db8:4800:${subnet.toString(16)}::${attempt + 1}`,
            slots[(bot * 7) % slots.length] ?? '',
            { name: `Robô ${bot}`, email: `bot${bot}@example.com`, note: 'Reserva.' },
          ),
        )
      }
    }
    const taken = answers.filter((answer) => answer.status === 200)
    expect(taken).toHaveLength(2)
    const refusals = new Set(answers.map((answer) => String(answer.body.details)))
    expect(refusals).toEqual(new Set(['undefined', 'network_holds']))
    const after = (await freeTimes()).slots
    const kept = after.length / before.length
    expect(kept).toBeGreaterThanOrEqual(0.8)

    // A visitor from another network books one of them, and confirms from the inbox.
    const visitorEmail = 'pessoa.real@example.com'
    const booked = await bookAsThePage('198.51.100.77', after[5] ?? '', {
      name: 'Pessoa Real',
      email: visitorEmail,
      note: 'Quero um aplicativo.',
    })
    expect(booked.status).toBe(200)
    const confirmed = await post(
      '/rest/v1/rpc/confirm_booking',
      { token: await tokenInInbox(visitorEmail) },
      '198.51.100.77',
    )
    expect(confirmed.body).toMatchObject({ status: 'confirmed' })

    // Nobody confirms the attacker's holds: their time passes and the slots are offered again.
    await db().query(
      `update public.bookings set hold_until = now() - interval '1 second'
        where status = 'pending' and client_network = '2001:db8:4800::/48'`,
    )
    // All but the visitor's time and the neighbours its buffer keeps free, once the free times
    // each server keeps for a second (decision 040) are read again.
    await waitFor(
      'the expired holds to be offered again',
      async () => (await freeTimes()).slots.length,
      (count) => count >= before.length - 3,
      { timeoutMs: 20_000 },
    )
    // The same /48 comes back at once: two more holds, then its day's six are spent.
    const again: Answer[] = []
    for (let subnet = 40; subnet < 60; subnet += 1) {
      const slots = (await freeTimes()).slots
      again.push(
        await bookAsThePage(`2001:db8:4800:${subnet.toString(16)}::1`, slots[subnet] ?? '', {
          name: 'Robô',
          email: `volta${subnet}@example.com`,
          note: 'De novo.',
        }),
      )
      if (again.filter((answer) => answer.status === 200).length === 2) {
        await db().query(
          `update public.bookings set hold_until = now() - interval '1 second'
            where status = 'pending' and client_network = '2001:db8:4800::/48'`,
        )
      }
    }
    expect(again.filter((answer) => answer.status === 200)).toHaveLength(4)
    expect(again.at(-1)?.body).toMatchObject({
      details: 'network_limit',
      message: bookingRefusals.network_limit,
    })
    expect(Number(again.at(-1)?.retryAfter)).toBeGreaterThan(23 * 3600)

    await allSent()
    // The strangers' made-up inboxes got a request each, the company and its tools nothing.
    expect(mailTo((to) => to === INBOX)).toHaveLength(1)
    expect(crm.received).toHaveLength(1)
    observed.push({
      input: '40 /64s of one /48 book every free time, three tries each, as the page does',
      answer: `2 held (\`network_holds\` 429 for the rest, Retry-After 1800); ${Math.round(kept * 100)}% of the free times still offered; a visitor of another network books`,
      reaches: 'one request to each made-up address; nothing to the company or its tools',
    })
    observed.push({
      input: 'the same /48 again once its holds have expired',
      answer: '2 more, then 2 more: 6 in 24 h, then `network_limit` 429, Retry-After ~24 h',
      reaches: 'one request each',
    })
  }, 180_000)
})

describe('the mail cannon', () => {
  it("lets strangers on any number of networks cause a victim's inbox three requests a day, none with their words, and the company nothing", async () => {
    // One Gmail inbox, however its address is written (Gmail ignores dots and a +tag).
    const victim = (to: string) =>
      /^vitimaalvo@(gmail|googlemail)\.com$/.test(
        to
          .toLowerCase()
          .replace(/\+[^@]*@/, '@')
          .replace(/\.(?=[^@]*@)/g, ''),
      )
    const spellings = [
      'vitima.alvo@gmail.com',
      'Vitima.Alvo+reuniao@gmail.com',
      'v.i.t.i.m.a.alvo@googlemail.com',
      'VITIMAALVO@GMAIL.COM',
    ]
    const attackerName = 'Seu banco: acesse https://golpe.example/conta'
    const attackerNote = `Sua conta será bloqueada. ${'https://golpe.example '.repeat(45)}`.slice(
      0,
      1000,
    )
    const networks = [
      ...Array.from({ length: 12 }, (_, n) => `2001:db8:${(0x5100 + n).toString(16)}::1`),
      ...Array.from({ length: 12 }, (_, n) => `203.0.${100 + n}.9`),
    ]
    const outcomes: Answer[] = []
    for (let round = 0; round < 3; round += 1) {
      for (const [n, address] of networks.entries()) {
        const slots = (await freeTimes()).slots
        const booked = await bookAsThePage(address, slots[(n * 5 + round) % slots.length] ?? '', {
          name: attackerName,
          email: spellings[(n + round) % spellings.length] ?? '',
          note: attackerNote,
        })
        outcomes.push(booked)
        if (booked.status !== 200) continue
        const hold = booked.body.hold_token
        // Move five times, then cancel, with what the page was given: only the give-up works.
        for (let move = 0; move < 5; move += 1) {
          const moved = await post(
            '/rest/v1/rpc/reschedule_booking',
            { token: hold, starts_at: slots[move + 10] },
            address,
          )
          expect(moved.body).toMatchObject({ details: 'not_found' })
        }
        const cancelled = await post('/rest/v1/rpc/cancel_booking', { token: hold }, address)
        expect(cancelled.body).toMatchObject({ status: 'released' })
        await post('/functions/v1/send-booking-email', { token: hold }, address)
      }
    }
    await allSent()
    const received = mailTo(victim)
    // Three requests at most, whatever happened to them: a hold given up before its request
    // left drops it (its row goes, sent or being sent), so the rows say at most what arrived.
    const sent = await db().query(
      `select 1 from private.booking_messages m join public.bookings b on b.id = m.booking_id
        where m.kind = 'request' and m.sent_at is not null
          and private.mail_recipient_key(b.email) = 'vitimaalvo@gmail.com'`,
    )
    expect(received.length).toBeLessThanOrEqual(3)
    expect(received.length).toBeGreaterThanOrEqual(Math.max(1, sent.rows.length))
    for (const mail of received) {
      expect(mail.subject).toMatch(/^Confirme sua consultoria: /)
      const everything = [mail.subject, mail.text, String(mail.html), JSON.stringify(mail.to)]
      expect(everything.join('\n')).not.toContain('golpe.example')
      expect(everything.join('\n')).not.toContain('Seu banco')
    }
    expect(outcomes.filter((outcome) => outcome.status === 200)).toHaveLength(3)
    const refused = outcomes.filter((outcome) => outcome.status !== 200)
    expect(new Set(refused.map((outcome) => outcome.body.details))).toEqual(
      new Set(['email_limit']),
    )
    expect(refused[0]?.retryAfter).toBeNull()
    expect(mailTo((to) => to === INBOX)).toHaveLength(0)
    expect(crm.received).toHaveLength(0)
    observed.push({
      input:
        "24 networks (IPv6 /48s, IPv4 /24s) book with a victim's address in four spellings (case, `+tag`, Gmail's dots), a phishing name and a 1000-character note, try five moves and a cancel each, three rounds",
      answer:
        "3 holds, each given up at once with the page's token; moves `not_found` (the page holds no manage token); then `email_limit` 429 without Retry-After (the inbox's limit, not the caller's)",
      reaches:
        "the victim: at most 3 requests a day (fewer when one is given up before it leaves), with the company's words only; the company: 0; the webhook receivers: 0",
    })
  }, 180_000)

  it('lets the inbox owner confirm, and only then tells the company and its tools, once', async () => {
    const owner = 'dona.do.email@example.com'
    const slot = (await freeTimes()).slots[3] ?? ''
    const booked = await bookAsThePage('198.51.100.90', slot, {
      name: 'Dona do E-mail',
      email: owner,
      note: 'Quero conversar.',
    })
    expect(booked.status).toBe(200)
    const token = await tokenInInbox(owner)
    const confirmed = await post('/rest/v1/rpc/confirm_booking', { token }, '2001:db8:9999::1')
    expect(confirmed.body).toMatchObject({ status: 'confirmed' })
    await post('/functions/v1/send-booking-email', { token }, '2001:db8:9999::1')
    await waitFor(
      'booking.created at the receiver',
      () => crm.received.length,
      (count) => count === 1,
      { timeoutMs: 20_000 },
    )
    await allSent()
    expect(mailTo((to) => to === owner).map((mail) => mail.subject?.split(':')[0])).toEqual([
      'Confirme sua consultoria',
      'Consultoria confirmada',
    ])
    expect(mailTo((to) => to === INBOX)).toHaveLength(1)
    expect(JSON.parse(crm.received[0]?.body ?? '{}')).toMatchObject({ type: 'booking.created' })
  }, 120_000)
})

describe('a network the company blocked', () => {
  it('is refused by every server, for the booking calls and the contact form, and nobody else is', async () => {
    await db().query(`select private.block_network('2001:db8:bad::/48', 'teste')`)
    const inside = '2001:db8:bad:7::2'
    const slot = (await freeTimes()).slots[0] ?? ''
    for (let n = 0; n < servers.length; n += 1) {
      const refused = await bookAsThePage(inside, slot, {
        name: 'Robô',
        email: `bloqueado${n}@example.com`,
        note: 'x',
      })
      expect(refused).toMatchObject({
        status: 403,
        body: { details: 'network_blocked', message: bookingRefusals.network_blocked },
      })
    }
    const words =
      'Não é possível enviar mensagens a partir desta rede. Fale com a gente por e-mail ou telefone.'
    const inserted = await post(
      '/rest/v1/contact_submissions',
      { name: 'Robô', email: 'bloqueado@example.com', message: 'Oi', form_elapsed_ms: 60_000 },
      inside,
    )
    expect(inserted).toMatchObject({ status: 403, body: { code: 'PT403', message: words } })
    const stored = await db().query(
      `select 1 from public.contact_submissions where email like 'bloqueado%'
       union all select 1 from private.quarantined_submissions where email like 'bloqueado%'`,
    )
    expect(stored.rows).toEqual([])
    // Another network books and writes as always.
    expect(
      (
        await bookAsThePage('2001:db8:bae::2', slot, {
          name: 'Vizinha',
          email: 'vizinha@example.com',
          note: 'Oi.',
        })
      ).status,
    ).toBe(200)
    observed.push({
      input:
        'a caller in a network the desk blocked books, or sends the contact form, on either server',
      answer: '403 `network_blocked` / `PT403`, in words that point to e-mail and phone',
      reaches: 'nothing stored, nothing quarantined, nothing sent',
    })
  }, 60_000)
})

// ---------------------------------------------------------------------------------------------
// Decision 059: several networks, late confirmations, inbox aliases, the hold token, NUL.

describe('several networks and late confirmations', () => {
  it("stops the contact form from 101 /64s of one /56 at the home's limit, on both servers alike", async () => {
    await db().exec('delete from private.submission_counts')
    const answers: Answer[] = []
    for (let n = 0; n < 101; n += 1) {
      answers.push(
        await post(
          '/rest/v1/contact_submissions',
          {
            name: 'Robô',
            email: `lead${n}@example.com`,
            message: `Orçamento ${n}`,
            form_elapsed_ms: 60_000,
          },
          `2001:db8:5656:${n.toString(16)}::7`,
        ),
      )
    }
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(20)
    const refused = answers.filter((answer) => answer.status !== 201)
    expect(
      new Set(refused.map((answer) => `${answer.status} ${String(answer.body.message)}`)),
    ).toEqual(
      new Set(['429 Muitas mensagens enviadas deste endereço. Tente novamente em alguns minutos.']),
    )
    expect(Number(refused[0]?.retryAfter)).toBeGreaterThan(0)
    const stored = await db().query(
      `select 1 from public.contact_submissions where email like 'lead%'`,
    )
    expect(stored.rows).toHaveLength(20)
    observed.push({
      input: 'the contact form from 101 /64s of one /56, as fast as the servers answer',
      answer:
        "20 stored (`RATE_LIMIT_PER_HOME`), then 429 `PT429` in the address limit's words with Retry-After; a /48 stops at 60 (`RATE_LIMIT_PER_NETWORK`)",
      reaches: "the company: the 20 leads it stored (their alerts are the alert digest's to bound)",
    })
  }, 120_000)

  it("refuses late confirmations past the network's meetings to come, and nothing of them reaches anyone", async () => {
    // One /24 holds twelve times over two days, two at a time, never confirming in time.
    const slots = (await freeTimes()).slots
    const held: { email: string; token: string }[] = []
    for (let n = 0; n < 12; n += 1) {
      const email = `tardio.${n}@example.com`
      const booked = await bookAsThePage(`203.0.113.${n + 10}`, slots[n * 12] ?? '', {
        name: 'Tardio',
        email,
        note: 'Confirmo depois.',
      })
      expect(booked.status, `hold ${n}`).toBe(200)
      held.push({ email, token: (await tokenInInbox(email)) ?? '' })
      if (n % 2 === 1) {
        // Half an hour passes: both holds lapse.
        await db().query(
          `update public.bookings set hold_until = now() - interval '1 second'
            where status = 'pending' and client_network = '203.0.113.0/24'`,
        )
      }
      if (n === 5) {
        // A day passes for the network's daily count.
        await db().query(
          `update public.bookings set created_at = created_at - interval '25 hours'
            where client_network = '203.0.113.0/24'`,
        )
      }
    }
    await allSent()
    smtp.messages.length = 0
    crm.received.length = 0
    // Then every one is confirmed from its inbox, late.
    const answers: Answer[] = []
    for (const { token } of held) {
      answers.push(await post('/rest/v1/rpc/confirm_booking', { token }, '198.51.100.200'))
    }
    expect(answers.map((answer) => answer.body.status ?? answer.body.details)).toEqual([
      ...Array(6).fill('confirmed'),
      ...Array(6).fill('network_upcoming'),
    ])
    expect(answers.at(-1)).toMatchObject({
      status: 409,
      body: { message: bookingRefusals.network_upcoming },
    })
    await allSent()
    const invited = held.filter(({ email }) => mailTo((to) => to === email).length > 0)
    expect(invited.map(({ email }) => email)).toEqual(held.slice(0, 6).map(({ email }) => email))
    expect(mailTo((to) => to === INBOX)).toHaveLength(6)
    expect(crm.received).toHaveLength(6)
    observed.push({
      input:
        'one /24 holds twelve times over two days, letting each pair lapse, then confirms all twelve late from their inboxes',
      answer:
        '6 confirmed, then 409 `network_upcoming` ("Já há muitas reuniões marcadas a partir desta rede…") for each of the rest',
      reaches: '6 invitations, 6 company copies, 6 webhooks; nothing for the refused six',
    })
  }, 180_000)
})

describe('one inbox under its aliases, and the hold token', () => {
  it("sends an iCloud inbox three requests a day however its domain is written, and tells the stranger nothing of the owner's answer", async () => {
    const spellings = ['dona@icloud.com', 'Dona@me.com', 'dona+x@mac.com', 'dona@me.com']
    const holds: string[] = []
    const answers: Answer[] = []
    for (const [n, email] of spellings.entries()) {
      const slots = (await freeTimes()).slots
      const booked = await bookAsThePage(
        `2001:db8:${(0x7100 + n).toString(16)}::1`,
        slots[n * 3] ?? '',
        {
          name: 'Estranho',
          email,
          note: 'Reunião.',
        },
      )
      answers.push(booked)
      if (booked.status === 200) holds.push(String(booked.body.hold_token))
    }
    expect(answers.map((answer) => answer.body.status ?? answer.body.details)).toEqual([
      'pending',
      'email_pending',
      'email_pending',
      'email_pending',
    ])
    // The owner confirms the one that reached the inbox; the stranger asks with the page's token.
    const token = await tokenInInbox('dona@icloud.com')
    expect((await post('/rest/v1/rpc/confirm_booking', { token }, '192.0.2.44')).body.status).toBe(
      'confirmed',
    )
    const asMail = await post(
      '/functions/v1/send-booking-email',
      { token: holds[0] },
      '2001:db8:7100::1',
    )
    const asGiveUp = await post(
      '/rest/v1/rpc/cancel_booking',
      { token: holds[0] },
      '2001:db8:7100::1',
    )
    // A hold nobody confirmed, asked the same two things.
    const slots = (await freeTimes()).slots
    const other = await bookAsThePage('2001:db8:7200::1', slots[40] ?? '', {
      name: 'Estranho',
      email: 'outra.pessoa@example.com',
      note: 'Reunião.',
    })
    await db().query(
      `update public.bookings set hold_until = now() - interval '1 second' where status = 'pending'`,
    )
    const lapsedMail = await post(
      '/functions/v1/send-booking-email',
      { token: other.body.hold_token },
      '2001:db8:7200::1',
    )
    const lapsedGiveUp = await post(
      '/rest/v1/rpc/cancel_booking',
      { token: other.body.hold_token },
      '2001:db8:7200::1',
    )
    expect([asMail.status, asMail.body]).toEqual([lapsedMail.status, lapsedMail.body])
    expect(asMail.body).toEqual({ ok: true, status: 'nothing_due' })
    expect({ ...asGiveUp.body, id: null }).toEqual({ ...lapsedGiveUp.body, id: null })
    expect(asGiveUp.body).toMatchObject({ status: 'released' })
    const meeting = await db().query(
      `select status from public.bookings where private.mail_recipient_key(email) = 'dona@icloud.com'`,
    )
    expect(meeting.rows).toEqual([{ status: 'confirmed' }])
    observed.push({
      input:
        "strangers on four networks book with one iCloud inbox as `icloud.com`, `me.com`, `mac.com` (Proton's four domains and Fastmail's `any@user.fastmail.com` alike, in `agenda-abuse-sql.test.ts`)",
      answer: 'one hold, then `email_pending` 409: one inbox',
      reaches: 'the inbox: one request',
    })
    observed.push({
      input:
        "the stranger who typed the owner's address gives the hold up and asks for its e-mails with the page's token after the owner confirmed",
      answer:
        '`{ "status": "released" }` and `nothing_due`, exactly as for a hold nobody confirmed; the meeting stays confirmed',
      reaches: "nothing early: the invitation leaves with the owner's confirmation",
    })
  }, 120_000)

  it("takes a NUL in the time zone as any zone that is no IANA name, and one in the name in the name's words", async () => {
    const slots = (await freeTimes()).slots
    const fields = {
      starts_at: slots[7],
      name: 'Ana Souza',
      email: 'ana.nul@example.com',
      company: null,
      note: 'Oi.',
      time_zone: 'America/Manaus\u0000',
      form_trap: '',
      form_elapsed_ms: 41_250,
    }
    const zoned = await post('/rest/v1/rpc/book_meeting', fields, '192.0.2.60')
    expect(zoned.status).toBe(200)
    expect(zoned.body.time_zone).toBe(zoned.body.company_time_zone)
    const named = await post(
      '/rest/v1/rpc/book_meeting',
      { ...fields, name: 'Ana\u0000', email: 'ana.nul2@example.com' },
      '192.0.2.61',
    )
    expect(named).toMatchObject({
      status: 400,
      body: {
        code: '23514',
        message: 'O nome não pode ter quebras de linha nem caracteres de controle.',
      },
    })
    observed.push({
      input:
        'a booking whose `time_zone` holds a NUL (or a lone surrogate), or whose name, note or e-mail does',
      answer:
        "the zone: the company's, as any zone that is no IANA name; a field: 400 `23514` in that field's words (it was 400 `22P05`, PostgreSQL's English)",
      reaches: "the booking, on the company's clock; nothing for a refused one",
    })
  }, 60_000)
})
