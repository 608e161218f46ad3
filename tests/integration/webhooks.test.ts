/**
 * Webhooks end to end: two Node servers on one PostgreSQL 15 (as behind a load balancer), a
 * real SMTP server, and five real HTTP receivers on loopback standing in for n8n, a CRM, Slack,
 * Microsoft Teams and Discord. Signatures are checked with the Standard Webhooks project's own
 * verifier (the `standardwebhooks` package), not with our code.
 *
 * What is promised (decision 032), and so what these tests hold the servers to: each event
 * reaches each receiver at least once, always with the same webhook-id; a delivery is tried
 * again only after an attempt that failed or got no answer within the time limit (on a busy
 * machine even a healthy receiver may answer too late, and then gets the event twice), never
 * by two senders at once. So no count here assumes a quiet machine: every attempt beyond the
 * first must be explained by a failure the servers logged.
 */
import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createJsonLogger } from '../../server/log.ts'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { company } from '#shared/company/company.ts'
import { setAgenda } from '../support/booking.ts'
import { createDeskClient } from '../support/desk-client.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import { testSettings } from '../support/test-app.ts'
import { waitFor } from '../support/wait.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts'

const SECRET = `whsec_${randomBytes(32).toString('base64')}`
const SLACK_TOKEN = `slack${randomBytes(18).toString('hex')}`
const DISCORD_TOKEN = `discord${randomBytes(24).toString('hex')}`
const PASSWORD = 'correto cavalo bateria grampo'
/** Each attempt's limit here: long enough for a busy machine, short enough for the tests. */
const TIMEOUT_MS = 8_000
/** The spec's second attempt comes 5 s after the first (plus up to 10% jitter). */
const RETRY_WAIT = { timeoutMs: 60_000, intervalMs: 100 }
/** A first attempt: the next sweep (200 ms) and one POST, however busy the machine is. */
const DELIVERY_WAIT = { timeoutMs: 20_000, intervalMs: 100 }

let postgres: PostgresDatabase
let smtp: SmtpCatcher
let servers: RunningServer[] = []
const logLines: string[] = []
let crm: WebhookReceiver
let n8n: WebhookReceiver
let slack: WebhookReceiver
let teams: WebhookReceiver
let discord: WebhookReceiver

const paths = {
  crm: '/api/leads',
  n8n: '/webhook/3f2c1b7e-aurora',
  slack: `/services/T0000/B0000/${SLACK_TOKEN}`,
  teams: '/workflows/abc/triggers/manual/paths/invoke',
  discord: `/api/webhooks/1234/${DISCORD_TOKEN}`,
}

beforeAll(async () => {
  ;[postgres, smtp, crm, n8n, slack, teams, discord] = await Promise.all([
    createPostgresDatabase(),
    startSmtpCatcher(),
    startWebhookReceiver(),
    startWebhookReceiver(),
    startWebhookReceiver(),
    startWebhookReceiver(),
    startWebhookReceiver(),
  ])
  const settings = testSettings(
    {
      PORT: '0',
      DATABASE_URL: postgres.url,
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'loopback',
      ADMIN_PASSWORD: PASSWORD,
      WEBHOOK_SECRET: SECRET,
      // Every event on its own to every receiver: what is tested here is delivery. The chat
      // receivers' hourly cap and digests (decision 060) are outbox-alerts.test.ts's.
      RATE_LIMIT_MAIL_PER_HOUR: '1000',
      WEBHOOK_URLS: [
        `${crm.url}${paths.crm}`,
        `${n8n.url}${paths.n8n}`,
        `${slack.url}${paths.slack}#slack`,
        `${teams.url}${paths.teams}#teams`,
        `${discord.url}${paths.discord}#discord`,
      ].join('\n'),
    },
    { webhookSweepIntervalMs: 200, webhookTimeoutMs: TIMEOUT_MS },
  )
  const log = createJsonLogger((line) => logLines.push(line))
  servers = await Promise.all([startServer(settings, log), startServer(settings, log)])
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  await Promise.all([postgres, smtp, crm, n8n, slack, teams, discord].map((part) => part?.stop()))
})

const receivers = () => [crm, n8n, slack, teams, discord]
const db = () => (servers[0] as RunningServer).db

/**
 * Each test starts with nothing in flight: the servers' sweeps keep running between tests, and
 * an attempt the last test started (a retry, or the second of two servers' turns) would land in
 * this test's counts. So no new claim is allowed, the attempts under way are let finish, and
 * only then is everything cleared.
 */
beforeEach(async () => {
  await db().exec('update private.webhook_receivers set disabled_at = now()')
  await waitFor(
    'the attempts in flight to finish',
    async () =>
      (
        await db().query<{ n: number }>(
          `select count(*)::int as n from private.webhook_deliveries where claimed_until > now()`,
        )
      ).rows[0]?.n,
    (inFlight) => inFlight === 0,
    { timeoutMs: TIMEOUT_MS * 4, intervalMs: 50 },
  )
  for (const receiver of receivers()) {
    receiver.behave({ kind: 'answer', status: 200 })
    receiver.received.length = 0
  }
  smtp.messages.length = 0
  await db().exec(
    `delete from private.webhook_events;
     delete from public.contact_submissions;
     update private.webhook_receivers
        set disabled_at = null, last_success_at = null, last_failure_at = null, last_error = null;`,
  )
})

let sequence = 0
const lead = (overrides: Record<string, unknown> = {}) => {
  sequence += 1
  return {
    name: `Ana Souza ${sequence}`,
    email: `ana.${sequence}@example.com`,
    company: 'Padaria Pão Quente',
    message: `Quero um orçamento (${sequence}).`,
    ...overrides,
  }
}

const insertThrough = async (server: RunningServer, body: object) => {
  const response = await fetch(`${server.url}/rest/v1/contact_submissions`, {
    method: 'POST',
    headers: {
      apikey: DEV_ANON_KEY,
      'content-type': 'application/json',
      'x-forwarded-for': `203.0.113.${sequence % 250}`,
    },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(201)
}

const answered = (receiver: WebhookReceiver, status = 200) =>
  receiver.received.filter((request) => request.status === status)

/** The texts of a Slack message's rich text elements, as Slack shows them. */
const slackTexts = (body = '{}') =>
  (
    JSON.parse(body) as {
      blocks?: { elements: { elements: { type: string; text: string }[] }[] }[]
    }
  ).blocks?.flatMap((block) =>
    block.elements.flatMap((element) =>
      element.elements.filter((leaf) => leaf.type === 'text').map((leaf) => leaf.text),
    ),
  ) ?? []

/** One request per event (the first of each webhook-id): what a receiver that dedupes keeps. */
const firstOfEach = <T extends { headers: Record<string, string> }>(requests: T[]) =>
  requests.filter(
    (request, index) =>
      requests.findIndex(
        (other) => other.headers['webhook-id'] === request.headers['webhook-id'],
      ) === index,
  )

const verify = (request: { body: string; headers: Record<string, string> }) =>
  new Webhook(SECRET).verify(request.body, request.headers) as {
    type: string
    timestamp: string
    data: Record<string, Record<string, unknown>>
  }

const deliveriesOf = async (eventType: string) =>
  (
    await db().query<{ receiver: string; event: string; attempts: number; delivered: boolean }>(
      `select d.receiver_id::text as receiver, d.event_id as event, d.attempts,
              d.delivered_at is not null as delivered
         from private.webhook_deliveries d join private.webhook_events e on e.id = d.event_id
        where e.type = $1`,
      [eventType],
    )
  ).rows

/** The failed attempts both servers logged, by receiver and webhook-id, with their errors. */
const loggedFailures = () => {
  const failures = new Map<string, string[]>()
  for (const line of logLines) {
    const entry = JSON.parse(line) as Record<string, unknown>
    if (entry.event !== 'webhook_failed') continue
    const key = `${String(entry.receiver)} ${String(entry.webhook_id)}`
    failures.set(key, [...(failures.get(key) ?? []), String(entry.error)])
  }
  return failures
}

/**
 * The promise, checked on every delivery of these events: delivered, and tried once more than
 * it failed (each failure logged). Returns the failures, by receiver id.
 */
const expectEachTriedOnceMoreThanItFailed = async (eventType: string, count: number) => {
  const rows = await deliveriesOf(eventType)
  expect(rows).toHaveLength(count)
  const failures = loggedFailures()
  const byReceiver = new Map<string, string[]>()
  for (const row of rows) {
    const failed = failures.get(`${row.receiver} ${row.event}`) ?? []
    expect({ delivered: row.delivered, attempts: row.attempts }).toEqual({
      delivered: true,
      attempts: failed.length + 1,
    })
    byReceiver.set(row.receiver, [...(byReceiver.get(row.receiver) ?? []), ...failed])
  }
  return byReceiver
}

const receiverId = async (urlEnd: string) =>
  (
    await db().query<{ id: string }>(
      `select id::text from private.webhook_receivers where url like $1`,
      [`%${urlEnd}`],
    )
  ).rows[0]?.id ?? ''

/** A healthy receiver fails only by answering after the time limit on a busy machine. */
const TIMED_OUT = `no answer within ${TIMEOUT_MS / 1000} s`

describe('webhooks from the Node server', () => {
  it('send each stored lead to every receiver, signed so the Standard Webhooks verifier accepts it, and nothing for a quarantined one', async () => {
    const ana = lead()
    await insertThrough(servers[0] as RunningServer, ana)
    // Sent too fast after the page opened: quarantined, not a lead.
    await insertThrough(servers[1] as RunningServer, lead({ name: 'Robô', form_elapsed_ms: 10 }))

    await waitFor(
      'every receiver to take the lead',
      () => receivers().map((receiver) => answered(receiver).length),
      (counts) => counts.every((count) => count >= 1),
      DELIVERY_WAIT,
    )
    for (const receiver of [crm, n8n]) {
      const [request] = answered(receiver)
      if (!request) throw new Error('nothing received')
      expect(request.path).toBe(receiver === crm ? paths.crm : paths.n8n)
      expect(request.headers['content-type']).toBe('application/json')
      expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/)
      expect(
        Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000),
      ).toBeLessThan(60)
      const event = verify(request)
      expect(event.type).toBe('lead.created')
      expect(Date.parse(event.timestamp)).toBeGreaterThan(Date.now() - 60_000)
      const { lead: sent = {} } = event.data
      expect(Object.keys(sent).sort()).toEqual(
        [
          'company',
          'desk_url',
          'email',
          'id',
          'message',
          'name',
          'received_at',
          'received_at_local',
          'time_zone',
        ].sort(),
      )
      const { timeZone } = company.officeHours
      expect(sent).toMatchObject({ ...ana, time_zone: timeZone })
      expect(sent.received_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
      // The same instant, to the second, on the company's clock with its offset then.
      const receivedAt = new Date(String(sent.received_at))
      const offset = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' })
        .formatToParts(receivedAt)
        .find((part) => part.type === 'timeZoneName')
        ?.value.replace(/^GMT$/, 'GMT+00:00')
        .slice(3)
      const local = String(sent.received_at_local)
      expect(local).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/)
      expect(local.slice(-6)).toBe(offset)
      expect(Date.parse(local)).toBe(Math.floor(receivedAt.getTime() / 1000) * 1000)
      expect(sent.desk_url).toBe(`${company.siteUrl}/painel/contatos/${String(sent.id)}`)
    }
    // Both JSON receivers got the same event id: one event, however many receivers.
    expect(answered(crm)[0]?.headers['webhook-id']).toBe(answered(n8n)[0]?.headers['webhook-id'])
    expect(slackTexts(answered(slack)[0]?.body)).toContain(ana.name)
    expect(JSON.parse(answered(teams)[0]?.body ?? '{}').type).toBe('message')
    expect(JSON.parse(answered(discord)[0]?.body ?? '{}').content).toContain('Ana Souza')
    const robot = await db().query(
      `select 1 from private.webhook_events where payload::text like '%Robô%'`,
    )
    expect(robot.rows).toHaveLength(0)
  })

  it('show what a visitor typed as text in Slack, Discord and Teams: no markup, emoji code, link or broken quote', async () => {
    const typed = lead({
      name: '*Chefe* _agora_ ~riscado~ `código` :rotating_light: <!channel>',
      email: '_ana_*~x~@example.com',
      company: '<https://phish.example|Banco> :bank:',
      message: 'primeira\r> citação falsa\u2028*negrito* :fire:\u2029<https://phish.example|aqui>',
    })
    await insertThrough(servers[0] as RunningServer, typed)
    await waitFor(
      'Slack, Discord and Teams to take the lead',
      () => [slack, discord, teams].map((receiver) => answered(receiver).length),
      (counts) => counts.every((count) => count === 1),
      DELIVERY_WAIT,
    )
    // Slack: each value is one rich text element of its own, which Slack shows as given; the
    // message's line breaks are plain LFs inside its quote.
    const slackBody = answered(slack)[0]?.body ?? ''
    const texts = slackTexts(slackBody)
    for (const value of [typed.name, typed.email, typed.company]) expect(texts).toContain(value)
    expect(texts).toContain(
      'primeira\n> citação falsa\n*negrito* :fire:\n<https://phish.example|aqui>',
    )
    expect(slackBody).not.toContain('mrkdwn')
    // Discord: every character escaped, every line of the message inside the quote.
    const { content } = JSON.parse(answered(discord)[0]?.body ?? '{}') as { content: string }
    expect(content).not.toMatch(/[\r\u2028\u2029]/)
    expect(content).toContain(
      '\\*Chefe\\* \\_agora\\_ \\~riscado\\~ \\`código\\` \\:rotating\\_light\\:',
    )
    expect(content).toContain(
      '> primeira\n> \\> citação falsa\n> \\*negrito\\* \\:fire\\:\n> \\<https',
    )
    // Teams: the values only as TextRuns, which read no markdown.
    const card = JSON.stringify(JSON.parse(answered(teams)[0]?.body ?? '{}'))
    expect(card).toContain(`{"type":"TextRun","text":${JSON.stringify(typed.name)}}`)
    expect(card).toContain(`{"type":"TextRun","text":${JSON.stringify(typed.message)}}`)
  })

  it('announce a booking once its inbox confirms it, its move and its cancellation, with times in UTC and on the company’s clock, and no lead.created for it', async () => {
    // The agenda's test hours (São Paulo's clock), not the company's, which the times below assume.
    await setAgenda(db())
    const now = '2027-03-01T10:00:00-03:00'
    const { rows } = await db().query<{ booking: { manage_token: string } }>(
      `select private.book_meeting('2027-03-03T14:00:00-03:00', 'Bia Lima', 'bia@example.com',
         'Lima & Filhos', 'Quero um app de entregas.', 'Europe/Lisbon', null, 60000, $1) as booking`,
      [now],
    )
    const token = rows[0]?.booking.manage_token
    // A hold nobody confirms (a stranger's address, a made-up one) is announced to no one.
    const stranger = await db().query<{ booking: { lead_id: string } }>(
      `select private.book_meeting('2027-03-05T14:00:00-03:00', 'Robô', 'vitima@example.com',
         null, 'Promoção!', 'America/Sao_Paulo', null, 60000, $1) as booking`,
      [now],
    )
    await db().query(`select private.expire_booking_holds($1::timestamptz + interval '1 hour')`, [
      now,
    ])
    await db().query(`select private.confirm_booking($1, $2)`, [token, now])
    await db().query(`select private.reschedule_booking($1, '2027-03-04T15:00:00-03:00', $2)`, [
      token,
      now,
    ])
    await db().query(`select private.cancel_booking_by_token($1, 'Surgiu um imprevisto.', $2)`, [
      token,
      now,
    ])

    const events = firstOfEach(
      await waitFor(
        'three booking events at the CRM',
        () => firstOfEach(answered(crm)),
        (requests) => requests.length === 3,
        DELIVERY_WAIT,
      ),
    )
      .map(verify)
      .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
    expect(events.map((event) => event.type)).toEqual([
      'booking.created',
      'booking.rescheduled',
      'booking.cancelled',
    ])
    const [created, moved, cancelled] = events.map((event) => event.data.booking ?? {})
    expect(created).toMatchObject({
      status: 'confirmed',
      starts_at: '2027-03-03T17:00:00.000Z',
      ends_at: '2027-03-03T17:30:00.000Z',
      starts_at_local: '2027-03-03T14:00:00-03:00',
      time_zone: 'America/Sao_Paulo',
      visitor_time_zone: 'Europe/Lisbon',
      name: 'Bia Lima',
      email: 'bia@example.com',
      company: 'Lima & Filhos',
      note: 'Quero um app de entregas.',
    })
    expect(String(created?.meeting_url)).toMatch(/^https:\/\/meet\.jit\.si\//)
    expect(created).not.toHaveProperty('manage_token')
    expect(created).not.toHaveProperty('manage_token_hash')
    expect(moved).toMatchObject({
      starts_at_local: '2027-03-04T15:00:00-03:00',
      previous_starts_at: '2027-03-03T17:00:00.000Z',
      previous_starts_at_local: '2027-03-03T14:00:00-03:00',
    })
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'visitor',
      cancel_message: 'Surgiu um imprevisto.',
    })
    expect(await deliveriesOf('lead.created')).toEqual([])
    const unannounced = await db().query(
      `select 1 from private.webhook_events where payload::text like '%vitima@example.com%'`,
    )
    expect(unannounced.rows, String(stranger.rows.length)).toHaveLength(0)
    await waitFor(
      'Slack to show the cancellation',
      () => answered(slack).map((request) => JSON.parse(request.body).text as string),
      (texts) => texts.includes('Consultoria cancelada'),
      DELIVERY_WAIT,
    )
  })

  it('let a receiver that never answers hold up neither the e-mail nor the other receivers', async () => {
    crm.behave({ kind: 'hang' })
    const ana = lead()
    await insertThrough(servers[0] as RunningServer, ana)
    // What the site does next: ask for the e-mail.
    const mailed = await fetch(`${servers[1]?.url}/functions/v1/send-contact-email`, {
      method: 'POST',
      headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify(ana),
    })
    expect(await mailed.json()).toEqual({ ok: true, status: 'sent' })
    const others = await waitFor(
      'the other receivers to take the lead',
      () => [n8n, slack, teams, discord].map((receiver) => answered(receiver)[0]),
      (requests) => requests.every((request) => request !== undefined),
      DELIVERY_WAIT,
    )
    // All of them arrived while the silent receiver still held its first request open: none
    // waited for it.
    const [silent] = crm.received
    if (!silent) throw new Error('the silent receiver was never asked')
    for (const request of others) {
      expect(request?.arrivedAt).toBeLessThan(silent.endedAt ?? Infinity)
    }
    expect(
      smtp.messages.filter((mail) => mail.replyTo?.value[0]?.address === ana.email),
    ).toHaveLength(1)
  })

  it('retry a receiver that answers 500, one that is down and one that answers too late, with the same webhook-id, until each takes the event once', async () => {
    crm.behave(
      { kind: 'answer', status: 500, body: 'Internal Server Error' },
      { kind: 'answer', status: 200 },
    )
    teams.behave(
      { kind: 'slow', ms: TIMEOUT_MS + 1_500, status: 200 },
      { kind: 'answer', status: 202 },
    )
    await n8n.down()
    await insertThrough(servers[0] as RunningServer, lead())

    await waitFor(
      'the down receiver’s first attempt to fail',
      async () =>
        (
          await db().query<{ error: string }>(
            `select r.last_error as error from private.webhook_receivers r where r.url like $1`,
            [`%${paths.n8n}`],
          )
        ).rows[0]?.error,
      (error) => error === 'connection refused',
      RETRY_WAIT,
    )
    await n8n.up()
    await waitFor(
      'every receiver to take the event',
      () => [answered(crm).length, answered(n8n).length, answered(teams, 202).length],
      (counts) => counts.every((count) => count >= 1),
      RETRY_WAIT,
    )
    await waitFor(
      'every delivery to be recorded',
      async () => (await deliveriesOf('lead.created')).filter((row) => row.delivered).length,
      (delivered) => delivered === 5,
      RETRY_WAIT,
    )
    const failed = crm.received[0]
    const delivered = answered(crm)[0]
    expect(failed?.status).toBe(500)
    expect(delivered?.headers['webhook-id']).toBe(failed?.headers['webhook-id'])
    // The retry comes after the schedule's first delay (5 s), never beside the first attempt.
    expect(Number(delivered?.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(
      Number(failed?.headers['webhook-timestamp']) + 4,
    )
    // Each attempt carries its own timestamp and a signature that verifies.
    expect(verify(failed as never)).toEqual(verify(delivered as never))
    const late = teams.received[0]
    const again = answered(teams, 202)[0]
    expect(again?.headers['webhook-id']).toBe(late?.headers['webhook-id'])
    expect(answered(n8n)[0]?.headers['webhook-id']).toBe(delivered?.headers['webhook-id'])
    // Every attempt beyond the first is one that failed, for what each receiver did.
    const failures = await expectEachTriedOnceMoreThanItFailed('lead.created', 5)
    const [crmId, n8nId, teamsId, slackId, discordId] = await Promise.all(
      [paths.crm, paths.n8n, paths.teams, paths.slack, paths.discord].map(receiverId),
    )
    expect(failures.get(crmId ?? '')?.[0]).toBe('HTTP 500: Internal Server Error')
    expect(failures.get(n8nId ?? '')?.[0]).toBe('connection refused')
    expect(failures.get(teamsId ?? '')?.[0]).toBe(TIMED_OUT)
    for (const id of [crmId, n8nId, teamsId, slackId, discordId]) {
      const rest = (failures.get(id ?? '') ?? []).slice(id === slackId || id === discordId ? 0 : 1)
      expect(
        rest.every((error) => [TIMED_OUT, 'connection refused'].includes(error)),
        rest.join(', '),
      ).toBe(true)
    }
  }, 120_000)

  it('deliver each of thirty leads to each receiver with both servers sweeping one PostgreSQL, again only after a failed attempt', async () => {
    for (let n = 0; n < 30; n += 1) await insertThrough(servers[n % 2] as RunningServer, lead())
    await waitFor(
      'every delivery of the thirty events to be recorded',
      async () => (await deliveriesOf('lead.created')).filter((row) => row.delivered).length,
      (delivered) => delivered === 150,
      { timeoutMs: 90_000 },
    )
    const failures = await expectEachTriedOnceMoreThanItFailed('lead.created', 150)
    // These receivers answer at once: only a time limit passed on a busy machine explains a retry.
    for (const errors of failures.values()) {
      expect(
        errors.every((error) => error === TIMED_OUT),
        errors.join(', '),
      ).toBe(true)
    }
    for (const receiver of receivers()) {
      const ids = receiver.received.map((request) => request.headers['webhook-id'])
      expect(new Set(ids).size).toBe(30)
      // A second copy of an event is the retry of an attempt the sender gave up on, never a
      // second sender's: it arrives after the first ended.
      for (const request of receiver.received) {
        const earlier = receiver.received.find(
          (other) =>
            other !== request &&
            other.headers['webhook-id'] === request.headers['webhook-id'] &&
            other.arrivedAt <= request.arrivedAt,
        )
        if (earlier) expect(request.arrivedAt).toBeGreaterThanOrEqual(earlier.endedAt ?? Infinity)
      }
    }
  }, 120_000)

  it('disable a receiver that answers 410 until "retry now" in the desk, which shows every receiver without its secrets', async () => {
    slack.behave(
      { kind: 'answer', status: 410, body: 'channel_is_archived' },
      { kind: 'answer', status: 200 },
    )
    await insertThrough(servers[0] as RunningServer, lead())
    await waitFor(
      'the 410',
      () => slack.received.length,
      (count) => count === 1,
      DELIVERY_WAIT,
    )
    const desk = createDeskClient((path, init) => fetch(`${servers[1]?.url}${path}`, init))
    expect((await desk.signIn(PASSWORD)).status).toBe(303)
    const disabledPage = await (await desk.request('/painel/webhooks')).text()
    expect(disabledPage).toContain('o destino respondeu 410')
    expect(disabledPage).toContain('HTTP 410: channel_is_archived')
    // A second lead waits for Slack too; nothing is sent to it while it is disabled.
    await insertThrough(servers[1] as RunningServer, lead())
    await waitFor(
      'the CRM to take both',
      () => answered(crm).length,
      (count) => count === 2,
      DELIVERY_WAIT,
    )
    expect(slack.received).toHaveLength(1)

    const { rows } = await db().query<{ id: string }>(
      `select id::text from private.webhook_receivers where format = 'slack'`,
    )
    const slackId = rows[0]?.id
    const retried = await desk.post(`/painel/webhooks/${slackId}/tentar`)
    expect(retried.status).toBe(303)
    expect(retried.headers.get('location')).toBe('/painel/webhooks?aviso=webhook-tentando&n=2')
    await waitFor(
      'Slack to take both',
      () => answered(slack).length,
      (count) => count === 2,
      DELIVERY_WAIT,
    )
    const page = await (await desk.request(retried.headers.get('location') ?? '')).text()
    expect(page).toContain('2 envios vão ser tentados de novo nos próximos segundos.')
    expect(page).toContain(
      `127.0.0.1:${new URL(slack.url).port}/services/…${SLACK_TOKEN.slice(-4)}`,
    )

    // Neither the pages nor any log line of either server carries a secret: the signing key,
    // or the part of a Slack or Discord address that lets anyone post to the channel.
    const secrets = [
      SECRET,
      SECRET.slice('whsec_'.length),
      SLACK_TOKEN.slice(0, -4),
      DISCORD_TOKEN.slice(0, -4),
      paths.n8n,
    ]
    const logs = logLines.join('\n')
    expect(logs).toContain('"event":"webhook_receiver_gone"')
    for (const secret of secrets) {
      expect(page).not.toContain(secret)
      expect(disabledPage).not.toContain(secret)
      expect(logs).not.toContain(secret)
    }
  })

  it('erase a person’s undelivered webhooks with the person (LGPD)', async () => {
    await crm.down()
    const ana = lead()
    await insertThrough(servers[0] as RunningServer, ana)
    const pending = await db().query(
      `select 1 from private.webhook_events where payload->'data'->'lead'->>'email' = $1`,
      [ana.email],
    )
    expect(pending.rows).toHaveLength(1)
    await db().query('select private.erase_leads_by_email($1)', [ana.email])
    const left = await db().query(
      `select count(*)::int as n from private.webhook_events e
         join private.webhook_deliveries d on d.event_id = e.id
        where e.payload::text like $1`,
      [`%${ana.email}%`],
    )
    expect(left.rows[0]).toEqual({ n: 0 })
    await crm.up()
  })
})
