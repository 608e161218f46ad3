// How late an overdue lead's alert leaves after its time (decision 051), and that it leaves once:
// 1. two Node servers on one PostgreSQL 15 with the production watch (every 15 s) and webhook
//    look (every 5 s), a real SMTP server and a webhook receiver; leads stored at random
//    moments, each alert's delay from the instant it was due to the e-mail's and the webhook's
//    arrival;
// 2. hosted Supabase's way: PostgreSQL 15 with pg_cron running the watch-pipeline job every
//    minute for real, pg_net's stand-in, and the watch-pipeline and deliver-webhooks Edge
//    Functions under Deno behind one gateway.
// Run: npm run bench:reply-alerts [-- leads]   (default 20 leads on Node, 6 under pg_cron)
import { loadavg } from 'node:os'
import pg from 'pg'
import { createJsonLogger } from '../server/log.ts'
import { DEV_ANON_KEY } from '../server/settings.ts'
import { startServer, type RunningServer } from '../server/start-server.ts'
import { startApiGateway } from '../tests/support/api-gateway.ts'
import { startDenoFunction } from '../tests/support/deno-function.ts'
import { startPostgresServer } from '../tests/support/postgres-server.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../tests/support/smtp-catcher.ts'
import {
  applyMigrationsLikeSupabase,
  startPgNetWorker,
} from '../tests/support/supabase-like-database.ts'
import { TEST_SWEEP_SECRET, testSettings } from '../tests/support/test-app.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../tests/support/webhook-receiver.ts'
import { median, percentile } from './spawn-server.ts'

const leadsOnNode = Number(process.argv[2] ?? 20)
const leadsOnCron = Math.max(3, Math.round(leadsOnNode / 3))
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`
/** The alert comes 0.01 h (36 s) after the lead; the promise at 0.02 h. */
const ALERT_AFTER_HOURS = 0.01
const ALERT_AFTER_MS = ALERT_AFTER_HOURS * 3_600_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const summary = (label: string, delays: number[]) =>
  `${label.padEnd(26)} median ${seconds(median(delays)).padStart(7)}   p95 ${seconds(percentile(delays, 95)).padStart(7)}   max ${seconds(Math.max(...delays)).padStart(7)}`

/** When each alert arrived, by the lead's address (the alert's Reply-To), e-mail and webhook. */
const arrivals = (smtp: SmtpCatcher, receiver: WebhookReceiver) => {
  const mail = new Map<string, number[]>()
  const hook = new Map<string, number[]>()
  const seenMail = new Set<unknown>()
  const seenHook = new Set<unknown>()
  const timer = setInterval(() => {
    for (const message of smtp.messages) {
      if (seenMail.has(message) || !/sem resposta/.test(message.subject ?? '')) continue
      seenMail.add(message)
      const email = message.replyTo?.value[0]?.address ?? ''
      mail.set(email, [...(mail.get(email) ?? []), Date.now()])
    }
    for (const request of receiver.received) {
      if (seenHook.has(request)) continue
      seenHook.add(request)
      const body = JSON.parse(request.body) as {
        type?: string
        data?: { lead?: { email?: string } }
      }
      if (body.type !== 'lead.overdue') continue
      const email = body.data?.lead?.email ?? ''
      hook.set(email, [...(hook.get(email) ?? []), Date.now()])
    }
  }, 50)
  return { mail, hook, stop: () => clearInterval(timer) }
}

const report = (label: string, due: Map<string, number>, seen: ReturnType<typeof arrivals>) => {
  const mailDelays: number[] = []
  const hookDelays: number[] = []
  let twice = 0
  let missing = 0
  for (const [email, at] of due) {
    const mails = seen.mail.get(email) ?? []
    const hooks = seen.hook.get(email) ?? []
    if (mails.length > 1 || hooks.length > 1) twice += 1
    if (mails.length === 0 || hooks.length === 0) missing += 1
    if (mails[0] !== undefined) mailDelays.push(mails[0] - at)
    if (hooks[0] !== undefined) hookDelays.push(hooks[0] - at)
  }
  console.log(`\n${label}: ${due.size} leads, load average ${loadavg()[0]?.toFixed(1)}`)
  console.log(summary('e-mail after its time', mailDelays))
  console.log(summary('webhook after its time', hookDelays))
  console.log(`alerted more than once: ${twice}; never alerted: ${missing}`)
}

// --- 1. Two Node servers ---------------------------------------------------------------------
{
  const [postgres, smtp, receiver] = await Promise.all([
    startPostgresServer(),
    startSmtpCatcher(),
    startWebhookReceiver(),
  ])
  const settings = testSettings(
    {
      PORT: '0',
      DATABASE_URL: postgres.url,
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_PER_ADDRESS: '1000000',
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_URLS: `${receiver.url}/webhook/n8n`,
      REPLY_PROMISE_HOURS: String(ALERT_AFTER_HOURS * 2),
      REPLY_ALERT_AFTER_HOURS: String(ALERT_AFTER_HOURS),
      // Seconds on the wall clock, whatever the time of day (decision 070).
      REPLY_CLOCK: 'clock',
    },
    // The production intervals: the watch every 15 s, the webhook look every 5 s.
    { pipelineWatchIntervalMs: 15_000, webhookSweepIntervalMs: 5_000 },
  )
  const log = createJsonLogger(() => {})
  const servers = await Promise.all([startServer(settings, log), startServer(settings, log)])
  const seen = arrivals(smtp, receiver)
  const due = new Map<string, number>()
  for (let n = 0; n < leadsOnNode; n += 1) {
    // Arrivals at random moments, so the watch's phase falls anywhere.
    await sleep(Math.random() * 4_000)
    const email = `pessoa.${n}@example.com`
    const response = await fetch(`${servers[n % 2]?.url}/rest/v1/contact_submissions`, {
      method: 'POST',
      headers: {
        apikey: DEV_ANON_KEY,
        'content-type': 'application/json',
        prefer: 'return=minimal',
        'x-forwarded-for': `198.51.100.${n % 250}`,
      },
      body: JSON.stringify({ name: `Pessoa ${n}`, email, message: 'Quero um orçamento.' }),
    })
    if (response.status !== 201) throw new Error(`insert answered ${response.status}`)
    const { rows } = await (servers[0] as RunningServer).db.query<{ at: Date }>(
      'select created_at as at from public.contact_submissions where email = $1',
      [email],
    )
    due.set(email, (rows[0]?.at ?? new Date()).getTime() + ALERT_AFTER_MS)
  }
  // Every alert's time, plus a minute and the promise's end, so a second alert would show.
  await sleep(Math.max(...due.values()) - Date.now() + 90_000)
  seen.stop()
  report('Node server, two instances, watch every 15 s', due, seen)
  await Promise.all(servers.map((server) => server.stop()))
  await Promise.all([postgres.stop(), smtp.stop(), receiver.stop()])
}

// --- 2. Hosted Supabase: pg_cron every minute --------------------------------------------------
{
  const [postgres, smtp, receiver, gateway] = await Promise.all([
    startPostgresServer({ pgCron: true }),
    startSmtpCatcher(),
    startWebhookReceiver(),
    startApiGateway(),
  ])
  await applyMigrationsLikeSupabase(postgres.url)
  const db = new pg.Pool({ connectionString: postgres.url, max: 2 })
  await db.query("insert into private.webhook_receivers (url, format) values ($1, 'standard')", [
    `${receiver.url}/webhook/n8n`,
  ])
  await db.query(
    `update private.reply_settings set promise_hours = $1, alert_after_hours = $2,
       reply_clock = 'clock', tracked_since = now() - interval '1 hour'`,
    [ALERT_AFTER_HOURS * 2, ALERT_AFTER_HOURS],
  )
  const env = {
    SUPABASE_DB_URL: postgres.url,
    SMTP_URL: smtp.url,
    MAIL_SWEEP_SECRET: TEST_SWEEP_SECRET,
    WEBHOOK_SECRET: SECRET,
  }
  const [watch, deliver] = await Promise.all([
    startDenoFunction('watch-pipeline', env),
    startDenoFunction('deliver-webhooks', env),
  ])
  gateway.routeTo((path) =>
    path.startsWith('/functions/v1/watch-pipeline') ? watch.url : deliver.url,
  )
  await db.query(
    `insert into vault.secrets (name, secret) values ('project_url', $1), ('publishable_key', $2),
       ('mail_sweep_secret', $3) on conflict (name) do update set secret = excluded.secret`,
    [gateway.url, DEV_ANON_KEY, TEST_SWEEP_SECRET],
  )
  // pg_net's worker sends what is queued within a quarter of a second, as pg_net's does.
  const worker = startPgNetWorker(postgres.url)
  const seen = arrivals(smtp, receiver)
  const due = new Map<string, number>()
  for (let n = 0; n < leadsOnCron; n += 1) {
    await sleep(Math.random() * 40_000)
    const email = `visitante.${n}@example.com`
    const client = await db.connect()
    try {
      await client.query('begin')
      await client.query('set local role anon')
      await client.query(
        'insert into public.contact_submissions (name, email, message) values ($1, $2, $3)',
        [`Visitante ${n}`, email, 'Quero um orçamento.'],
      )
      await client.query('commit')
    } finally {
      client.release()
    }
    const { rows } = await db.query<{ at: Date }>(
      'select created_at as at from public.contact_submissions where email = $1',
      [email],
    )
    due.set(email, (rows[0]?.at ?? new Date()).getTime() + ALERT_AFTER_MS)
  }
  await sleep(Math.max(...due.values()) - Date.now() + 150_000)
  seen.stop()
  report('Hosted Supabase, pg_cron every minute', due, seen)
  await worker.stop()
  await Promise.all([watch.stop(), deliver.stop()])
  await db.end()
  await Promise.all([postgres.stop(), smtp.stop(), receiver.stop(), gateway.stop()])
}
