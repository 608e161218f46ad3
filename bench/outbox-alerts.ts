// What a flood of leads makes the company receive (decisions 059, 060; the figures in
// docs/benchmarks/mail-and-alerts.md): one Node server on PostgreSQL 15, a real SMTP server and
// real Slack, Teams, Discord and Standard Webhooks receivers.
// 1. One /56 sends leads through the site's REST route, each of its 256 /64s in turn until the
//    form's limits refuse it (429). Then /56s of fresh /48s of one /32 do the same, until
//    2 560 leads are stored (what one /56 stored in 1.1.0): the alerts' cap under that storm.
// 2. The alert comes 0.005 h (18 s) after each lead, so every lead goes overdue within the run.
// 3. The clock is moved forward a quarter of an hour at a time (tests/support/outbox-clock.ts:
//    the ledger the cap and the digest's turn count) once everything a turn allows has gone; the
//    first hour is four turns, and turns go on until the inbox has been told of every lead.
// The reference, in the same run: what 1.1.0 sent, one message per lead per channel and kind.
// Run: npm run bench:outbox-alerts [-- leads]   (default: 2 560)
import { loadavg } from 'node:os'
import { createJsonLogger } from '../server/log.ts'
import { DEV_ANON_KEY } from '../server/settings.ts'
import { startServer } from '../server/start-server.ts'
import { advanceQuarterHour } from '../tests/support/outbox-clock.ts'
import { startPostgresServer } from '../tests/support/postgres-server.ts'
import { startSmtpCatcher } from '../tests/support/smtp-catcher.ts'
import { testSettings } from '../tests/support/test-app.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../tests/support/webhook-receiver.ts'

const maxLeads = Number(process.argv[2] ?? 2_560)
const SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`
const ALERT_AFTER_HOURS = 0.005
const CHATS = ['slack', 'teams', 'discord'] as const
type Chat = (typeof CHATS)[number]
const TURNS_PER_HOUR = 4

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const load = () => loadavg()[0]?.toFixed(1) ?? '?'

const [postgres, smtp, slack, teams, discord, n8n] = await Promise.all([
  startPostgresServer(),
  startSmtpCatcher(),
  startWebhookReceiver(),
  startWebhookReceiver(),
  startWebhookReceiver(),
  startWebhookReceiver(),
])
const receivers: Record<Chat, WebhookReceiver> = { slack, teams, discord }
const server = await startServer(
  testSettings(
    {
      PORT: '0',
      DATABASE_URL: postgres.url,
      SMTP_URL: smtp.url,
      CONTACT_TO: 'equipe@empresa.example',
      TRUST_PROXY: 'loopback',
      ADMIN_PASSWORD: 'correto cavalo bateria grampo',
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_URLS: [
        `${n8n.url}/webhook/n8n`,
        `${slack.url}/services/T/B/x#slack`,
        `${teams.url}/workflows/teams#teams`,
        `${discord.url}/api/webhooks/1/x#discord`,
      ].join('\n'),
      REPLY_PROMISE_HOURS: String(ALERT_AFTER_HOURS * 2),
      REPLY_ALERT_AFTER_HOURS: String(ALERT_AFTER_HOURS),
      // Seconds on the wall clock, whatever the time of day (decision 070).
      REPLY_CLOCK: 'clock',
    },
    // The watch and the webhook look faster than production (15 s, 5 s): the cap is measured,
    // not the watch's phase (bench/reply-alerts.ts measures that).
    { pipelineWatchIntervalMs: 300, webhookSweepIntervalMs: 200 },
  ),
  createJsonLogger(() => {}),
)
const { db } = server

// --- 1. The flood -----------------------------------------------------------------------------
// A /64 is named by its /48 (h), its /56 within it (s) and itself within the /56 (t):
// 2001:db8:h:s t::n. The /32 is the documentation range: one provider's customers.
const started = Date.now()
let accepted = 0
let refused = 0
/** Sends from one /64 until a limit refuses it; how many it stored. */
const sendFrom = async (h: number, s: number, t: number) => {
  let stored = 0
  for (let n = 0; accepted < maxLeads; n += 1) {
    const hex = (value: number) => value.toString(16).padStart(2, '0')
    const response = await fetch(`${server.url}/rest/v1/contact_submissions`, {
      method: 'POST',
      headers: {
        apikey: DEV_ANON_KEY,
        'content-type': 'application/json',
        prefer: 'return=minimal',
        'x-forwarded-for': `2001:db8:${h.toString(16)}:${hex(s)}${hex(t)}::${n + 1}`,
      },
      body: JSON.stringify({
        name: `Robô ${h}-${s}-${t}-${n}`,
        email: `robo.${h}.${s}.${t}.${n}@example.com`,
        message: 'Mensagem automática.',
      }),
    })
    await response.body?.cancel()
    if (response.status !== 201) {
      refused += 1
      return stored
    }
    accepted += 1
    stored += 1
  }
  return stored
}
/** Every /64 of one /56 in turn, until the /56 itself is refused; how many it stored. */
const sendFromHome = async (h: number, s: number) => {
  let stored = 0
  for (let t = 0; t < 256 && accepted < maxLeads; t += 1) {
    const fromThis = await sendFrom(h, s, t)
    if (fromThis === 0) break // the /56 (or its /48) is at its limit
    stored += fromThis
  }
  return stored
}
// 1a. One /56 alone, the flood: what the form lets through now.
const oneHome = await sendFromHome(0, 0xab)
const oneHomeSeconds = (Date.now() - started) / 1000
console.log(
  `One /56: ${oneHome} leads stored in ${oneHomeSeconds.toFixed(1)} s, then refused; load average ${load()}`,
)
// 1b. As many leads as an alert storm needs, from /56s of fresh /48s of the same /32 (each
// /48 until its limit refuses it), eight at a time.
const target = Number.isFinite(maxLeads) ? maxLeads : 2_560
const nextHome = (() => {
  let h = 1
  let s = 0
  return () => {
    const home = { h, s }
    s += 1
    if (s === 256) {
      s = 0
      h += 1
    }
    return home
  }
})()
const full48 = new Set<number>()
const storedBy48 = new Map<number, number>()
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (accepted < target) {
      const { h, s } = nextHome()
      if (full48.has(h)) continue
      const stored = await sendFromHome(h, s)
      if (stored === 0) full48.add(h)
      storedBy48.set(h, (storedBy48.get(h) ?? 0) + stored)
    }
  }),
)
const per48 = [...storedBy48.values()].filter((n) => n > 0).sort((a, b) => a - b)
const floodSeconds = (Date.now() - started) / 1000
console.log(
  `The storm: ${accepted} leads stored in ${floodSeconds.toFixed(1)} s from ${per48.length} /48s of one /32 (${per48[0]} to ${per48.at(-1)} each), ${refused} calls refused at a limit; load average ${load()}`,
)

// Every lead overdue and queued (the sweep marks 50 a watch).
const counted = async (sql: string) => Number((await db.query<{ n: number }>(sql)).rows[0]?.n)
while (
  (await counted(
    'select count(*)::int as n from public.contact_submissions where overdue_alerted_at is null',
  )) > 0
) {
  await sleep(500)
}

// --- 2. Turns of a quarter of an hour ------------------------------------------------------------
const leadIds = (await db.query<{ id: string }>('select id from public.contact_submissions')).rows
const idsOf = (body: string) => {
  const found = new Set<string>()
  for (const match of body.matchAll(/\/painel\/contatos\/([0-9a-f-]{36})/g)) {
    if (match[1]) found.add(match[1])
  }
  return found
}
interface Tally {
  singles: number
  digests: number
  told: Set<string>
}
const tallyOf = (messages: { title: string; body: string }[]): Tally => {
  const told = new Set<string>()
  let singles = 0
  let digests = 0
  for (const message of messages) {
    if (/^\d/.test(message.title)) digests += 1
    else singles += 1
    for (const id of idsOf(message.body)) told.add(id)
  }
  return { singles, digests, told }
}
const titleOf = (chat: Chat, body: string) => {
  const parsed = JSON.parse(body) as {
    text?: string
    content?: string
    attachments?: { content?: { body?: { text?: string }[] } }[]
  }
  if (chat === 'slack') return parsed.text ?? ''
  if (chat === 'discord') return /^\*\*(.*?)\*\*/.exec(parsed.content ?? '')?.[1] ?? ''
  return parsed.attachments?.[0]?.content?.body?.[0]?.text ?? ''
}
const channels = () => ({
  'e-mail alerts': tallyOf(
    smtp.messages
      .filter((mail) => /sem resposta/.test(mail.subject ?? ''))
      .map((mail) => ({ title: mail.subject ?? '', body: mail.text ?? '' })),
  ),
  ...Object.fromEntries(
    CHATS.map((chat) => [
      `${chat} lead.overdue`,
      tallyOf(
        receivers[chat].received
          .map((request) => ({ title: titleOf(chat, request.body), body: request.body }))
          .filter((post) => /sem resposta/.test(post.title)),
      ),
    ]),
  ),
  ...Object.fromEntries(
    CHATS.map((chat) => [
      `${chat} lead.created`,
      tallyOf(
        receivers[chat].received
          .map((request) => ({ title: titleOf(chat, request.body), body: request.body }))
          .filter((post) => !/sem resposta/.test(post.title)),
      ),
    ]),
  ),
})

/**
 * This turn is over: no alert e-mail is being sent, and no webhook delivery is due or being
 * sent (what the cap holds back waits for the next turn: alerts unclaimed, deliveries not due).
 */
const settled = async () =>
  (await counted(`select ((select count(*) from private.company_alerts
                            where sent_at is null and claimed_until > now())
                        + (select count(*) from private.webhook_deliveries
                            where delivered_at is null and failed_at is null
                              and (due_at <= now() or claimed_until > now())))::int as n`)) === 0

const rows: string[] = []
const report = (when: string) => {
  for (const [channel, tally] of Object.entries(channels())) {
    const messages = tally.singles + tally.digests
    rows.push(
      `| ${when} | ${channel} | ${tally.singles} | ${tally.digests} | ${tally.told.size} of ${leadIds.length} | ${messages} | ${leadIds.length} | ${(messages / leadIds.length).toFixed(3)} |`,
    )
  }
}
let turns = 0
const turnStarted = Date.now()
for (;;) {
  // A watch (every 300 ms) claims what the turn allows; then it goes out.
  await sleep(1_000)
  const deadline = Date.now() + 300_000
  while (!(await settled()) && Date.now() < deadline) await sleep(250)
  turns += 1
  if (turns === TURNS_PER_HOUR) report('first hour')
  const mail = channels()['e-mail alerts']
  if (turns >= TURNS_PER_HOUR && mail.told.size >= leadIds.length) break
  if (turns > 400) break
  await advanceQuarterHour(db)
}
report(`after ${turns} turns (${(turns / TURNS_PER_HOUR).toFixed(2)} h)`)
const standard = n8n.received.filter((request) => request.body.includes('"lead.overdue"')).length

console.log(
  `\n${leadIds.length} leads, ${turns} quarter-hour turns in ${((Date.now() - turnStarted) / 1000).toFixed(0)} s; load average ${load()}`,
)
console.log(
  '| when | channel | single messages | digests | leads told | messages | 1.1.0 (one per lead) | ratio |',
)
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |')
for (const row of rows) console.log(row)
console.log(`Standard Webhooks receiver: ${standard} lead.overdue events (every event, uncapped)`)

await server.stop()
await Promise.all([postgres, smtp, slack, teams, discord, n8n].map((part) => part.stop()))
