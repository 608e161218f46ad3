// The stage every attack of bench/agenda-abuse.ts plays on: the servers, the calls the booking
// page makes, and what is left of the agenda.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Database } from '../../server/db/database.ts'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { startPostgresServer, type PostgresServer } from '../../tests/support/postgres-server.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../../tests/support/smtp-catcher.ts'
import { TEST_SWEEP_SECRET, testSettings } from '../../tests/support/test-app.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../../tests/support/webhook-receiver.ts'

export const INBOX = 'agenda@aurora.test'
export const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`

export interface Answer {
  status: number
  body: Record<string, unknown>
}

/** Parts 1 and 2: the servers (two on PostgreSQL, one on PGlite), their SMTP and receiver. */
export interface Stage {
  name: string
  servers: RunningServer[]
  db: Database
  smtp: SmtpCatcher
  crm: WebhookReceiver
  stop(): Promise<void>
}

export const startStage = async (onPostgres: boolean): Promise<Stage> => {
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
export const call = async (stage: Stage, route: string, body: unknown, address: string) => {
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
export const freeSlots = async (stage: Stage) => {
  reads += 1
  const reader = `2001:${(0xa000 + (reads % 0x1000)).toString(16)}::9`
  return ((await call(stage, '/rest/v1/rpc/booking_free_times', {}, reader)).body.slots ??
    []) as string[]
}

/** Meetings the agenda can still take: per day with a free time, its maximum minus what holds it. */
export const bookableMeetings = async (stage: Stage) =>
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
export const bookAsThePage = async (
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
export const settle = async (stage: Stage) => {
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

export const resetStage = async (stage: Stage) => {
  await stage.db.exec(`
    delete from public.contact_submissions where notified_via = 'booking';
    delete from private.booking_requests;
    delete from private.blocked_networks;`)
  stage.smtp.messages.length = 0
  stage.crm.received.length = 0
}
