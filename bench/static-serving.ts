// Serving the built site: our static route (server/routes/static.ts, the build held in memory,
// compressed once at start) against @hono/node-server's serveStatic with precompressed files
// and hono/etag (bench/static-server.ts). First what each gets right, with the header-set
// checks of tests/integration/header-sets.test.ts; then GET / (brotli), its revalidation (304)
// and the landing page's script, each server in its own process, interleaved round by round.
// Run: npm run build && npm run bench:static [-- seconds rounds concurrency]  (defaults: 5 5 8)
import { spawn } from 'node:child_process'
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { bundleForNode } from '../scripts/bundle-for-node.js'
import { DIST_DIR } from '../server/paths.ts'
import { ask, headerMismatches, sameAnswerMismatches } from '../tests/support/header-sets.ts'
import { siteFiles, sitePages } from '../tests/support/site-addresses.ts'
import { median, percentile, residentMegabytes } from './spawn-server.ts'

const seconds = Number(process.argv[2] ?? 5)
const rounds = Number(process.argv[3] ?? 5)
const concurrency = Number(process.argv[4] ?? 8)

interface Served {
  name: string
  url: string
  pid: number
  stop(): Promise<void>
}

/** What adopting serveStatic adds to the build: a .br and a .gz beside each text file. */
async function precompressedCopy(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-static-'))
  await cp(DIST_DIR, dir, { recursive: true })
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(html|js|css|svg|xml|txt|json)$/.test(entry.name)) continue
    const file = path.join(entry.parentPath, entry.name)
    const body = await readFile(file)
    if (body.length <= 256) continue
    const brotli = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    })
    await writeFile(`${file}.br`, brotli)
    await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }))
  }
  return dir
}

function serve(name: string, mode: string, root: string): Promise<Served> {
  const child = spawn(process.execPath, ['dist-server/bench-static-server.js', mode, root], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} exited with code ${code}`)))
    child.stdout.once('data', (chunk: Buffer) =>
      resolve({
        name,
        url: chunk.toString().trim(),
        pid: child.pid ?? 0,
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit')
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      }),
    )
  })
}

/** Every check of tests/integration/header-sets.test.ts, and the 404 and method rules. */
async function correctness(server: Served): Promise<string[]> {
  const found: string[] = []
  const { pages, notFound } = sitePages()
  for (const page of pages) {
    for (const address of page.addresses) {
      const url = `${server.url}${address}`
      found.push(...(await headerMismatches(url, { distinctStrongEtags: true })))
      found.push(...(await sameAnswerMismatches(`${server.url}${page.addresses[0]}`, url)))
    }
  }
  for (const address of [...notFound.addresses, '/../package.json', '/%2e%2e/package.json']) {
    const { status } = await ask(`${server.url}${address}`)
    if (status !== 404) found.push(`${address}: status ${status}, not 404`)
    found.push(...(await headerMismatches(`${server.url}${address}`)))
  }
  for (const file of siteFiles()) {
    found.push(
      ...(await headerMismatches(`${server.url}${file}`, { distinctStrongEtags: true })).map(
        (line) => `${file}: ${line}`,
      ),
    )
  }
  const post = await ask(`${server.url}/`, 'POST')
  if (post.status !== 405 || post.headers.allow === undefined) {
    found.push(`POST /: ${post.status}, Allow ${post.headers.allow ?? '(none)'}`)
  }
  return found
}

const agent = new Agent({ keepAlive: true, maxSockets: concurrency })

/** One request on a kept-alive connection; the body is read, never decompressed. */
const timed = (url: string, headers: Record<string, string>) =>
  new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const started = performance.now()
    request(url, { headers, agent }, (response) => {
      response.resume()
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
      )
    })
      .on('error', reject)
      .end()
  })

/** `concurrency` clients, each sending its next request as soon as the last is answered. */
async function closedLoop(url: string, headers: Record<string, string>, expected: number) {
  const latencies: number[] = []
  let wrong = 0
  const deadline = performance.now() + seconds * 1000
  const client = async () => {
    while (performance.now() < deadline) {
      const { status, ms } = await timed(url, headers)
      latencies.push(ms)
      if (status !== expected) wrong++
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client))
  return { perSecond: latencies.length / seconds, latencies, wrong }
}

await bundleForNode('bench/static-server.ts', 'dist-server/bench-static-server.js')
const candidateRoot = await precompressedCopy()
const servers = [
  await serve('ours (static.ts)', 'ours', DIST_DIR),
  await serve('Hono serveStatic', 'hono', candidateRoot),
]
try {
  console.log('Correctness (header sets of 200/304/HEAD/encodings/Range, 404s, methods):')
  for (const server of servers) {
    const problems = await correctness(server)
    console.log(`  ${server.name}: ${problems.length} problem(s)`)
    for (const line of [...new Set(problems.map((p) => p.replace(/"[^"]*"/g, '"…"')))].slice(
      0,
      Number(process.env.BENCH_SHOW_PROBLEMS ?? 12),
    ))
      console.log(`    - ${line}`)
  }

  const script = /data-page-script="([^ "]+)/.exec(
    await readFile(path.join(DIST_DIR, 'index.html'), 'utf8'),
  )?.[1]
  const br = { 'accept-encoding': 'gzip, deflate, br' }
  const targets = await Promise.all(
    servers.map(async (server) => {
      const etag = (await ask(`${server.url}/`, 'GET', br)).headers.etag ?? ''
      return [
        { label: 'GET / (br)', url: `${server.url}/`, headers: br, status: 200 },
        {
          label: 'GET / revalidated (304)',
          url: `${server.url}/`,
          headers: { ...br, 'if-none-match': etag },
          status: etag ? 304 : 200,
        },
        { label: `GET ${script} (br)`, url: `${server.url}${script}`, headers: br, status: 200 },
      ]
    }),
  )
  // Cold code (V8 not yet optimised) is not what a running server meets: warm both first.
  for (const target of targets.flat()) await closedLoop(target.url, target.headers, target.status)
  const results = new Map<string, { perSecond: number[]; p50: number[]; p99: number[] }>()
  for (let round = 0; round < rounds; round++) {
    for (let target = 0; target < (targets[0]?.length ?? 0); target++) {
      // Alternate who goes first, so neither always meets a machine the other just warmed.
      const order = round % 2 === 0 ? [0, 1] : [1, 0]
      for (const index of order) {
        const chosen = targets[index]?.[target]
        if (!chosen) continue
        const { label, url, headers, status } = chosen
        const run = await closedLoop(url, headers, status)
        if (run.wrong > 0) console.log(`  ${servers[index]?.name} ${label}: ${run.wrong} wrong`)
        const key = `${label}|${index}`
        const entry = results.get(key) ?? { perSecond: [], p50: [], p99: [] }
        entry.perSecond.push(run.perSecond)
        entry.p50.push(median(run.latencies))
        entry.p99.push(percentile(run.latencies, 99))
        results.set(key, entry)
      }
    }
  }
  console.log(
    `\nLoad: ${concurrency} clients, ${seconds} s per run, ${rounds} rounds interleaved (medians; runs listed)`,
  )
  for (const { label } of targets[0] ?? []) {
    const [a, b] = [0, 1].map((index) => results.get(`${label}|${index}`))
    if (!a || !b) continue
    console.log(`  ${label}`)
    for (const [index, entry] of [a, b].entries()) {
      console.log(
        `    ${servers[index]?.name.padEnd(18)} ${median(entry.perSecond).toFixed(0).padStart(6)} req/s  p50 ${median(entry.p50).toFixed(2)} ms  p99 ${median(entry.p99).toFixed(2)} ms   [${entry.perSecond.map((n) => n.toFixed(0)).join(', ')}]`,
      )
    }
    console.log(
      `    Hono / ours        ${(median(b.perSecond) / median(a.perSecond)).toFixed(2)}× req/s, ${(median(b.p50) / median(a.p50)).toFixed(2)}× p50`,
    )
  }
  for (const server of servers) {
    console.log(`  RSS ${server.name}: ${(await residentMegabytes(server.pid)).toFixed(0)} MB`)
  }
} finally {
  agent.destroy()
  await Promise.all(servers.map((server) => server.stop()))
  await rm(candidateRoot, { recursive: true, force: true })
}
