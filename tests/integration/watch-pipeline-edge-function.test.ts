/**
 * The reply promise and the pipeline's alerts on hosted Supabase, as close as this machine
 * allows: a real PostgreSQL 15 with pg_cron and the migrations applied as `supabase db push`
 * would, the watch-pipeline and deliver-webhooks Edge Functions under the real Deno behind one
 * gateway (as a project's functions are), a real SMTP server and a real webhook receiver. Only
 * Vault and pg_net are stand-ins (tests/support/supabase-like-database.ts). The test runs what
 * pg_cron's job runs each minute rather than waiting for the minute.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startApiGateway, type ApiGateway } from '../support/api-gateway.ts'
import { startDenoFunction, type RunningFunction } from '../support/deno-function.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import { applyMigrationsLikeSupabase, startPgNetWorker } from '../support/supabase-like-database.ts'
import { TEST_SWEEP_SECRET } from '../support/test-app.ts'
import { waitFor } from '../support/wait.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts'

const SECRET = `whsec_${randomBytes(32).toString('base64')}`
const INBOX = 'equipe@empresa.example'
const WAIT = { timeoutMs: 60_000, intervalMs: 250 }

let postgres: PostgresServer
let db: pg.Pool
let smtp: SmtpCatcher
let smtpPort: number
let receiver: WebhookReceiver
let gateway: ApiGateway
let watch: RunningFunction
let deliver: RunningFunction
let worker: { stop(): Promise<void> }

beforeAll(async () => {
  ;[postgres, smtp, receiver, gateway] = await Promise.all([
    startPostgresServer({ pgCron: true }),
    startSmtpCatcher(),
    startWebhookReceiver(),
    startApiGateway(),
  ])
  smtpPort = Number(new URL(smtp.url).port)
  await applyMigrationsLikeSupabase(postgres.url)
  db = new pg.Pool({ connectionString: postgres.url, max: 2 })
  // As docs/deploy.md tells the company: the receiver, a promise of seconds for the test.
  await db.query("insert into private.webhook_receivers (url, format) values ($1, 'standard')", [
    `${receiver.url}/webhook/n8n`,
  ])
  await db.query(
    "update private.reply_settings set promise_hours = 0.004, alert_after_hours = 0.002, reply_clock = 'clock', tracked_since = now() - interval '1 hour'",
  )
  const env = {
    SUPABASE_DB_URL: postgres.url,
    SMTP_URL: smtp.url,
    CONTACT_TO: INBOX,
    MAIL_SWEEP_SECRET: TEST_SWEEP_SECRET,
    WEBHOOK_SECRET: SECRET,
  }
  ;[watch, deliver] = await Promise.all([
    startDenoFunction('watch-pipeline', env),
    startDenoFunction('deliver-webhooks', env),
  ])
  gateway.routeTo((path) =>
    path.startsWith('/functions/v1/watch-pipeline') ? watch.url : deliver.url,
  )
  await db.query(
    "insert into vault.secrets (name, secret) values ('project_url', $1), ('publishable_key', $2), ('mail_sweep_secret', $3) on conflict (name) do update set secret = excluded.secret",
    [gateway.url, DEV_ANON_KEY, TEST_SWEEP_SECRET],
  )
  worker = startPgNetWorker(postgres.url)
}, 180_000)

afterAll(async () => {
  await worker?.stop()
  await Promise.all([watch?.stop(), deliver?.stop()])
  await db?.end()
  await Promise.all([postgres?.stop(), smtp?.stop(), receiver?.stop(), gateway?.stop()])
})

/** Stores a submission as the site's insert does: as anon, through the table's rules. */
const storeAsVisitor = async (fields: Record<string, unknown>) => {
  const client = await db.connect()
  try {
    await client.query('begin')
    await client.query('set local role anon')
    const columns = Object.keys(fields)
    await client.query(
      `insert into public.contact_submissions (${columns.join(', ')}) values (${columns.map((_, index) => `$${index + 1}`).join(', ')})`,
      Object.values(fields),
    )
    await client.query('commit')
  } finally {
    client.release()
  }
}

/**
 * The alert's delay (7.2 s) passes for a lead, rather than being waited for: it arrived 8 s
 * earlier than it did.
 */
const alertDue = (email: string) =>
  db.query(
    "update public.contact_submissions set created_at = created_at - interval '8 seconds' where email = $1",
    [email],
  )

/** What pg_cron's watch-pipeline job runs every minute. */
const runJob = () => db.query('select private.run_pipeline_watch()')

const events = (type: string) =>
  receiver.received
    .map((request) => ({
      request,
      body: JSON.parse(request.body) as {
        type: string
        data: Record<string, Record<string, unknown>>
      },
    }))
    .filter(({ body }) => body.type === type)

describe('watch-pipeline under Deno', () => {
  it('refuses the watch to anyone but the scheduler: 401 JSON and no counts', async () => {
    for (const headers of [{}, { 'x-mail-sweep-secret': 'wrong' }] as Record<string, string>[]) {
      const response = await fetch(`${watch.url}/functions/v1/watch-pipeline`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      })
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({
        error: { code: 'unauthorized', message: 'Only the scheduler may run the pipeline watch.' },
      })
    }
  })

  it('is pg_cron’s job every minute', async () => {
    const { rows } = await db.query(
      "select schedule, command from cron.job where jobname = 'watch-pipeline'",
    )
    expect(rows).toEqual([
      { schedule: '* * * * *', command: 'select private.run_pipeline_watch()' },
    ])
  })

  it('alerts a lead about to break the promise once, by e-mail from the function and a lead.overdue webhook', async () => {
    await storeAsVisitor({
      name: 'Ana Souza',
      email: 'ana@example.com',
      message: 'Quero um orçamento.',
    })
    // The alert is due 7.2 s after the lead arrived.
    await alertDue('ana@example.com')
    await runJob()
    const [mail] = await waitFor(
      'the alert e-mail',
      () => smtp.messages,
      (m) => m.length === 1,
      WAIT,
    )
    expect(mail?.to && 'value' in mail.to && mail.to.value[0]?.address).toBe(INBOX)
    expect(mail?.subject).toMatch(/^Contato sem resposta há .+: Ana Souza$/)
    expect(mail?.replyTo?.value[0]?.address).toBe('ana@example.com')
    const [event] = await waitFor(
      'the webhook',
      () => events('lead.overdue'),
      (e) => e.length === 1,
      WAIT,
    )
    const verified = new Webhook(SECRET).verify(
      event?.request.body ?? '',
      event?.request.headers ?? {},
    ) as {
      data: { lead: Record<string, unknown> }
    }
    expect(verified.data.lead).toMatchObject({ email: 'ana@example.com', promise_hours: 0.004 })

    await runJob()
    await runJob()
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(smtp.messages).toHaveLength(1)
    expect(events('lead.overdue')).toHaveLength(1)
  }, 120_000)

  it('tells of a quarantine nearly full by e-mail and webhook, once', async () => {
    smtp.messages.length = 0
    await db.query('update private.contact_settings set quarantine_max_entries = 2')
    for (const bot of ['Robô 1', 'Robô 2']) {
      await storeAsVisitor({
        name: bot,
        email: 'robo@example.com',
        message: `Oi ${bot}`,
        form_elapsed_ms: 10,
      })
    }
    await runJob()
    const title = 'A quarentena está quase cheia'
    await waitFor(
      'the e-mail',
      () => smtp.messages.filter((m) => m.subject?.includes(title)),
      (m) => m.length === 1,
      WAIT,
    )
    const [event] = await waitFor(
      'the webhook',
      () => events('pipeline.incident'),
      (e) => e.length === 1,
      WAIT,
    )
    expect(event?.body.data.incident).toMatchObject({
      kind: 'quarantine_full',
      detail: { count: 2, max: 2 },
    })
    await runJob()
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(events('pipeline.incident')).toHaveLength(1)
    await db.query('delete from private.quarantined_submissions')
    await db.query('update private.contact_settings set quarantine_max_entries = 500')
    await runJob()
  }, 120_000)

  it('tells of mail down by webhook only, and finds out by itself when it is back', async () => {
    await smtp.stop()
    await storeAsVisitor({ name: 'Bruno Lima', email: 'bruno@example.com', message: 'Olá.' })
    await alertDue('bruno@example.com')
    await runJob()
    await waitFor(
      'the function to fail to send the alert',
      async () => (await db.query('select failing_since from private.mail_health')).rows[0],
      (row) => row?.failing_since !== null,
      WAIT,
    )
    // Five minutes of failures pass, and no e-mail was tried for one.
    await db.query(
      "update private.mail_health set failing_since = now() - interval '6 minutes', last_failure_at = now() - interval '2 minutes'",
    )
    await runJob()
    const [event] = await waitFor(
      'the webhook about mail',
      () =>
        events('pipeline.incident').filter(
          ({ body }) => body.data.incident?.kind === 'mail_failing',
        ),
      (e) => e.length === 1,
      WAIT,
    )
    expect(event?.body.data.incident).toMatchObject({ kind: 'mail_failing' })
    const { rows: noMail } = await db.query(
      "select 1 from private.company_alerts a join private.pipeline_incidents i on i.id = a.incident_id where i.kind = 'mail_failing'",
    )
    expect(noMail).toHaveLength(0)

    smtp = await startSmtpCatcher({ port: smtpPort })
    // Each minute the job asks the oldest failed e-mail to go again; the first that goes ends it.
    await waitFor(
      'the alert about Bruno to arrive, and the incident to end',
      async () => {
        await db.query(
          "update private.mail_health set last_failure_at = now() - interval '2 minutes' where failing_since is not null",
        )
        await runJob()
        const open = await db.query(
          "select 1 from private.pipeline_incidents where kind = 'mail_failing' and resolved_at is null",
        )
        return [
          smtp.messages.filter((m) => m.subject?.includes('Bruno Lima')).length,
          open.rows.length,
        ]
      },
      ([arrived, open]) => arrived === 1 && open === 0,
      { timeoutMs: 90_000, intervalMs: 2_000 },
    )
  }, 180_000)
})
