// The agenda against strangers (decision 038, DESIGN.md's "Abuse" numbers), from one run:
// 1. a one-/48 attacker replaying what the booking page sends (the free times, the booking,
//    the e-mail function with the token it answered) from 40 /64s, every half hour of a whole
//    day (48 rounds; between rounds the holds nobody confirmed reach their end, in SQL): the
//    share of the free times and of the day's meetings still bookable at the attack's worst
//    moment, against the same agenda before the attack, and whether a visitor of another
//    network then books;
// 2. the mail cannon: strangers on 200 networks (100 IPv6 /48s, 100 IPv4 /24s) booking with one
//    victim's address in four spellings, trying five moves and a cancel each, three rounds:
//    what the victim's inbox, the company's inbox and a webhook receiver get, counted by a real
//    SMTP server and HTTP receiver once every sweep has run;
// 4. attackers holding k /48s (k = 1, 5, 18, 25; all in one provider's /32, or each in a /32 of
//    its own), replaying the page from several /64s of each for one hold period: the free times
//    and meetings still bookable, against the same agenda before, and whether a visitor of
//    another network then books (decision 059);
// 5. one /56 sending the contact form from 101 /64s, and one /48 from 101 /56s, as fast as the
//    server answers: how many leads get through, against 101 unrelated networks in the same run;
// 3. an honest visitor's friction, in Chromium on a phone with the CPU 4× slower and Lighthouse's
//    mobile network (150 ms, 1.6 Mb/s down): the booking itself (load /agendar, pick, type,
//    send, the time held) against the step it adds (open the e-mail's link with nothing cached,
//    tap "Confirmar reunião", confirmed), interleaved round by round, medians and their ratio,
//    with the bytes each moves.
// Parts 1, 2, 4 and 5 run on PGlite, and on two servers sharing a PostgreSQL 15 with
// BENCH_POSTGRES=1. Run: npm run bench:agenda-abuse [-- rounds]   (default 5 rounds of part 3;
// BENCH_PARTS=3 for part 3 alone, BENCH_PARTS=4,5 for the several networks)
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Browser } from 'playwright-core'
import { buildIfNeeded } from '../scripts/build-if-needed.js'
import type { Database } from '../server/db/database.ts'
import { DEV_ANON_KEY } from '../server/settings.ts'
import { startServer, type RunningServer } from '../server/start-server.ts'
import { addressIn, manageTokenIn } from '../tests/support/booking-mail.ts'
import { launchChromium } from '../tests/support/browser/chromium.ts'
import { PHONE } from '../tests/support/browser/devices.ts'
import { startPostgresServer, type PostgresServer } from '../tests/support/postgres-server.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../tests/support/smtp-catcher.ts'
import { TEST_SWEEP_SECRET, testSettings } from '../tests/support/test-app.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../tests/support/webhook-receiver.ts'
import { median, spawnServer } from './spawn-server.ts'

const rounds = Number(process.argv[2] ?? 5)
const INBOX = 'agenda@aurora.test'
const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`

interface Answer {
  status: number
  body: Record<string, unknown>
}

/** Parts 1 and 2: the servers (two on PostgreSQL, one on PGlite), their SMTP and receiver. */
interface Stage {
  name: string
  servers: RunningServer[]
  db: Database
  smtp: SmtpCatcher
  crm: WebhookReceiver
  stop(): Promise<void>
}

const startStage = async (onPostgres: boolean): Promise<Stage> => {
  const [smtp, crm] = await Promise.all([startSmtpCatcher(), startWebhookReceiver()])
  let postgres: PostgresServer | undefined
  let dataDir: string | undefined
  const env: Record<string, string> = {
    PORT: '0',
    SMTP_URL: smtp.url,
    TRUST_PROXY: 'loopback',
    CONTACT_TO: INBOX,
    SITE_URL: 'https://www.aurora.test',
    MAIL_SWEEP_SECRET: TEST_SWEEP_SECRET,
    WEBHOOK_URLS: `${crm.url}/crm`,
    WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`,
  }
  if (onPostgres) {
    postgres = await startPostgresServer()
    env.DATABASE_URL = postgres.url
  } else {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bench-abuse-'))
    env.DATA_DIR = dataDir
  }
  const settings = testSettings(env, { mailSweepIntervalMs: 500, webhookSweepIntervalMs: 500 })
  const servers = onPostgres
    ? await Promise.all([startServer(settings), startServer(settings)])
    : [await startServer(settings)]
  return {
    name: onPostgres ? 'two servers on PostgreSQL 15' : 'PGlite',
    servers,
    db: (servers[0] as RunningServer).db,
    smtp,
    crm,
    async stop() {
      await Promise.all(servers.map((server) => server.stop()))
      await Promise.all([smtp.stop(), crm.stop(), postgres?.stop()])
      if (dataDir) await rm(dataDir, { recursive: true, force: true })
    },
  }
}

let turn = 0
const call = async (stage: Stage, route: string, body: unknown, address: string) => {
  turn += 1
  const server = stage.servers[turn % stage.servers.length] as RunningServer
  const response = await fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: {
      apikey: DEV_ANON_KEY,
      'content-type': 'application/json',
      'x-forwarded-for': address,
    },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : {} } as Answer
}

// Read as the visitors would, each from a network of its own: one address asking before every
// booking would spend its own budget of calls (decision 040), which is not under test.
let reads = 0
const freeSlots = async (stage: Stage) => {
  reads += 1
  const reader = `2001:${(0xa000 + (reads % 0x1000)).toString(16)}::9`
  return ((await call(stage, '/rest/v1/rpc/booking_free_times', {}, reader)).body.slots ??
    []) as string[]
}

/** Meetings the agenda can still take: per day with a free time, its maximum minus what holds it. */
const bookableMeetings = async (stage: Stage) =>
  Number(
    (
      await stage.db.query<{ n: string }>(
        `with days as (
           select distinct (f.starts_at at time zone s.time_zone)::date as day, s.max_per_day
             from private.free_slots(now()) f, private.booking_settings s)
         select coalesce(sum(d.max_per_day - (
           select count(*) from public.bookings b, private.booking_settings s
            where (b.starts_at at time zone s.time_zone)::date = d.day
              and b.status <> 'cancelled'
              and (b.status <> 'pending' or b.hold_until > now()))), 0) as n
           from days d`,
      )
    ).rows[0]?.n,
  )

/** What the page sends to book: the booking, then the e-mail function with its token. */
const bookAsThePage = async (
  stage: Stage,
  address: string,
  startsAt: string,
  fields: { name: string; email: string; note: string },
) => {
  const booked = await call(
    stage,
    '/rest/v1/rpc/book_meeting',
    {
      starts_at: startsAt,
      ...fields,
      company: null,
      time_zone: 'America/Sao_Paulo',
      form_trap: '',
      form_elapsed_ms: 41_250,
    },
    address,
  )
  if (booked.status === 200) {
    await call(
      stage,
      '/functions/v1/send-booking-email',
      { token: booked.body.hold_token },
      address,
    )
  }
  return booked
}

/** Lets every sweep send what is due (or give up for now) before counting. */
const settle = async (stage: Stage) => {
  for (let waited = 0; waited < 60_000; waited += 250) {
    const { rows } = await stage.db.query<{ due: string }>(
      `select ((select count(*) from private.booking_messages
                 where sent_at is null and refused_at is null and due_at <= now())
             + (select count(*) from private.webhook_deliveries where delivered_at is null)) as due`,
    )
    if (Number(rows[0]?.due) === 0) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const resetStage = async (stage: Stage) => {
  await stage.db.exec(`
    delete from public.contact_submissions where notified_via = 'booking';
    delete from private.booking_requests;
    delete from private.blocked_networks;`)
  stage.smtp.messages.length = 0
  stage.crm.received.length = 0
}

async function attackerOfOneSlash48(stage: Stage) {
  await resetStage(stage)
  const before = (await freeSlots(stage)).length
  const meetingsBefore = await bookableMeetings(stage)
  let worstSlots = before
  let worstMeetings = meetingsBefore
  const answers = new Map<string, number>()
  let held = 0
  let attempts = 0
  let visitorBooked = false
  const started = performance.now()
  for (let round = 0; round < 48; round += 1) {
    for (let subnet = 0; subnet < 40; subnet += 1) {
      const slots = await freeSlots(stage)
      attempts += 1
      const answer = await bookAsThePage(
        stage,
        `2001:db8:4800:${(round * 40 + subnet).toString(16)}::1`,
        slots[(attempts * 7) % Math.max(1, slots.length)] ?? '',
        { name: `Robô ${attempts}`, email: `bot${attempts}@example.com`, note: 'Reserva.' },
      )
      // A refusal of the database names its reason in `details`; the call budget's 429 (the
      // /48's calls a minute, decision 058) answers before the database and names none.
      const reason =
        answer.status === 200
          ? 'held'
          : String(
              answer.body.details ?? `${answer.status} ${String(answer.body.code ?? '')}`.trim(),
            )
      answers.set(reason, (answers.get(reason) ?? 0) + 1)
      if (answer.status === 200) held += 1
    }
    worstSlots = Math.min(worstSlots, (await freeSlots(stage)).length)
    worstMeetings = Math.min(worstMeetings, await bookableMeetings(stage))
    if (round === 0) {
      // A visitor of another network while the attacker holds all it can.
      const slots = await freeSlots(stage)
      const visitor = await bookAsThePage(stage, '198.51.100.77', slots[3] ?? '', {
        name: 'Pessoa Real',
        email: 'pessoa.real@example.com',
        note: 'Quero um aplicativo.',
      })
      visitorBooked = visitor.status === 200
      // Given up again at once, so the figures above measure the attacker alone.
      await call(
        stage,
        '/rest/v1/rpc/cancel_booking',
        { token: visitor.body.hold_token },
        '198.51.100.77',
      )
    }
    // Half an hour passes: nobody confirms the attacker's holds.
    await stage.db.query(
      `update public.bookings set hold_until = now() - interval '1 second'
        where status = 'pending' and client_network = '2001:db8:4800::/48'`,
    )
  }
  const seconds = (performance.now() - started) / 1000
  console.log(`\n1. One /48, 40 /64s a round, 48 rounds (a day of half hours) on ${stage.name}`)
  console.log(
    `   ${attempts} bookings sent in ${seconds.toFixed(0)} s; held: ${held} (at most 2 at once, 6 a day)`,
  )
  console.log(`   answers: ${[...answers].map(([k, v]) => `${k} ${v}`).join(', ')}`)
  console.log(
    `   free times at the worst moment: ${worstSlots} of ${before} (${pct(worstSlots, before)})`,
  )
  console.log(
    `   meetings still bookable at the worst moment: ${worstMeetings} of ${meetingsBefore} (${pct(worstMeetings, meetingsBefore)})`,
  )
  console.log(
    `   a visitor of another network books while the attacker holds all it can: ${visitorBooked}`,
  )
}

async function mailCannon(stage: Stage) {
  await resetStage(stage)
  const spellings = [
    'vitima.alvo@gmail.com',
    'Vitima.Alvo+reuniao@gmail.com',
    'v.i.t.i.m.a.alvo@googlemail.com',
    'VITIMAALVO@GMAIL.COM',
  ]
  const networks = [
    ...Array.from({ length: 100 }, (_, n) => `2001:db8:${(0x6000 + n).toString(16)}::1`),
    ...Array.from({ length: 100 }, (_, n) => `198.18.${n}.9`),
  ]
  const outcomes = new Map<string, number>()
  let requests = 0
  const started = performance.now()
  for (let round = 0; round < 3; round += 1) {
    for (const [n, address] of networks.entries()) {
      const slots = await freeSlots(stage)
      const booked = await bookAsThePage(
        stage,
        address,
        slots[(n * 5 + round) % slots.length] ?? '',
        {
          name: 'Seu banco: acesse https://golpe.example/conta',
          email: spellings[(n + round) % spellings.length] ?? '',
          note: 'Sua conta será bloqueada. '.repeat(38),
        },
      )
      requests += 1
      const reason = booked.status === 200 ? 'held' : String(booked.body.details)
      outcomes.set(reason, (outcomes.get(reason) ?? 0) + 1)
      if (booked.status !== 200) continue
      const token = booked.body.hold_token
      for (let move = 0; move < 5; move += 1) {
        requests += 1
        await call(
          stage,
          '/rest/v1/rpc/reschedule_booking',
          { token, starts_at: slots[move] },
          address,
        )
      }
      requests += 1
      await call(stage, '/rest/v1/rpc/cancel_booking', { token }, address)
    }
  }
  const seconds = (performance.now() - started) / 1000
  await settle(stage)
  const toVictim = stage.smtp.messages.filter((mail) =>
    /^vitimaalvo@(gmail|googlemail)\.com$/.test(
      (addressIn(mail.to) ?? '')
        .toLowerCase()
        .replace(/\+[^@]*@/, '@')
        .replace(/\.(?=[^@]*@)/g, ''),
    ),
  )
  const words = toVictim.some((mail) => `${mail.subject} ${mail.text}`.includes('golpe'))
  console.log(`\n2. The mail cannon: 200 networks, 3 rounds, on ${stage.name}`)
  console.log(
    `   ${requests} requests in ${seconds.toFixed(0)} s; bookings: ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}`,
  )
  console.log(
    `   the victim's inbox received ${toVictim.length} e-mail(s) (at most 3 a day), the stranger's words in any: ${words}`,
  )
  console.log(
    `   the company's inbox: ${stage.smtp.messages.filter((mail) => addressIn(mail.to) === INBOX).length}; the webhook receiver: ${stage.crm.received.length} post(s)`,
  )
}

/**
 * Part 4: k /48s, each replaying the page from four /64s of its own as fast as it can, one hold
 * period: what is still bookable at its end, the holds uncounted. The /48s lie in one provider's
 * /32 (a tunnel broker's customer, a cloud's), or each in a /32 of its own (k providers).
 */
async function attackersOfSeveralSlash48s(stage: Stage) {
  console.log(`\n4. k /48s, four /64s each, one hold period, on ${stage.name}`)
  console.log(
    '   k  | providers | held | free times left      | meetings bookable | a visitor books',
  )
  for (const k of [1, 5, 18, 25]) {
    for (const spread of ['one', 'k'] as const) {
      await resetStage(stage)
      const before = (await freeSlots(stage)).length
      const meetingsBefore = await bookableMeetings(stage)
      let held = 0
      let attempts = 0
      for (let network = 0; network < k; network += 1) {
        const prefix =
          spread === 'one'
            ? `2001:db8:${(0x9000 + network).toString(16)}`
            : `2001:${(0x6000 + network).toString(16)}:1`
        for (let subnet = 0; subnet < 4; subnet += 1) {
          const slots = await freeSlots(stage)
          attempts += 1
          const answer = await bookAsThePage(
            stage,
            `${prefix}:${subnet.toString(16)}::1`,
            slots[(attempts * 7) % Math.max(1, slots.length)] ?? '',
            { name: `Robô ${attempts}`, email: `rede${attempts}@example.com`, note: 'Reserva.' },
          )
          if (answer.status === 200) held += 1
        }
      }
      const left = (await freeSlots(stage)).length
      const meetings = await bookableMeetings(stage)
      const slots = await freeSlots(stage)
      const visitor = await bookAsThePage(stage, '198.51.100.78', slots[0] ?? '', {
        name: 'Pessoa Real',
        email: `pessoa.${k}.${spread}@example.com`,
        note: 'Quero um aplicativo.',
      })
      console.log(
        `   ${String(k).padStart(2)} | ${spread === 'one' ? 'one /32  ' : `${String(k).padStart(2)} /32s  `} | ${String(held).padStart(4)} | ${`${left} of ${before} (${pct(left, before)})`.padEnd(20)} | ${`${meetings} of ${meetingsBefore}`.padEnd(17)} | ${visitor.status === 200}`,
      )
    }
  }
}

/** Part 5: leads from one /56 and one /48 against leads from as many unrelated networks. */
async function leadsFromOneNetwork(stage: Stage) {
  const send = async (addresses: string[]) => {
    await stage.db.exec('delete from private.submission_counts')
    let stored = 0
    const started = performance.now()
    for (const [n, address] of addresses.entries()) {
      const answer = await call(
        stage,
        '/rest/v1/contact_submissions',
        {
          name: 'Robô',
          email: `lead${n}@example.com`,
          message: `Orçamento ${n}`,
          form_elapsed_ms: 60_000,
        },
        address,
      )
      if (answer.status === 201) stored += 1
    }
    return { stored, seconds: (performance.now() - started) / 1000 }
  }
  const hex = (n: number) => n.toString(16)
  const cases: [string, string[]][] = [
    [
      '101 unrelated networks (the reference)',
      Array.from({ length: 101 }, (_, n) => `2001:${hex(0x7000 + n)}:1::1`),
    ],
    ['one /64', Array.from({ length: 101 }, (_, n) => `2001:db8:a0::${hex(n + 1)}`)],
    ['101 /64s of one /56', Array.from({ length: 101 }, (_, n) => `2001:db8:a1:${hex(n)}::1`)],
    [
      '101 /56s of one /48',
      Array.from({ length: 101 }, (_, n) => `2001:db8:a2:${hex(n * 0x100)}::1`),
    ],
    ['101 addresses of one IPv4 /24', Array.from({ length: 101 }, (_, n) => `203.0.113.${n + 1}`)],
  ]
  console.log(`\n5. The contact form, 101 leads as fast as the server answers, on ${stage.name}`)
  for (const [name, addresses] of cases) {
    await stage.db.exec(
      `delete from public.contact_submissions where email like 'lead%@example.com'`,
    )
    const { stored, seconds } = await send(addresses)
    console.log(`   from ${name}: ${stored} of 101 stored in ${seconds.toFixed(1)} s`)
  }
}

/** Part 3: one honest visitor's booking and the step confirming adds, on a throttled phone. */
interface Journey {
  ms: number
  bytes: number
  requests: number
}

const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}

const throttled = async (browser: Browser) => {
  const context = await browser.newContext({ ...PHONE, timezoneId: 'America/Sao_Paulo' })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', NETWORK)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  let bytes = 0
  let requests = 0
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength
    requests += 1
  })
  return {
    page,
    measured: () => ({ bytes, requests }),
    close: () => context.close(),
  }
}

const book = async (browser: Browser, base: string, email: string, n: number) => {
  const { page, measured, close } = await throttled(browser)
  const started = performance.now()
  await page.goto(`${base}/agendar`)
  const day = page.getByRole('group', { name: 'Escolha o dia' }).getByRole('radio')
  await day
    .nth(1 + (n % 5))
    .locator('xpath=ancestor::label[1]')
    .tap()
  const time = page.getByRole('group', { name: 'Escolha o horário' }).getByRole('radio')
  await time
    .nth(n % 3)
    .locator('xpath=ancestor::label[1]')
    .tap()
  await page.getByLabel(/^\s*nome/i).fill('Ana Souza')
  await page.getByLabel(/^\s*e-?mail/i).fill(email)
  await page.getByLabel('Sobre o que quer conversar?').fill('Queremos um aplicativo.')
  // The visitor stays on the page while it asks for the e-mail (closing it would cut that off).
  const asked = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/functions/v1/send-booking-email',
    { timeout: 90_000 },
  )
  // Awaited below; a failure before then is the one to report.
  asked.catch(() => undefined)
  await page.getByRole('button', { name: 'Confirmar agendamento' }).tap()
  const held = page
    .getByRole('status')
    .filter({ hasText: 'Falta confirmar a reunião pelo e-mail.' })
  const refused = page.getByRole('alert').filter({ visible: true })
  await held.or(refused).first().waitFor({ timeout: 60_000 })
  if (await refused.count())
    throw new Error(`Booking refused: ${await refused.first().textContent()}`)
  const journey = { ms: performance.now() - started, ...measured() }
  await asked
  await close()
  return journey
}

const confirm = async (browser: Browser, base: string, link: string): Promise<Journey> => {
  const { page, measured, close } = await throttled(browser)
  const started = performance.now()
  await page.goto(`${base}${link}`)
  const asked = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/functions/v1/send-booking-email',
    { timeout: 90_000 },
  )
  // Awaited below; a failure before then is the one to report.
  asked.catch(() => undefined)
  await page.getByRole('button', { name: 'Confirmar reunião' }).tap({ timeout: 60_000 })
  await page
    .getByRole('status')
    .filter({ hasText: 'Reunião confirmada. Enviamos o convite por e-mail.' })
    .waitFor({ timeout: 60_000 })
  const journey = { ms: performance.now() - started, ...measured() }
  await asked
  await close()
  return journey
}

async function honestFriction() {
  buildIfNeeded()
  const smtp = await startSmtpCatcher()
  const server = await spawnServer({
    SMTP_URL: smtp.url,
    // The page's own costs are measured, not a person's typing (which the fill time expects).
    FORM_MIN_FILL_MS: '0',
    BOOKING_UNKNOWN_ADDRESSES_PER_DAY: '1000',
    BOOKING_MAX_PER_DAY: '18',
  })
  const browser = await launchChromium()
  const booked: Journey[] = []
  const confirmed: Journey[] = []
  try {
    for (let round = 0; round < rounds; round += 1) {
      const email = `honesta.${round}.${Date.now()}@example.com`
      booked.push(await book(browser, server.url, email, round))
      let link: string | undefined
      for (let waited = 0; !link && waited < 90_000; waited += 100) {
        const mail = smtp.messages.find((message) => addressIn(message.to) === email)
        const token = mail && manageTokenIn(mail.text ?? '')
        link = token && `/agendar/gerenciar#${token}`
        if (!link) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      if (!link) throw new Error(`No request reached ${email}`)
      confirmed.push(await confirm(browser, server.url, link))
    }
  } finally {
    await browser.close()
    await server.stop()
    await smtp.stop()
  }
  const m = (journeys: Journey[], key: keyof Journey) => median(journeys.map((j) => j[key]))
  console.log(`\n3. An honest visitor on a phone (CPU 4×, 150 ms, 1.6 Mb/s), ${rounds} rounds`)
  console.log(
    `   the booking (load /agendar, pick, type, send, held): median ${m(booked, 'ms').toFixed(0)} ms, ${(m(booked, 'bytes') / 1024).toFixed(1)} KB in ${m(booked, 'requests')} requests`,
  )
  console.log(
    `   the step it adds (open the e-mail's link cold, tap, confirmed): median ${m(confirmed, 'ms').toFixed(0)} ms, ${(m(confirmed, 'bytes') / 1024).toFixed(1)} KB in ${m(confirmed, 'requests')} requests, 2 taps (the e-mail's link, the button)`,
  )
  console.log(
    `   ratio (added / booking): time ×${(m(confirmed, 'ms') / m(booked, 'ms')).toFixed(2)}, bytes ×${(m(confirmed, 'bytes') / m(booked, 'bytes')).toFixed(2)}`,
  )
  console.log(
    `   per round, booking / added ms: ${booked
      .map((journey, n) => `${journey.ms.toFixed(0)} / ${confirmed[n]?.ms.toFixed(0)}`)
      .join(', ')}`,
  )
}

console.log(
  `agenda against strangers; ${cpus().length} cores, load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}, ${new Date().toISOString()}`,
)
// BENCH_PARTS=3 runs the honest visitor alone, BENCH_PARTS=1,2,4,5 the attackers alone.
const parts = (process.env.BENCH_PARTS ?? '1,2,4,5,3').split(',')
for (const onPostgres of process.env.BENCH_POSTGRES === '1' ? [false, true] : [false]) {
  if (!['1', '2', '4', '5'].some((part) => parts.includes(part))) break
  const stage = await startStage(onPostgres)
  try {
    if (parts.includes('1')) await attackerOfOneSlash48(stage)
    if (parts.includes('2')) await mailCannon(stage)
    if (parts.includes('4')) await attackersOfSeveralSlash48s(stage)
    if (parts.includes('5')) await leadsFromOneNetwork(stage)
  } finally {
    await stage.stop()
  }
}
if (parts.includes('3')) await honestFriction()
