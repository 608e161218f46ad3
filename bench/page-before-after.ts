// A page as another commit built it against the same page as the working tree builds it, in
// Lighthouse (mobile preset, simulated throttling), interleaved round by round with the bare
// 1 KB page, on one server: a change to a page is judged against what it replaces in the same
// minutes of this shared machine, whose speed drifts too much for figures taken apart to
// compare.
// Run: npm run bench:page-before-after -- <git ref, e.g. main> [rounds, default 7] [--page=/agendar]
//   [--throttling=devtools] (the link and the CPU slowed for real and the page observed, in
//   place of Lighthouse's simulation from an unthrottled load: what a phone would see)
//   (builds the ref into a temporary folder with this checkout's node_modules, and serves its
//   page and scripts beside the current build's at /bench-page-before)
import { execFileSync } from 'node:child_process'
import { copyFile, mkdtemp, readdir, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { buildIfNeeded } from '../scripts/build-if-needed.js'
import { DIST_DIR } from '../server/paths.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/browser/chromium.ts'
import { FLOOR_PATHS, writeFloorPages } from './floor-pages.ts'
import { median, spawnServer } from './spawn-server.ts'

const args = process.argv.slice(2)
const [ref, roundsText] = args.filter((arg) => !arg.startsWith('--'))
if (!ref) throw new Error('Which commit is "before"? npm run bench:page-before-after -- main')
const rounds = Number(roundsText ?? 7)
// A page the build writes as <path>/index.html (every page but the 404).
const page = (args.find((arg) => arg.startsWith('--page='))?.slice(7) ?? '/agendar').replace(
  /\/$/,
  '',
)
const throttlingMethod =
  args.find((arg) => arg.startsWith('--throttling='))?.slice(13) === 'devtools'
    ? 'devtools'
    : 'simulate'
const root = path.resolve(import.meta.dirname, '..')
const BEFORE_PATH = '/bench-page-before'

/** Builds `ref` in a folder of its own; answers its dist/. */
async function buildRef(): Promise<{ dist: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'bench-before-'))
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(ref)} | tar -x -C ${folder}`], {
    cwd: root,
    stdio: 'inherit',
  })
  await symlink(path.join(root, 'node_modules'), path.join(folder, 'node_modules'))
  execFileSync(process.execPath, ['node_modules/.bin/tsx', 'scripts/build.ts'], {
    cwd: folder,
    stdio: 'ignore',
  })
  return {
    dist: path.join(folder, 'dist'),
    remove: () => rm(folder, { recursive: true, force: true }),
  }
}

buildIfNeeded()
const before = await buildRef()
// Its page and its hashed scripts beside the current build's; a file of the same name is the
// same content, so it is left as it is.
const added: string[] = []
for (const file of await readdir(path.join(before.dist, 'assets'))) {
  const to = path.join(DIST_DIR, 'assets', file)
  try {
    await copyFile(path.join(before.dist, 'assets', file), to, 1) // COPYFILE_EXCL
    added.push(to)
  } catch {
    // already there
  }
}
const beforePage = path.join(DIST_DIR, `${BEFORE_PATH.slice(1)}.html`)
await copyFile(path.join(before.dist, page, 'index.html'), beforePage)
added.push(beforePage)
const removeFloorPages = await writeFloorPages(DIST_DIR)

const server = await spawnServer()
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: CHROMIUM_ARGS,
})
const pages = {
  before: `${server.url}${BEFORE_PATH}`,
  after: `${server.url}${page}`,
  floor: `${server.url}${FLOOR_PATHS.page}`,
}
type Which = keyof typeof pages
interface Run {
  performance: number
  LCP: number
  TBT: number
  CLS: number
}
const runs: Record<Which, Run[]> = { before: [], after: [], floor: [] }

try {
  for (let round = 1; round <= rounds; round += 1) {
    const names = Object.keys(pages) as Which[]
    // Rotate which page goes first, so a drift in the machine's speed hits all alike.
    for (const which of names.map((_, i) => names[(i + round) % names.length] ?? 'after')) {
      const lhr = (
        await lighthouse(pages[which], {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          throttlingMethod,
        })
      )?.lhr
      if (!lhr) throw new Error('Lighthouse returned no result')
      const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN
      const run = {
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        LCP: value('largest-contentful-paint'),
        TBT: value('total-blocking-time'),
        CLS: value('cumulative-layout-shift'),
      }
      runs[which].push(run)
      console.log(
        `${which} ${round}`.padEnd(10),
        run.performance,
        Math.round(run.LCP),
        Math.round(run.TBT),
        run.CLS.toFixed(3),
        `benchmark index ${lhr.environment.benchmarkIndex}`,
      )
    }
  }
  console.log(
    `${page || '/'}: medians of ${rounds} interleaved rounds, before = ${ref}, throttling: ${throttlingMethod}:`,
  )
  for (const [which, list] of Object.entries(runs)) {
    const of = (metric: keyof Run) => median(list.map((run) => run[metric]))
    console.log(
      `${which.padEnd(7)} performance ${of('performance')}, LCP ${Math.round(of('LCP'))} ms, ` +
        `TBT ${Math.round(of('TBT'))} ms (runs ${list.map((run) => Math.round(run.TBT)).join('/')}), ` +
        `CLS ${of('CLS').toFixed(3)}`,
    )
  }
} finally {
  await chrome.kill()
  await server.stop()
  await removeFloorPages()
  for (const file of added) await rm(file, { force: true })
  await before.remove()
}
