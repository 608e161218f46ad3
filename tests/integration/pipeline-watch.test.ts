/**
 * The pipeline watches itself (decision 052): two Node servers on one PostgreSQL 15, a real
 * SMTP server that goes down and comes back, real webhook receivers, a company calendar that
 * stops answering. Each problem must reach the company once, through a channel that still
 * works, show across the desk while it lasts, and show in /healthz. Where a problem must last
 * minutes or an hour before it is one, the test moves its start back in the database instead
 * of waiting: everything else runs as it does in production.
 */
import { randomBytes } from 'node:crypto'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createJsonLogger } from '../../server/log.ts'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import {
  startCalendarFeedServer,
  type CalendarFeedServer,
} from '../support/calendar-feed-server.ts'
import { createDeskClient, type DeskClient } from '../support/desk-client.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { GTUBE, startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import { testSettings } from '../support/test-app.ts'
import { waitFor } from '../support/wait.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts'

const SECRET = `whsec_${randomBytes(32).toString('base64')}`
const PASSWORD = 'correto cavalo bateria grampo'
const INBOX = 'equipe@empresa.example'
// The queues and incidents in /healthz are for the monitor that holds it (decision 057).
const HEALTH_TOKEN = 'pipeline-watch-health-token-0123456789'
const MONITOR = { authorization: `Bearer ${HEALTH_TOKEN}` }
const WAIT = { timeoutMs: 60_000, intervalMs: 200 }

let postgres: PostgresServer
let smtp: SmtpCatcher
let smtpPort: number
let n8n: WebhookReceiver
let slack: WebhookReceiver
let feed: CalendarFeedServer
let servers: RunningServer[] = []
let desk: DeskClient

beforeAll(async () => {
  ;[postgres, smtp, n8n, slack, feed] = await Promise.all([
    startPostgresServer(),
    startSmtpCatcher({ refuseSpam: true }),
    startWebhookReceiver(),
    startWebhookReceiver(),
    startCalendarFeedServer(),
  ])
  smtpPort = Number(new URL(smtp.url).port)
  feed.serve({ kind: 'status', status: 500 })
  const settings = testSettings(
    {
      PORT: '0',
      DATABASE_URL: postgres.url,
      SMTP_URL: smtp.url,
      CONTACT_TO: INBOX,
      TRUST_PROXY: 'loopback',
      ADMIN_PASSWORD: PASSWORD,
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_URLS: `${n8n.url}/webhook/n8n\n${slack.url}/services/T/B/x#slack`,
      QUARANTINE_MAX_ENTRIES: '10',
      BOOKING_BUSY_CALENDAR_URL: feed.url,
      HEALTH_TOKEN,
    },
    {
      webhookSweepIntervalMs: 200,
      pipelineWatchIntervalMs: 300,
      mailSweepIntervalMs: 500,
      webhookTimeoutMs: 4_000,
    },
  )
  const log = createJsonLogger(() => {})
  servers = await Promise.all([startServer(settings, log), startServer(settings, log)])
  // Counts calls of the health function, for the test that polls /healthz in a burst.
  await servers[0]?.db.exec("alter system set track_functions = 'all'")
  await servers[0]?.db.exec('select pg_reload_conf()')
  desk = createDeskClient((path, init) => fetch(`${servers[0]?.url}${path}`, init))
  expect((await desk.signIn(PASSWORD)).status).toBe(303)
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  await Promise.all([postgres, smtp, n8n, slack, feed].map((part) => part?.stop()))
})

const db = () => (servers[0] as RunningServer).db

beforeEach(() => {
  smtp.messages.length = 0
  n8n.received.length = 0
  slack.received.length = 0
})

let sequence = 0
const lead = (overrides: Record<string, unknown> = {}) => {
  sequence += 1
  return {
    name: `Ana Souza ${sequence}`,
    email: `ana.${sequence}@example.com`,
    company: null,
    message: `Quero um orçamento (${sequence}).`,
    ...overrides,
  }
}

/** What the site does: the insert as anon, then the function that mails the company. */
const submit = async (body: Record<string, unknown>) => {
  const headers = {
    apikey: DEV_ANON_KEY,
    'content-type': 'application/json',
    // Each from a provider (an IPv4 /16) of its own: of its ten places the quarantine keeps
    // one per provider (decision 059).
    'x-forwarded-for': `203.${sequence % 250}.0.7`,
  }
  const url = servers[sequence % 2]?.url
  const stored = await fetch(`${url}/rest/v1/contact_submissions`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
  expect(stored.status).toBe(201)
  // A quarantined message is never mailed: the page's script would not ask.
  if ('form_elapsed_ms' in body) return stored
  return fetch(`${url}/functions/v1/send-contact-email`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
}

const incidentEvents = (receiver: WebhookReceiver, kind: string) =>
  receiver.received.filter((request) => {
    const body = JSON.parse(request.body) as {
      type?: string
      data?: { incident?: { kind?: string } }
    }
    return body.type === 'pipeline.incident' && body.data?.incident?.kind === kind
  })

const slackAlerts = (title: string) =>
  slack.received.filter((request) =>
    (JSON.parse(request.body) as { text?: string }).text?.includes(title),
  )

const alertMails = (title: string) =>
  smtp.messages.filter((mail: ParsedMail) => mail.subject?.includes(title))

const banner = async () => {
  const page = await (await desk.request('/painel')).text()
  return /<section class="incident-banner"[\s\S]*?<\/section>/.exec(page)?.[0] ?? ''
}

const health = async () => {
  const response = await fetch(`${servers[1]?.url}/healthz`, { headers: MONITOR })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** The incidents of a kind, as the database keeps them. */
const incidents = async (kind: string) =>
  (
    await db().query<{ opened_at: Date | null; resolved_at: Date | null }>(
      'select opened_at, resolved_at from private.pipeline_incidents where kind = $1 order by id',
      [kind],
    )
  ).rows

describe('mail down for minutes', () => {
  it('is told by webhook (e-mail would not arrive) and shown across the desk; mail back, it clears and the lead goes out', async () => {
    await smtp.stop()
    const ana = lead()
    // The function answers 502 (the page only logs it): the lead is stored and waits.
    expect((await submit(ana)).status).toBe(502)
    await waitFor(
      'the failed send to be noted',
      async () => (await db().query('select failing_since from private.mail_health')).rows[0],
      (row) => row?.failing_since !== null,
      WAIT,
    )
    // Five minutes pass (and the lead's own retry time with them).
    await db().exec(`update private.mail_health set failing_since = now() - interval '6 minutes',
                       last_failure_at = now() - interval '2 minutes';
                     update public.contact_submissions set created_at = now() - interval '6 minutes'
                      where notified_at is null`)

    await waitFor(
      'the incident on both receivers',
      () => [
        incidentEvents(n8n, 'mail_failing').length,
        slackAlerts('O envio de e-mails está falhando').length,
      ],
      (counts) => counts.every((count) => count === 1),
      WAIT,
    )
    // The title is Slack's notification text; what to do is in the message's rich text.
    expect(slackAlerts('O envio de e-mails está falhando')[0]?.body).toContain('SMTP_URL')
    expect(await banner()).toContain('O envio de e-mails está falhando')
    expect(await health()).toMatchObject({
      status: 200,
      body: { status: 'degraded', database: 'ok', incidents: ['mail_failing'] },
    })
    const alerts = await db().query(
      "select 1 from private.company_alerts a join private.pipeline_incidents i on i.id = a.incident_id where i.kind = 'mail_failing'",
    )
    expect(alerts.rows, 'no e-mail about mail being down').toHaveLength(0)

    smtp = await startSmtpCatcher({ port: smtpPort, refuseSpam: true })
    // While mail fails, the watch has the oldest failed e-mail go again once nothing was tried
    // for a minute; that minute passes here rather than in real time.
    const aMinuteWithoutTrying = () =>
      db().exec(`update private.mail_health set last_failure_at = now() - interval '2 minutes'
                  where failing_since is not null`)
    await waitFor(
      'the waiting lead to arrive once mail is back',
      async () => {
        await aMinuteWithoutTrying()
        return smtp.messages.filter((mail) => mail.replyTo?.value[0]?.address === ana.email).length
      },
      (count) => count === 1,
      { timeoutMs: 120_000, intervalMs: 500 },
    )
    await waitFor('the banner to go', banner, (html) => html === '', WAIT)
    expect((await incidents('mail_failing')).at(-1)?.resolved_at).not.toBeNull()
    // Each server reads the health at most once every 5 s.
    await waitFor(
      '/healthz to be ok',
      health,
      ({ body }) => body.status === 'ok' && JSON.stringify(body.incidents) === '[]',
      WAIT,
    )
    // Told once, with two servers watching all along.
    expect(incidentEvents(n8n, 'mail_failing')).toHaveLength(1)
  }, 240_000)
})

describe('a webhook receiver set apart', () => {
  it('is told by e-mail, not by its own webhook, and clears once "Tentar agora" delivers', async () => {
    slack.behave({ kind: 'answer', status: 410, body: 'channel_is_archived' })
    await submit(lead())
    const title = 'Um webhook deixou de receber os avisos'
    const [mail] = await waitFor(
      'the e-mail about the receiver',
      () => alertMails(title),
      (m) => m.length === 1,
      WAIT,
    )
    expect(mail?.to && 'value' in mail.to && mail.to.value[0]?.address).toBe(INBOX)
    expect(mail?.text).toContain('127.0.0.1')
    expect(mail?.text).toContain('Tentar agora')
    expect(mail?.text).not.toContain('/services/T/B/x')
    expect(await banner()).toContain(title)
    expect(incidentEvents(n8n, 'webhook_set_apart')).toHaveLength(0)

    slack.behave({ kind: 'answer', status: 200 })
    const { rows } = await db().query<{ id: string }>(
      "select id::text from private.webhook_receivers where format = 'slack'",
    )
    expect((await desk.post(`/painel/webhooks/${rows[0]?.id}/tentar`)).status).toBe(303)
    await waitFor('the banner to go', banner, (html) => !html.includes(title), WAIT)
    expect(alertMails(title)).toHaveLength(1)
  }, 120_000)
})

describe('a message refused for good, and a quarantine nearly full', () => {
  it('are told by e-mail and webhook, once each', async () => {
    await submit(lead({ message: `Oferta imperdível ${GTUBE}` }))
    const refused = 'O servidor de e-mail recusou mensagens de vez'
    await waitFor(
      'the e-mail about the refusal',
      () => alertMails(refused),
      (m) => m.length === 1,
      WAIT,
    )
    await waitFor(
      'its webhook',
      () => incidentEvents(n8n, 'mail_refused'),
      (e) => e.length === 1,
      WAIT,
    )

    // Nine of ten places taken: sent faster than a person types.
    for (let bot = 0; bot < 9; bot += 1)
      await submit(lead({ name: `Robô ${bot}`, form_elapsed_ms: 10 }))
    const full = 'A quarentena está quase cheia'
    const [mail] = await waitFor(
      'the e-mail about the quarantine',
      () => alertMails(full),
      (m) => m.length === 1,
      WAIT,
    )
    expect(mail?.text).toContain('9 mensagens de 10')
    await waitFor(
      'its webhook',
      () => incidentEvents(n8n, 'quarantine_full'),
      (e) => e.length === 1,
      WAIT,
    )
    expect(await banner()).toContain(full)

    // Eight left is still nearly full; six is not.
    await db().exec(`delete from private.quarantined_submissions
                      where id in (select id from private.quarantined_submissions limit 1)`)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect((await incidents('quarantine_full')).at(-1)?.resolved_at).toBeNull()
    await db().exec(`delete from private.quarantined_submissions
                      where id in (select id from private.quarantined_submissions limit 2)`)
    await waitFor(
      'the banner to let the quarantine go',
      banner,
      (html) => !html.includes(full),
      WAIT,
    )
    expect(alertMails(full)).toHaveLength(1)
    expect(incidentEvents(n8n, 'quarantine_full')).toHaveLength(1)
  }, 120_000)
})

describe('the company calendar unreadable', () => {
  it('is an incident after an hour of failed reads, not before', async () => {
    const title = 'O calendário da empresa não é lido há mais de uma hora'
    await waitFor(
      'a failed read to be recorded',
      async () => (await db().query('select last_error_at from private.busy_feed_status')).rows[0],
      (row) => row?.last_error_at !== null,
      WAIT,
    )
    await waitFor(
      'the problem to be seen',
      () => incidents('busy_calendar'),
      (rows) => rows.length === 1,
      WAIT,
    )
    expect(alertMails(title)).toHaveLength(0)
    expect((await incidents('busy_calendar'))[0]?.opened_at).toBeNull()
    // An hour of failed reads passes.
    await db().exec(`update private.pipeline_incidents set since = now() - interval '61 minutes'
                      where kind = 'busy_calendar' and resolved_at is null`)
    const [mail] = await waitFor(
      'the e-mail about the calendar',
      () => alertMails(title),
      (m) => m.length === 1,
      WAIT,
    )
    expect(mail?.text).toContain('BOOKING_BUSY_CALENDAR_URL')
    await waitFor(
      'its webhook',
      () => incidentEvents(n8n, 'busy_calendar'),
      (e) => e.length === 1,
      WAIT,
    )
  }, 120_000)
})

describe('a scheduled backup that failed', () => {
  it('is told by e-mail and webhook and shown across the desk until a backup works again', async () => {
    const title = 'O último backup programado falhou'
    // What the daily backup records when its copy off the machine fails (server/backup/).
    const run = (worked: boolean) =>
      db().query(
        `insert into private.backup_runs (via, runner, finished_at, ok, file, copied, error)
         values ('agenda', 'test', now(), true, 'site-backup.json.gz', $1, $2)`,
        [worked, worked ? null : 'BACKUP_AFTER_COMMAND saiu com o código 1'],
      )
    await run(false)
    const [mail] = await waitFor(
      'the e-mail about the backup',
      () => alertMails(title),
      (m) => m.length === 1,
      WAIT,
    )
    expect(mail?.text).toContain('BACKUP_AFTER_COMMAND saiu com o código 1')
    await waitFor(
      'its webhook',
      () => incidentEvents(n8n, 'backup_failed'),
      (e) => e.length === 1,
      WAIT,
    )
    expect(await banner()).toContain(title)
    await run(true)
    await waitFor('the banner to let the backup go', banner, (html) => !html.includes(title), WAIT)
    expect((await incidents('backup_failed')).at(-1)?.resolved_at).not.toBeNull()
    expect(alertMails(title)).toHaveLength(1)
  }, 120_000)
})

describe('/healthz', () => {
  it('answers cheaply and without personal data: up, degraded, and 503 while the database is down', async () => {
    const answer = await fetch(`${servers[0]?.url}/healthz`, { headers: MONITOR })
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const text = await answer.text()
    for (const queue of ['lead_mail', 'booking_mail', 'replies', 'alerts', 'webhooks']) {
      expect(text).toContain(`"${queue}":{`)
    }
    expect(text).not.toMatch(/@|Ana Souza|Robô/)
    const head = await fetch(`${servers[0]?.url}/healthz`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')

    // A burst of polls costs the database a query per server every few seconds. Three hundred
    // are as many queries as polls when the answer is not kept, and a burst the cache must hold.
    const calls = async () => {
      const { rows } = await db().query<{ calls: string }>(
        "select coalesce(sum(calls), 0)::text as calls from pg_stat_user_functions where funcname = 'pipeline_health'",
      )
      return Number(rows[0]?.calls)
    }
    const before = await calls()
    const started = Date.now()
    await Promise.all(
      Array.from({ length: 300 }, () => fetch(`${servers[1]?.url}/healthz`).then((r) => r.text())),
    )
    const seconds = (Date.now() - started) / 1000
    // A session reports its counts when it goes idle, up to ten seconds later on PostgreSQL 15.
    const made =
      (await waitFor('the health queries to be counted', calls, (n) => n > before, WAIT)) - before
    expect(made).toBeLessThanOrEqual(Math.ceil(seconds / 5) + 1)

    await postgres.halt()
    try {
      await waitFor('the server to say the database is down', health, (h) => h.status === 503, WAIT)
      expect((await health()).body).toMatchObject({ status: 'down', database: 'unreachable' })
    } finally {
      await postgres.resume()
    }
    await waitFor('the database to be back', health, (h) => h.status === 200, WAIT)
  }, 120_000)
})
