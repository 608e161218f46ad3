/**
 * Webhooks on hosted Supabase, as close as this machine allows: the deliver-webhooks Edge
 * Function under the real Deno, a real PostgreSQL 15 with pg_cron and the migrations applied
 * as `supabase db push` would, receivers listed with SQL as the company lists them, and real
 * HTTP receivers. Only Vault and pg_net are stand-ins (tests/support/supabase-like-database.ts).
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startDenoFunction, type RunningFunction } from '../support/deno-function.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { applyMigrationsLikeSupabase, startPgNetWorker } from '../support/supabase-like-database.ts'
import { TEST_SWEEP_HEADERS, TEST_SWEEP_SECRET } from '../support/test-app.ts'
import { waitFor } from '../support/wait.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts'

const FUNCTION_SECRET = `whsec_${randomBytes(32).toString('base64')}`
const RECEIVER_SECRET = `whsec_${randomBytes(32).toString('base64')}`

let postgres: PostgresServer
let db: pg.Pool
let fn: RunningFunction
let own: WebhookReceiver
let shared: WebhookReceiver
let silent: WebhookReceiver

beforeAll(async () => {
  ;[postgres, own, shared, silent] = await Promise.all([
    startPostgresServer({ pgCron: true }),
    startWebhookReceiver(),
    startWebhookReceiver(),
    startWebhookReceiver(),
  ])
  await applyMigrationsLikeSupabase(postgres.url)
  db = new pg.Pool({ connectionString: postgres.url, max: 2 })
  // As docs/leads-on-supabase.md tells the company to list them.
  await db.query(
    `insert into private.webhook_receivers (url, format, secret)
     values ($1, 'standard', $2), ($3, 'standard', null), ($4, 'slack', null)`,
    [
      `${own.url}/webhook/crm`,
      RECEIVER_SECRET,
      `${shared.url}/webhook/n8n`,
      `${silent.url}/services/T/B/x`,
    ],
  )
  fn = await startDenoFunction('deliver-webhooks', {
    SUPABASE_DB_URL: postgres.url,
    MAIL_SWEEP_SECRET: TEST_SWEEP_SECRET,
    WEBHOOK_SECRET: FUNCTION_SECRET,
    WEBHOOK_TIMEOUT_MS: '3000',
  })
}, 120_000)

afterAll(async () => {
  await fn?.stop()
  await db?.end()
  await Promise.all([postgres?.stop(), own?.stop(), shared?.stop(), silent?.stop()])
})

/** Stores a submission as the site's insert does: as anon, through the table's rules. */
const storeSubmission = async (email: string) => {
  const client = await db.connect()
  try {
    await client.query('begin')
    await client.query('set local role anon')
    await client.query(
      'insert into public.contact_submissions (name, email, company, message) values ($1, $2, $3, $4)',
      ['Ana Souza', email, null, 'Quero um orçamento.'],
    )
    await client.query('commit')
  } finally {
    client.release()
  }
}

const sweep = (headers: Record<string, string> = TEST_SWEEP_HEADERS) =>
  fetch(`${fn.url}/functions/v1/deliver-webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  })

describe('deliver-webhooks under Deno', () => {
  it('refuses the sweep to anyone but the scheduler: 401 JSON and no counts', async () => {
    for (const headers of [{}, { 'x-mail-sweep-secret': 'wrong' }] as Record<string, string>[]) {
      const response = await sweep(headers)
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({
        error: { code: 'unauthorized', message: 'Only the scheduler may run the webhook sweep.' },
      })
    }
  })

  it('is asked by pg_cron’s job to send a lead stored as anon, signed with each receiver’s secret, a silent receiver holding up no other', async () => {
    silent.behave({ kind: 'hang' })
    await storeSubmission('ana@example.com')
    await db.query(
      "insert into vault.secrets (name, secret) values ('project_url', $1), ('publishable_key', $2), ('mail_sweep_secret', $3) on conflict (name) do update set secret = excluded.secret",
      [fn.url, DEV_ANON_KEY, TEST_SWEEP_SECRET],
    )
    const jobs = await db.query(
      "select schedule, command from cron.job where jobname = 'deliver-webhooks-sweep'",
    )
    expect(jobs.rows).toEqual([
      { schedule: '* * * * *', command: 'select private.request_webhook_sweep()' },
    ])
    // What the job runs every minute; pg_net's stand-in then makes the call.
    await db.query('select private.request_webhook_sweep()')
    const worker = startPgNetWorker(postgres.url)
    try {
      // The three are asked at once; the silent one's request may reach it last.
      await waitFor(
        'both JSON receivers to take the lead, and the silent one to be asked',
        () => [own.received.length, shared.received.length, silent.open()],
        (counts) => counts.every((count) => count === 1),
        { timeoutMs: 30_000 },
      )
      const [toOwn] = own.received
      const [toShared] = shared.received
      const event = new Webhook(RECEIVER_SECRET).verify(toOwn?.body ?? '', toOwn?.headers ?? {})
      expect(event).toMatchObject({
        type: 'lead.created',
        data: { lead: { name: 'Ana Souza', email: 'ana@example.com', company: null } },
      })
      expect(
        new Webhook(FUNCTION_SECRET).verify(toShared?.body ?? '', toShared?.headers ?? {}),
      ).toEqual(event)
      // Each receiver is signed only with its own key.
      expect(() =>
        new Webhook(FUNCTION_SECRET).verify(toOwn?.body ?? '', toOwn?.headers ?? {}),
      ).toThrow()
      await waitFor(
        'the silent receiver’s attempt to end',
        async () =>
          (
            await db.query(
              "select last_error from private.webhook_receivers where format = 'slack'",
            )
          ).rows[0]?.last_error,
        (error) => error === 'no answer within 3 s',
        { timeoutMs: 30_000 },
      )
    } finally {
      await worker.stop()
    }
  }, 60_000)

  it('sends what fell due later with the same webhook-id, and answers the scheduler with counts', async () => {
    silent.behave({ kind: 'answer', status: 200 })
    // Time passes beyond the back-off.
    await db.query(
      'update private.webhook_deliveries set due_at = now() where delivered_at is null',
    )
    const response = await sweep()
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true, receivers: 1, delivered: 1, failed: 0 })
    const [first, second] = silent.received
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id'])
    expect(JSON.parse(second?.body ?? '{}').text).toBe('Novo contato pelo site')
    expect(await (await sweep()).json()).toEqual({
      ok: true,
      receivers: 0,
      delivered: 0,
      failed: 0,
    })
  })
})

describe('the webhook migrations on a Supabase-like PostgreSQL 15', () => {
  it('apply twice without error, keeping one scheduled job and the receivers', async () => {
    await applyMigrationsLikeSupabase(postgres.url)
    const jobs = await db.query("select 1 from cron.job where jobname = 'deliver-webhooks-sweep'")
    expect(jobs.rows).toHaveLength(1)
    const receivers = await db.query('select count(*)::int as n from private.webhook_receivers')
    expect(receivers.rows[0]).toEqual({ n: 3 })
  })

  it('refuse a receiver that is not https, or a secret that is not a whsec_ key', async () => {
    for (const [url, secret] of [
      ['http://example.com/hook', null],
      ['https://user:pass@example.com/hook', null],
      ['https://example.com/hook', 'hunter2'],
      ['https://example.com/hook', 'whsec_c2hvcnQ='],
    ]) {
      await expect(
        db.query('insert into private.webhook_receivers (url, secret) values ($1, $2)', [
          url,
          secret,
        ]),
      ).rejects.toMatchObject({ code: '23514' })
    }
  })
})
