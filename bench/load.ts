// Contact API under load: open-loop submissions at a fixed rate against `npm start`'s server in its own
// process, then the most the HTTP path and the database alone can each take in the same run.
// Run: npm run bench:load [-- rate seconds]   (defaults: 200/s for 30 s)
import { execFile } from 'node:child_process'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { promisify } from 'node:util'
import { bundleForNode } from '../scripts/bundle-for-node.js'
import { DEV_ANON_KEY } from '../server/settings.ts'
import { startPostgresServer, type PostgresServer } from '../tests/support/postgres-server.ts'
import { directInsertsPerSecond } from './direct-inserts.ts'
import { median, percentile, residentMegabytes, spawnServer } from './spawn-server.ts'

const rate = Number(process.argv[2] ?? 200)
const seconds = Number(process.argv[3] ?? 30)
// The first seconds after a start run on cold code (V8 and PGlite's WebAssembly not yet
// optimised): measured apart, as a warm-up at the same rate, and reported as "cold start".
const warmupSeconds = 3
const loopResolutionMs = 10
const saturationSeconds = 10
const saturationConcurrency = 16

let sequence = 0
function submit(url: string): Promise<{ status: number; ms: number }> {
  const n = ++sequence
  const started = performance.now()
  return fetch(`${url}/rest/v1/contact_submissions`, {
    method: 'POST',
    headers: {
      apikey: DEV_ANON_KEY,
      authorization: `Bearer ${DEV_ANON_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      name: `Visitante ${n}`,
      email: `visitante${n}@example.com`,
      company: n % 2 ? null : 'Empresa Exemplo',
      message: `Mensagem de teste de carga número ${n}.`,
    }),
  }).then(
    async (res) => {
      await res.arrayBuffer()
      return { status: res.status, ms: performance.now() - started }
    },
    () => ({ status: 0, ms: performance.now() - started }),
  )
}

async function openLoop(url: string, pid: number, seconds: number) {
  const latencies: number[] = []
  // How late each request left the generator: when it shares 2 cores with the server it can
  // fall behind, and that delay is not the server's (it is not in `latencies` either).
  const sendLag: number[] = []
  // The worst latency in each second of the run, to tell a steady tail from a few stalls.
  const worstPerSecond: number[] = []
  const statuses = new Map<number, number>()
  const rss: number[] = []
  const pending: Promise<void>[] = []
  const total = rate * seconds
  // The generator's own event-loop delay: time a response waited for this process.
  const generatorDelay = monitorEventLoopDelay({ resolution: loopResolutionMs })
  generatorDelay.enable()
  const start = performance.now()
  const sampler = setInterval(() => void residentMegabytes(pid).then((mb) => rss.push(mb)), 250)
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate
    const wait = due - performance.now()
    if (wait > 1) await new Promise((r) => setTimeout(r, wait))
    sendLag.push(Math.max(0, performance.now() - due))
    const second = Math.floor(i / rate)
    pending.push(
      submit(url).then(({ status, ms }) => {
        latencies.push(ms)
        worstPerSecond[second] = Math.max(worstPerSecond[second] ?? 0, ms)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
      }),
    )
  }
  await Promise.all(pending)
  clearInterval(sampler)
  generatorDelay.disable()
  const elapsed = (performance.now() - start) / 1000
  // The histogram holds whole timer intervals (resolution included): keep only the delay.
  const loopDelay = {
    p99: Math.max(0, generatorDelay.percentile(99) / 1e6 - loopResolutionMs),
    max: Math.max(0, generatorDelay.max / 1e6 - loopResolutionMs),
  }
  return { latencies, sendLag, worstPerSecond, statuses, rss, elapsed, loopDelay }
}

/** The server's own time per request, from its request log (the `ms` field). */
function serverTimes() {
  const times: number[] = []
  let recording = false
  return {
    times,
    record: (on: boolean) => (recording = on),
    onLine(line: string) {
      if (!recording || !line.includes('"request"')) return
      try {
        const entry = JSON.parse(line) as { event?: string; ms?: number; path?: string }
        if (entry.event === 'request' && entry.path?.startsWith('/rest/') && entry.ms !== undefined)
          times.push(entry.ms)
      } catch {
        // Not a log line.
      }
    },
  }
}

/**
 * RSS of a process that opens PGlite as the server does and inserts, without the server. It
 * runs as plain JavaScript, bundled the way `npm start` bundles the server, so that neither
 * side carries a TypeScript loader and the difference is the server's own.
 */
async function pgliteAloneMegabytes() {
  const outfile = 'dist-server/bench-pglite-alone.js'
  await bundleForNode('bench/pglite-alone.ts', outfile)
  const { stdout } = await promisify(execFile)(process.execPath, [outfile, '5'])
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
    nodeOnly: number
    pgliteAlone: number
  }
}

async function saturate(url: string) {
  let done = 0
  const deadline = performance.now() + saturationSeconds * 1000
  const worker = async () => {
    while (performance.now() < deadline) {
      const { status } = await submit(url)
      if (status === 201) done++
    }
  }
  await Promise.all(Array.from({ length: saturationConcurrency }, worker))
  return done / saturationSeconds
}

// BENCH_POSTGRES=1 starts a throwaway PostgreSQL (Debian's, fsync off like the tests') and
// measures the server on it too; DATABASE_URL measures against that server instead.
const postgres: PostgresServer | undefined =
  process.env.BENCH_POSTGRES === '1' && !process.env.DATABASE_URL
    ? await startPostgresServer()
    : undefined
const databaseUrl = process.env.DATABASE_URL ?? postgres?.url

for (const [label, env] of storesToMeasure()) {
  const server = serverTimes()
  // Every request comes from loopback, an unknown address whose shared caps would refuse all
  // but the first 60 inserts in ten minutes and 1 200 calls a minute: lift them, so the
  // benchmark measures the insert path.
  const spawned = await spawnServer(
    {
      ...env,
      RATE_LIMIT_UNKNOWN_ADDRESSES: '2000000000',
      PUBLIC_CALLS_UNKNOWN_PER_MINUTE: '1000000',
    },
    server.onLine,
  )
  const idleRss = await residentMegabytes(spawned.pid)
  try {
    const warmup = await openLoop(spawned.url, spawned.pid, warmupSeconds)
    server.record(true)
    const load = await openLoop(spawned.url, spawned.pid, seconds)
    server.record(false)
    const httpRate = await saturate(spawned.url)
    const dbRate = await directInsertsPerSecond(env, saturationSeconds)
    const ok = load.statuses.get(201) ?? 0
    console.log(
      `\n${label}: ${rate}/s for ${seconds} s (${load.latencies.length} requests in ${load.elapsed.toFixed(1)} s)`,
    )
    console.log(`  statuses        ${[...load.statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}`)
    console.log(`  errors          ${load.latencies.length - ok}`)
    console.log(`  latency p50     ${median(load.latencies).toFixed(1)} ms`)
    console.log(
      `  latency p99     ${percentile(load.latencies, 99).toFixed(1)} ms   (budget 25 ms)`,
    )
    console.log(`  latency max     ${Math.max(...load.latencies).toFixed(1)} ms`)
    console.log(
      `  server's own    p50 ${median(server.times).toFixed(1)} ms, p99 ${percentile(server.times, 99).toFixed(1)} ms, max ${Math.max(...server.times).toFixed(1)} ms (its request log)`,
    )
    console.log(
      `  generator loop  delay p99 ${load.loopDelay.p99.toFixed(1)} ms, max ${load.loopDelay.max.toFixed(1)} ms (its own event loop; counted in the latencies)`,
    )
    console.log(
      `  generator lag   p50 ${median(load.sendLag).toFixed(1)} ms, p99 ${percentile(load.sendLag, 99).toFixed(1)} ms (how late requests were sent)`,
    )
    const stalls = load.worstPerSecond
      .map((ms, second) => ({ ms, second }))
      .filter(({ ms }) => ms > 25)
    console.log(
      `  seconds > 25 ms ${stalls.length} of ${seconds}${stalls.length ? `: ${stalls.map(({ ms, second }) => `${second}s ${ms.toFixed(0)} ms`).join(', ')}` : ''}`,
    )
    console.log(
      `  cold start      first ${warmupSeconds} s at ${rate}/s (not counted above): p99 ${percentile(warmup.latencies, 99).toFixed(0)} ms, max ${Math.max(...warmup.latencies).toFixed(0)} ms, ${warmup.latencies.length - (warmup.statuses.get(201) ?? 0)} errors`,
    )
    const peakRss = Math.max(...load.rss, ...warmup.rss)
    console.log(`  RSS idle → peak ${idleRss.toFixed(0)} → ${peakRss.toFixed(0)} MB`)
    if (!env.DATABASE_URL) {
      const alone = await pgliteAloneMegabytes()
      console.log(
        `  PGlite alone    ${alone.pgliteAlone.toFixed(0)} MB (bare Node ${alone.nodeOnly.toFixed(0)} MB); server beyond it ${(peakRss - alone.pgliteAlone).toFixed(0)} MB   (budget 150 MB)`,
      )
    } else {
      console.log(`  RSS budget      150 MB in all with DATABASE_URL`)
    }
    console.log(
      `  HTTP saturated  ${httpRate.toFixed(0)} inserts/s (${saturationConcurrency} concurrent clients)`,
    )
    console.log(`  DB direct       ${dbRate.toFixed(0)} inserts/s (same SQL, one connection)`)
    console.log(`  HTTP / DB       ${((100 * httpRate) / dbRate).toFixed(0)}%   (budget ≥ 50%)`)
  } finally {
    await spawned.stop()
  }
}

await postgres?.stop()

function storesToMeasure(): [string, Record<string, string>][] {
  const stores: [string, Record<string, string>][] = []
  if (process.env.BENCH_SKIP_PGLITE !== '1') stores.push(['PGlite (embedded)', {}])
  if (databaseUrl) stores.push(['PostgreSQL (DATABASE_URL)', { DATABASE_URL: databaseUrl }])
  return stores
}
