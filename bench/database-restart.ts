// PostgreSQL stopped under a running server (decision 057): the built server, in its own
// process, on a real PostgreSQL 15 and a real SMTP server. Visitors read every page and send
// leads throughout; PostgreSQL is stopped as `systemctl stop postgresql` does for `down`
// seconds, then started again. Each page read is followed by the same page from a reference
// server (the same build, on a PostgreSQL of its own that stays up), so the machine's load,
// which drifts, weighs on both alike. Prints, per phase (before, down, after), what the pages
// answered (count of 200s, p50/p99, against the same pages before the stop and against the
// reference in the same moments), what /healthz and the leads got, how long after PostgreSQL
// accepted connections again the first lead was accepted, and whether every acknowledged lead
// is stored and mailed once.
// Run: npm run build && npm run bench:database-restart [-- down-seconds phase-seconds visitors]
//      (defaults: 60 20 4)
import { loadavg } from 'node:os'
import { openPostgresDatabase } from '../server/db/postgres.ts'
import { DEV_ANON_KEY } from '../server/settings.ts'
import { requireBuild, startBuiltServer } from '../tests/support/built-server.ts'
import { startPostgresServer } from '../tests/support/postgres-server.ts'
import { sitePages } from '../tests/support/site-addresses.ts'
import { startSmtpCatcher } from '../tests/support/smtp-catcher.ts'
import { median, percentile } from './spawn-server.ts'

const downSeconds = Number(process.argv[2] ?? 60)
const phaseSeconds = Number(process.argv[3] ?? 20)
const visitors = Number(process.argv[4] ?? 4)
const LEAD_EVERY_MS = 500

interface Phase {
  name: string
  pageMs: number[]
  referenceMs: number[]
  pageStatuses: Map<number, number>
  health: Map<number, number>
  leads: Map<number, number>
  leadMs: number[]
}

const newPhase = (name: string): Phase => ({
  name,
  pageMs: [],
  referenceMs: [],
  pageStatuses: new Map(),
  health: new Map(),
  leads: new Map(),
  leadMs: [],
})
const count = (map: Map<number, number>, key: number) => map.set(key, (map.get(key) ?? 0) + 1)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

requireBuild()
const pages = [...sitePages().pages.map((page) => page.addresses[0] ?? '/'), '/painel/entrar']
const [postgres, referencePostgres, smtp] = await Promise.all([
  startPostgresServer(),
  startPostgresServer(),
  startSmtpCatcher(),
])
const settings = {
  SMTP_URL: smtp.url,
  ADMIN_PASSWORD: 'correto cavalo bateria grampo',
  RATE_LIMIT_UNKNOWN_ADDRESSES: '2000000000',
  PUBLIC_CALLS_UNKNOWN_PER_MINUTE: '1000000',
  // Every lead a single e-mail, so each can be found by its Reply-To.
  RATE_LIMIT_MAIL_PER_HOUR: '2000000000',
}
const [server, reference] = await Promise.all([
  startBuiltServer({ ...settings, DATABASE_URL: postgres.url }),
  startBuiltServer({ ...settings, DATABASE_URL: referencePostgres.url }),
])
const db = await openPostgresDatabase(postgres.url)
const headers = { apikey: DEV_ANON_KEY, 'content-type': 'application/json' }

let sequence = 0
const acknowledged: string[] = []
const refused: string[] = []
/** The site's two calls: the insert, then the function that mails the company. */
const sendLead = async (): Promise<{ status: number; ms: number }> => {
  sequence += 1
  const email = `bench.${sequence}@example.com`
  const body = JSON.stringify({ name: 'Ana', email, company: null, message: `Lead ${sequence}` })
  const started = performance.now()
  const status = await fetch(`${server.url}/rest/v1/contact_submissions`, {
    method: 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(30_000),
  }).then(
    (response) => response.status,
    () => 0,
  )
  const ms = performance.now() - started
  if (status === 201) {
    acknowledged.push(email)
    await fetch(`${server.url}/functions/v1/send-contact-email`, { method: 'POST', headers, body })
  } else {
    refused.push(email)
  }
  return { status, ms }
}

/** Visitors reading every page in turn, a lead every LEAD_EVERY_MS, /healthz every second. */
const run = async (phase: Phase, seconds: number) => {
  const until = performance.now() + seconds * 1000
  const read = async (url: string) => {
    const started = performance.now()
    const status = await fetch(url).then(
      async (response) => (await response.arrayBuffer(), response.status),
      () => 0,
    )
    return { status, ms: performance.now() - started }
  }
  const reader = async (offset: number) => {
    for (let n = offset; performance.now() < until; n += 1) {
      const page = pages[n % pages.length] ?? '/'
      const measured = await read(`${server.url}${page}`)
      phase.pageMs.push(measured.ms)
      count(phase.pageStatuses, measured.status)
      phase.referenceMs.push((await read(`${reference.url}${page}`)).ms)
    }
  }
  const leads = async () => {
    while (performance.now() < until) {
      const { status, ms } = await sendLead()
      count(phase.leads, status)
      phase.leadMs.push(ms)
      await sleep(LEAD_EVERY_MS)
    }
  }
  const health = async () => {
    while (performance.now() < until) {
      count(
        phase.health,
        await fetch(`${server.url}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      )
      await sleep(1_000)
    }
  }
  await Promise.all([...Array.from({ length: visitors }, (_, n) => reader(n)), leads(), health()])
}

const show = (map: Map<number, number>) =>
  [...map].map(([status, times]) => `${times}× ${status || 'no answer'}`).join(', ')
const ms = (value: number) => `${value.toFixed(1)} ms`

await run(newPhase('warm-up'), 2)
const before = newPhase('before')
await run(before, phaseSeconds)

await postgres.halt('fast')
const down = newPhase(`PostgreSQL stopped, ${downSeconds} s`)
await run(down, downSeconds)

const resumeStarted = performance.now()
await postgres.resume()
const accepting = performance.now()
let firstAcceptedMs = Number.NaN
for (;;) {
  const { status } = await sendLead()
  if (status === 201) {
    firstAcceptedMs = performance.now() - accepting
    break
  }
  if (performance.now() - accepting > 60_000) break
  await sleep(20)
}
const after = newPhase('after')
await run(after, phaseSeconds)

// Every acknowledged lead: stored, and mailed once (the function sends it at once).
const deadline = Date.now() + 60_000
const mailedOnce = () =>
  acknowledged.filter(
    (email) =>
      smtp.messages.filter((mail) => mail.replyTo?.value[0]?.address === email).length === 1,
  ).length
while (mailedOnce() < acknowledged.length && Date.now() < deadline) await sleep(200)
const { rows } = await db.query<{ email: string }>(
  'select email from contact_submissions where email = any($1)',
  [[...acknowledged, ...refused]],
)
const stored = new Set(rows.map((row) => row.email))
const storedAcknowledged = acknowledged.filter((email) => stored.has(email)).length
const storedRefused = refused.filter((email) => stored.has(email)).length
const mailedMoreThanOnce = acknowledged.filter(
  (email) => smtp.messages.filter((mail) => mail.replyTo?.value[0]?.address === email).length > 1,
).length
const events = (name: string) => server.lines.filter((line) => line.event === name).length

console.log(
  `\nPostgreSQL stopped under the built server: ${visitors} page readers, a lead every ${LEAD_EVERY_MS} ms, load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
)
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`
console.log(
  '\n| phase | page reads | 200s | p50 / p99 | vs before (p50 / p99) | reference p50 / p99 | vs reference (p50 / p99) | /healthz | leads | lead p99 |',
)
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
for (const phase of [before, down, after]) {
  const [p50, p99] = [median(phase.pageMs), percentile(phase.pageMs, 99)]
  const [r50, r99] = [median(phase.referenceMs), percentile(phase.referenceMs, 99)]
  const [b50, b99] = [median(before.pageMs), percentile(before.pageMs, 99)]
  console.log(
    `| ${phase.name} | ${phase.pageMs.length} | ${phase.pageStatuses.get(200) ?? 0} | ${ms(p50)} / ${ms(p99)} | ${ratio(p50, b50)} / ${ratio(p99, b99)} | ${ms(r50)} / ${ms(r99)} | ${ratio(p50, r50)} / ${ratio(p99, r99)} | ${show(phase.health)} | ${show(phase.leads)} | ${ms(percentile(phase.leadMs, 99))} |`,
  )
}
console.log(
  `\nPostgreSQL start (pg_ctl -w): ${ms(accepting - resumeStarted)}; then the first lead accepted after ${ms(firstAcceptedMs)}.`,
)
console.log(
  `Leads acknowledged: ${acknowledged.length}, stored ${storedAcknowledged}, mailed once ${mailedOnce()}, mailed more than once ${mailedMoreThanOnce}; refused while down: ${refused.length}, stored ${storedRefused}.`,
)
console.log(
  `The process: ${server.exitCode === undefined ? 'still running' : `exited (${server.exitCode})`}; logged pipeline_watch_failed ${events('pipeline_watch_failed')}×, webhook_sweep_failed ${events('webhook_sweep_failed')}×, database_connection_lost ${events('database_connection_lost')}×, unhandled_rejection ${events('unhandled_rejection')}×.`,
)

await Promise.all([server.stop(), reference.stop()])
await db.close()
await Promise.all([postgres.stop(), referencePostgres.stop(), smtp.stop()])
