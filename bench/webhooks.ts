// What webhooks cost and how fast they arrive, on the embedded server (PGlite):
// 1. a visitor's insert (POST /rest/v1/contact_submissions) with five receivers listed and with
//    none, interleaved round by round in one run: the triggers' cost of queuing the event and
//    its five deliveries in the insert's transaction (the deliveries themselves go out
//    meanwhile, as in production);
// 2. from the insert's 201 to the receiver's request, with the server's default look every
//    5 s, one lead at a time at random moments.
// Run: npm run bench:webhooks [-- rounds]   (default 300 inserts of each kind, 30 leads timed)
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { DEV_ANON_KEY } from '../server/settings.ts'
import { startServer } from '../server/start-server.ts'
import { testSettings } from '../tests/support/test-app.ts'
import { startWebhookReceiver } from '../tests/support/webhook-receiver.ts'
import { median, percentile } from './spawn-server.ts'

const rounds = Number(process.argv[2] ?? 300)
const TIMED_LEADS = 30
const fmt = (ms: number) => `${ms.toFixed(1)} ms`

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-webhooks-'))
const receivers = await Promise.all(Array.from({ length: 5 }, () => startWebhookReceiver()))
const server = await startServer(
  testSettings(
    {
      PORT: '0',
      DATA_DIR: dataDir,
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_PER_ADDRESS: '1000000',
      WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
      WEBHOOK_URLS: receivers.map((receiver, n) => `${receiver.url}/hook/${n}`).join(' '),
    },
    { webhookSweepIntervalMs: 5_000 },
  ),
)

let sequence = 0
const insert = async () => {
  sequence += 1
  const started = performance.now()
  const response = await fetch(`${server.url}/rest/v1/contact_submissions`, {
    method: 'POST',
    headers: {
      apikey: DEV_ANON_KEY,
      'content-type': 'application/json',
      'x-forwarded-for': `198.51.100.${sequence % 250}`,
    },
    body: JSON.stringify({
      name: `Visitante ${sequence}`,
      email: `visitante.${sequence}@example.com`,
      company: null,
      message: `Mensagem de teste ${sequence}`,
    }),
  })
  await response.arrayBuffer()
  if (response.status !== 201) throw new Error(`insert answered ${response.status}`)
  return performance.now() - started
}

const listReceivers = (active: boolean) =>
  server.db.query('update private.webhook_receivers set active = $1', [active])

try {
  const withReceivers: number[] = []
  const without: number[] = []
  for (let round = 0; round < rounds; round += 1) {
    await listReceivers(true)
    withReceivers.push(await insert())
    await listReceivers(false)
    without.push(await insert())
  }
  console.log(
    `Inserts, ${rounds} of each, interleaved; load ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`,
  )
  console.log('| insert through POST /rest/v1        | p50     | p95     | p99     |')
  console.log('| ----------------------------------- | ------- | ------- | ------- |')
  for (const [label, times] of [
    ['no receiver listed                 ', without],
    ['five receivers (event + 5 queued)  ', withReceivers],
  ] as const) {
    console.log(
      `| ${label} | ${fmt(median(times))} | ${fmt(percentile(times, 95))} | ${fmt(percentile(times, 99))} |`,
    )
  }

  await listReceivers(true)
  await server.db.exec('delete from private.webhook_events')
  const first = receivers[0]
  if (!first) throw new Error('no receiver')
  const waits: number[] = []
  for (let n = 0; n < TIMED_LEADS; n += 1) {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 1_500))
    const before = first.received.length
    await insert()
    const stored = performance.now()
    while (first.received.length === before) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    waits.push(performance.now() - stored)
  }
  console.log(
    `\nFrom 201 to the receiver, ${TIMED_LEADS} leads, look every 5 s: p50 ${fmt(median(waits))}, p95 ${fmt(percentile(waits, 95))}, max ${fmt(Math.max(...waits))}`,
  )
} finally {
  await server.stop()
  await Promise.all(receivers.map((receiver) => receiver.stop()))
  await rm(dataDir, { recursive: true, force: true })
}
