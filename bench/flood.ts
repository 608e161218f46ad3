// One address floods the contact insert while visitors from other addresses send the form and
// read the landing page (issue 18). The server runs as `npm start` does, in its own process,
// trusting one proxy hop (TRUST_PROXY=1), so X-Forwarded-For names the client; the flooder is
// a third process (bench/flood-client.ts) sending as fast as the server answers. Phases
// alternate, quiet then flood, round by round, and end quiet: each flood phase is set against
// the quiet phases of the same run.
// Run: npm run bench:flood [-- rounds seconds connections target]   (defaults: 5 6 48 rest;
// target: rest, form or function; rest-same and form-same repeat one message; rest-many sends
// each request from a new address). BENCH_POSTGRES=1 measures PostgreSQL too (DATABASE_URL:
// that server instead); BENCH_SKIP_PGLITE=1 leaves PGlite out.
import { fork, type ChildProcess } from 'node:child_process'
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { DEV_ANON_KEY } from '../server/settings.ts'
import { startPostgresServer, type PostgresServer } from '../tests/support/postgres-server.ts'
import type { FloodOrder, FloodTarget, FromFlooder, ToFlooder } from './flood-client.ts'
import { median, percentile, residentMegabytes, spawnServer } from './spawn-server.ts'

const rounds = Number(process.argv[2] ?? 5)
const seconds = Number(process.argv[3] ?? 6)
const connections = Number(process.argv[4] ?? 48)
const target = (process.argv[5] ?? 'rest') as FloodTarget
const warmupSeconds = 3
/** What the visitors do, open-loop: a real site sees far less. */
const INSERTS_PER_SECOND = 10
const PAGES_PER_SECOND = 20
const FLOODER_ADDRESS = '198.51.100.66'
const TARGET_RATIO = 3

interface Sample {
  ms: number
  status: number
}

interface Phase {
  kind: 'quiet' | 'flood' | 'quiet again'
  inserts: Sample[]
  pages: Sample[]
  flood?: Extract<FromFlooder, { type: 'stopped' }>
}

let visitorNumber = 0
/** Each visitor from an address of their own, under any per-address limit. */
const visitorAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

const timed = async (send: () => Promise<Response>): Promise<Sample> => {
  const started = performance.now()
  try {
    const response = await send()
    await response.arrayBuffer()
    return { ms: performance.now() - started, status: response.status }
  } catch {
    return { ms: performance.now() - started, status: 0 }
  }
}

const visitorInsert = (url: string) => {
  const n = ++visitorNumber
  return timed(() =>
    fetch(`${url}/rest/v1/contact_submissions`, {
      method: 'POST',
      headers: {
        apikey: DEV_ANON_KEY,
        'content-type': 'application/json',
        'x-forwarded-for': visitorAddress(n),
      },
      body: JSON.stringify({
        name: `Visitante ${n}`,
        email: `visitante${n}@example.com`,
        company: null,
        message: `Uma mensagem de verdade, número ${n}.`,
      }),
    }),
  )
}

const pageRead = (url: string) =>
  timed(() => fetch(`${url}/`, { headers: { 'accept-encoding': 'br' } }))

/** `rate` requests a second for `seconds`, each sent on time whether or not the last returned. */
const openLoop = async (rate: number, seconds: number, send: () => Promise<Sample>) => {
  const samples: Promise<Sample>[] = []
  const start = performance.now()
  for (let i = 0; i < rate * seconds; i += 1) {
    const wait = start + (i * 1000) / rate - performance.now()
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait))
    samples.push(send())
  }
  return Promise.all(samples)
}

const visitors = async (url: string, seconds: number) => {
  const [inserts, pages] = await Promise.all([
    openLoop(INSERTS_PER_SECOND, seconds, () => visitorInsert(url)),
    openLoop(PAGES_PER_SECOND, seconds, () => pageRead(url)),
  ])
  return { inserts, pages }
}

const startFlooder = async (order: FloodOrder) => {
  // fork keeps this process's loader (tsx), so the flooder runs from its TypeScript source.
  const child: ChildProcess = fork('bench/flood-client.ts', [JSON.stringify(order)])
  const next = () =>
    new Promise<FromFlooder>((resolve, reject) => {
      child.once('message', (message) => resolve(message as FromFlooder))
      child.once('exit', (code) => reject(new Error(`The flooder exited with code ${code}`)))
    })
  await next()
  const tell = (message: ToFlooder) => child.send(message)
  return {
    start: () => tell({ type: 'start' }),
    async stop() {
      const report = next()
      tell({ type: 'stop' })
      return (await report) as Extract<FromFlooder, { type: 'stopped' }>
    },
    kill: () => child.kill(),
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`
const statusList = (samples: Sample[]) => {
  const counts = new Map<number, number>()
  for (const { status } of samples) counts.set(status, (counts.get(status) ?? 0) + 1)
  return [...counts].map(([status, n]) => `${status}: ${n}`).join(', ')
}
const p99 = (samples: Sample[]) =>
  percentile(
    samples.map((s) => s.ms),
    99,
  )
const p50 = (samples: Sample[]) => median(samples.map((s) => s.ms))

const report = (label: string, phases: Phase[], rssMb: number) => {
  const quiet = phases.filter((phase) => phase.kind !== 'flood')
  const flooded = phases.filter((phase) => phase.kind === 'flood')
  console.log(
    `\n${label}: ${target} flooded from one address over ${connections} connections; visitors ${INSERTS_PER_SECOND} inserts/s and ${PAGES_PER_SECOND} GET / a second, ${rounds} rounds of ${seconds} s quiet + ${seconds} s flood, then ${seconds} s quiet`,
  )
  console.log(
    '  round  quiet insert p50 / p99   flood insert p50 / p99   quiet GET / p50 / p99   flood GET / p50 / p99   flood req/s (statuses)',
  )
  const insertRatios: number[] = []
  const pageRatios: number[] = []
  for (let round = 0; round < rounds; round += 1) {
    const q = phases[round * 2] as Phase
    const f = phases[round * 2 + 1] as Phase
    insertRatios.push(p99(f.inserts) / p99(q.inserts))
    pageRatios.push(p99(f.pages) / p99(q.pages))
    const rate = f.flood ? (f.flood.requests / f.flood.seconds).toFixed(0) : '?'
    const statuses = f.flood
      ? Object.entries(f.flood.statuses)
          .map(([status, n]) => `${status}: ${n}`)
          .join(', ')
      : ''
    console.log(
      `  ${round + 1}      ${ms(p50(q.inserts))} / ${ms(p99(q.inserts))}      ${ms(p50(f.inserts))} / ${ms(p99(f.inserts))}      ${ms(p50(q.pages))} / ${ms(p99(q.pages))}      ${ms(p50(f.pages))} / ${ms(p99(f.pages))}      ${rate} (${statuses})`,
    )
  }
  const last = phases.at(-1) as Phase
  console.log(
    `  quiet again  insert ${ms(p50(last.inserts))} / ${ms(p99(last.inserts))}, GET / ${ms(p50(last.pages))} / ${ms(p99(last.pages))}`,
  )
  const all = (list: Phase[], key: 'inserts' | 'pages') => list.flatMap((phase) => phase[key])
  const figures = [
    ['visitor insert', all(quiet, 'inserts'), all(flooded, 'inserts'), insertRatios],
    ['GET /', all(quiet, 'pages'), all(flooded, 'pages'), pageRatios],
  ] as const
  for (const [name, q, f, ratios] of figures) {
    const pooled = p99(f) / p99(q)
    console.log(
      `  ${name.padEnd(15)} p50 ${ms(p50(q))} → ${ms(p50(f))} (${(p50(f) / p50(q)).toFixed(2)}×), p99 ${ms(p99(q))} → ${ms(p99(f))} (${pooled.toFixed(2)}×, rounds' median ${median(ratios).toFixed(2)}×: ${ratios.map((r) => r.toFixed(2)).join(', ')})   target ≤ ${TARGET_RATIO}×: ${pooled <= TARGET_RATIO ? 'met' : 'missed'}`,
    )
    console.log(`  ${''.padEnd(15)} statuses quiet ${statusList(q)}; flood ${statusList(f)}`)
  }
  console.log(`  server RSS after ${rssMb.toFixed(0)} MB`)
}

const postgres: PostgresServer | undefined =
  process.env.BENCH_POSTGRES === '1' && !process.env.DATABASE_URL
    ? await startPostgresServer()
    : undefined
const databaseUrl = process.env.DATABASE_URL ?? postgres?.url
const stores: [string, Record<string, string>][] = []
if (process.env.BENCH_SKIP_PGLITE !== '1') stores.push(['PGlite (embedded)', {}])
if (databaseUrl) stores.push(['PostgreSQL (DATABASE_URL)', { DATABASE_URL: databaseUrl }])

console.log(
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} at the start, ${os.cpus().length} cores`,
)
for (const [label, env] of stores) {
  const server = await spawnServer({ ...env, TRUST_PROXY: '1' })
  const flooder = await startFlooder({
    url: server.url,
    connections,
    target,
    address: FLOODER_ADDRESS,
  })
  try {
    await visitors(server.url, warmupSeconds)
    const phases: Phase[] = []
    for (let round = 0; round < rounds; round += 1) {
      phases.push({ kind: 'quiet', ...(await visitors(server.url, seconds)) })
      flooder.start()
      const measured = await visitors(server.url, seconds)
      phases.push({ kind: 'flood', ...measured, flood: await flooder.stop() })
    }
    phases.push({ kind: 'quiet again', ...(await visitors(server.url, seconds)) })
    report(label, phases, await residentMegabytes(server.pid))
  } finally {
    flooder.kill()
    await server.stop()
  }
}
console.log(
  `\nload average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} at the end`,
)
await postgres?.stop()
