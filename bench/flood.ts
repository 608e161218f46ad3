// One address floods a public call while visitors from other addresses read the free times,
// book a meeting and send the contact form (DESIGN.md: under a one-address flood of any public
// call, a visitor's p99 ≤ 3× the same run's quiet p99, on PGlite and PostgreSQL). The server
// runs as `npm start` does, in its own process, trusting one proxy hop (TRUST_PROXY=1), so
// X-Forwarded-For names the client; the flooder is a third process (bench/flood-client.ts)
// sending as fast as the server answers over `connections` kept-alive connections.
//
// What a visitor meets: each visitor comes from an address of their own (a different /24,
// under any per-network limit) over a connection of their own, opened for the call and closed
// after it, as a browser arriving at the site does; not over a warm pooled connection.
// Phases alternate, quiet then flood, round by round, and end quiet: each target's flood
// phases are set against its own quiet phases, measured in the same minutes on the same
// machine, whose speed drifts (other work shares its cores). Each flood phase comes from an
// address the server has not met yet, so each starts with the full burst a new attacker gets.
//
// Decision 058's two floods: `rotate-48` (booking_details, each call from a new /64 of one
// /48) and `desk-cookies` (the desk's pages with a made-up session cookie each time, from one
// address) are held to ≤ 2× quiet for every visitor's figure, `GET /` included.
//
// Run: npm run bench:flood [-- rounds seconds connections targets]
//   defaults: 8 4 64 all (no flood at all, then every public call: bench/flood-client.ts's
//   ALL_CALLS; or a comma list such as none,rest,free-times). BENCH_POSTGRES=1 measures PostgreSQL too (DATABASE_URL:
//   that server instead); BENCH_SKIP_PGLITE=1 leaves PGlite out. BENCH_VISITORS=kept sends
//   the visitors' calls over pooled kept-alive connections instead (how this benchmark
//   measured before decision 040, for comparison).
import { fork, type ChildProcess } from 'node:child_process'
import { request } from 'node:http'
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { DEV_ANON_KEY } from '../server/settings.ts'
import { startPostgresServer, type PostgresServer } from '../tests/support/postgres-server.ts'
import {
  ALL_CALLS,
  FLOOD_TARGETS,
  type FloodOrder,
  type FloodTarget,
  type FromFlooder,
  type ToFlooder,
} from './flood-client.ts'
import { median, percentile, residentMegabytes, spawnServer } from './spawn-server.ts'

const rounds = Number(process.argv[2] ?? 8)
const seconds = Number(process.argv[3] ?? 4)
const connections = Number(process.argv[4] ?? 64)
const targetArg = process.argv[5] ?? 'all'
const targets: FloodTarget[] =
  targetArg === 'all'
    ? ['none', ...ALL_CALLS]
    : targetArg.split(',').map((name) => {
        if (!(FLOOD_TARGETS as readonly string[]).includes(name)) {
          throw new Error(`Unknown target ${name}; one of: all, ${FLOOD_TARGETS.join(', ')}`)
        }
        return name as FloodTarget
      })
const keptConnections = process.env.BENCH_VISITORS === 'kept'
const warmupSeconds = 2
/** What the visitors do, open-loop: a real site sees far less. */
const RATES = { freeTimes: 4, booking: 1, insert: 4, page: 8 } as const
const TARGET_RATIO = 3
/** Targets held to another ratio, every figure judged (docs/benchmarks/floods.md). */
const STRICTER: Partial<Record<FloodTarget, number>> = { 'rotate-48': 2, 'desk-cookies': 2 }
const ADMIN_PASSWORD = 'bancada de testes da inundação'

interface Sample {
  ms: number
  status: number
}

type Kind = 'freeTimes' | 'booking' | 'insert' | 'page'
const KINDS: Kind[] = ['freeTimes', 'booking', 'insert', 'page']
const LABEL: Record<Kind, string> = {
  freeTimes: 'free times',
  booking: 'booking',
  insert: 'insert',
  page: 'GET / (reference)',
}

type Samples = Record<Kind, Sample[]>
const emptySamples = (): Samples => ({ freeTimes: [], booking: [], insert: [], page: [] })

interface Phase {
  kind: 'quiet' | 'flood'
  samples: Samples
  flood?: Extract<FromFlooder, { type: 'stopped' }>
}

let visitorNumber = 0
/** Each visitor from an address of their own, each in a /24 (and /16) of its own. */
const newVisitor = () => {
  const n = (visitorNumber += 1)
  return `10.${(n >> 8) & 255}.${n & 255}.${1 + (n % 250)}`
}

interface Answer extends Sample {
  body: string
}

const send = (
  url: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body = '',
): Promise<Answer> => {
  const started = performance.now()
  if (keptConnections) {
    return fetch(new URL(path, url), { method, headers, body: method === 'GET' ? undefined : body })
      .then(async (response) => ({
        ms: performance.now() - started,
        status: response.status,
        body: await response.text(),
      }))
      .catch(() => ({ ms: performance.now() - started, status: 0, body: '' }))
  }
  // A connection of its own, opened for this call and closed after it.
  return new Promise((resolve) => {
    const req = request(
      new URL(path, url),
      {
        method,
        agent: false,
        headers: { ...headers, connection: 'close', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            ms: performance.now() - started,
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
      },
    )
    req.on('error', () => resolve({ ms: performance.now() - started, status: 0, body: '' }))
    req.end(body)
  })
}

const api = (url: string, visitor: string, path: string, body: unknown) =>
  send(
    url,
    'POST',
    path,
    { apikey: DEV_ANON_KEY, 'content-type': 'application/json', 'x-forwarded-for': visitor },
    JSON.stringify(body),
  )

const freeTimes = (url: string, visitor = newVisitor()) =>
  api(url, visitor, '/rest/v1/rpc/booking_free_times', {})

/**
 * A visitor who books: reads the free times, books one of them (measured), and cancels it
 * at once, so that the agenda never fills during a run.
 */
const booking = async (url: string, samples: Samples) => {
  const visitor = newVisitor()
  const times = await freeTimes(url, visitor)
  samples.freeTimes.push(times)
  let slots: string[] = []
  try {
    slots = (JSON.parse(times.body) as { slots: string[] }).slots
  } catch {
    return
  }
  const n = visitorNumber
  const booked = await api(url, visitor, '/rest/v1/rpc/book_meeting', {
    starts_at: slots[Math.floor(Math.random() * slots.length)],
    name: `Visitante ${n}`,
    email: `visitante.${n}@example.com`,
    note: 'Quero conversar sobre um aplicativo.',
    time_zone: 'America/Sao_Paulo',
    form_trap: '',
    form_elapsed_ms: 30_000,
  })
  samples.booking.push(booked)
  if (booked.status !== 200) return
  // A hold (decision 038): its hold token gives it up, as a visitor who mistyped their e-mail.
  const token = (JSON.parse(booked.body) as { hold_token: string }).hold_token
  await api(url, visitor, '/rest/v1/rpc/cancel_booking', { token })
}

const insert = (url: string) => {
  const visitor = newVisitor()
  const n = visitorNumber
  return api(url, visitor, '/rest/v1/contact_submissions', {
    name: `Visitante ${n}`,
    email: `visitante.${n}@example.com`,
    company: null,
    message: `Uma mensagem de verdade, número ${n}.`,
  })
}

const page = (url: string) => send(url, 'GET', '/', { 'accept-encoding': 'br' })

/** `rate` a second for `seconds`, each started on time whether or not the last returned. */
const openLoop = async (rate: number, seconds: number, start: () => Promise<unknown>) => {
  const started: Promise<unknown>[] = []
  const t0 = performance.now()
  for (let i = 0; i < rate * seconds; i += 1) {
    const wait = t0 + (i * 1000) / rate - performance.now()
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait))
    started.push(start())
  }
  await Promise.all(started)
}

const visitors = async (url: string, seconds: number): Promise<Samples> => {
  const samples = emptySamples()
  await Promise.all([
    openLoop(RATES.freeTimes, seconds, async () => samples.freeTimes.push(await freeTimes(url))),
    openLoop(RATES.booking, seconds, () => booking(url, samples)),
    openLoop(RATES.insert, seconds, async () => samples.insert.push(await insert(url))),
    openLoop(RATES.page, seconds, async () => samples.page.push(await page(url))),
  ])
  return samples
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
    start: (address: string) => tell({ type: 'start', address }),
    async stop() {
      const report = next()
      tell({ type: 'stop' })
      return (await report) as Extract<FromFlooder, { type: 'stopped' }>
    },
    kill: () => child.kill(),
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`
const p99 = (samples: Sample[]) =>
  percentile(
    samples.map((s) => s.ms),
    99,
  )
const p50 = (samples: Sample[]) => median(samples.map((s) => s.ms))
const statusList = (samples: Sample[]) => {
  const counts = new Map<number, number>()
  for (const { status } of samples) counts.set(status, (counts.get(status) ?? 0) + 1)
  return [...counts].map(([status, n]) => `${status}: ${n}`).join(', ')
}

interface TargetResult {
  target: FloodTarget
  ratios: Record<Kind, number>
  met: boolean
}

const report = (target: FloodTarget, phases: Phase[]): TargetResult => {
  const quiet = phases.filter((phase) => phase.kind === 'quiet')
  const flooded = phases.filter((phase) => phase.kind === 'flood')
  const all = (list: Phase[], kind: Kind) => list.flatMap((phase) => phase.samples[kind])
  const requests = flooded.reduce((sum, phase) => sum + (phase.flood?.requests ?? 0), 0)
  const floodSeconds = flooded.reduce((sum, phase) => sum + (phase.flood?.seconds ?? 0), 0)
  const statuses = new Map<string, number>()
  for (const phase of flooded) {
    for (const [status, n] of Object.entries(phase.flood?.statuses ?? {})) {
      statuses.set(status, (statuses.get(status) ?? 0) + n)
    }
  }
  console.log(
    `\n  ${target === 'none' ? 'none (no flood: the machine alone)' : target}: flood ${(requests / floodSeconds).toFixed(0)} req/s (${[
      ...statuses,
    ]
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ')})`,
  )
  const ratios = {} as Record<Kind, number>
  let met = true
  const limit = STRICTER[target] ?? TARGET_RATIO
  for (const kind of KINDS) {
    const q = all(quiet, kind)
    const f = all(flooded, kind)
    const ratio = p99(f) / p99(q)
    ratios[kind] = ratio
    const perRound = flooded.map((phase, index) => {
      const before = quiet[index]
      return before ? p99(phase.samples[kind]) / p99(before.samples[kind]) : Number.NaN
    })
    const judged = kind !== 'page' || STRICTER[target] !== undefined
    if (judged && ratio > limit) met = false
    console.log(
      `    ${LABEL[kind].padEnd(18)} p50 ${ms(p50(q))} → ${ms(p50(f))}, p99 ${ms(p99(q))} → ${ms(p99(f))} (${ratio.toFixed(2)}×; rounds ${perRound.map((r) => r.toFixed(1)).join(' ')})${judged ? `  ≤ ${limit}×: ${ratio <= limit ? 'met' : 'MISSED'}` : ''}`,
    )
    console.log(`    ${''.padEnd(18)} quiet ${statusList(q)}; flood ${statusList(f)}`)
  }
  return { target, ratios, met }
}

const postgres: PostgresServer | undefined =
  process.env.BENCH_POSTGRES === '1' && !process.env.DATABASE_URL
    ? await startPostgresServer()
    : undefined
const databaseUrl = process.env.DATABASE_URL ?? postgres?.url
const stores: [string, Record<string, string>][] = []
if (process.env.BENCH_SKIP_PGLITE !== '1') stores.push(['PGlite (embedded)', {}])
if (databaseUrl) stores.push(['PostgreSQL (DATABASE_URL)', { DATABASE_URL: databaseUrl }])

const loads = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
console.log(
  `load average ${loads()} at the start, ${os.cpus().length} cores; visitors a second: ${RATES.freeTimes} free-times reads, ${RATES.booking} bookings (each reads the free times first), ${RATES.insert} inserts, ${RATES.page} GET /, each from a new address over ${keptConnections ? 'pooled kept-alive connections' : 'a connection of its own'}; ${rounds} rounds of ${seconds} s quiet + ${seconds} s flood per target, ${connections} flood connections`,
)
for (const [label, env] of stores) {
  const server = await spawnServer({ ...env, TRUST_PROXY: '1', ADMIN_PASSWORD })
  const results: TargetResult[] = []
  console.log(`\n${label}`)
  try {
    await visitors(server.url, warmupSeconds)
    for (const [index, target] of targets.entries()) {
      const flooder = await startFlooder({
        url: server.url,
        connections,
        target,
        address: `198.51.${100 + index}.1`,
      })
      try {
        const phases: Phase[] = []
        for (let round = 0; round < rounds; round += 1) {
          phases.push({ kind: 'quiet', samples: await visitors(server.url, seconds) })
          // A flooder the server has never met, each phase: its first burst is the worst case.
          flooder.start(`198.51.${100 + index}.${10 + round}`)
          const samples = await visitors(server.url, seconds)
          phases.push({ kind: 'flood', samples, flood: await flooder.stop() })
        }
        phases.push({ kind: 'quiet', samples: await visitors(server.url, seconds) })
        results.push(report(target, phases))
      } finally {
        flooder.kill()
      }
    }
    console.log(`\n  ${label} summary (flood p99 / quiet p99; target ≤ ${TARGET_RATIO}×):`)
    console.log('    target          free times  booking  insert  GET / (ref.)')
    for (const { target, ratios, met } of results) {
      console.log(
        `    ${target.padEnd(15)} ${ratios.freeTimes.toFixed(2).padStart(10)}  ${ratios.booking.toFixed(2).padStart(7)}  ${ratios.insert.toFixed(2).padStart(6)}  ${ratios.page.toFixed(2).padStart(12)}  ${met ? 'met' : 'MISSED'}`,
      )
    }
    console.log(`  server RSS after ${(await residentMegabytes(server.pid)).toFixed(0)} MB`)
  } finally {
    await server.stop()
  }
}
console.log(`\nload average ${loads()} at the end`)
await postgres?.stop()
