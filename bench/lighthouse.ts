// Lighthouse, mobile preset with its default (simulated) throttling, against the real server
// serving the prerendered build. Each round measures the site and a bare 1 KB page served by
// the same server (the floor, bench/floor-pages.ts), in alternating order, so both see the same
// machine; medians and the site's ratio to the floor are printed, with DESIGN.md's budgets.
// Run: npm run bench:lighthouse [-- rounds] [--breakdown]
//   (default 5 rounds; LIGHTHOUSE_REPORT=/tmp/lh keeps each JSON; --breakdown adds the site with
//   its favicon inlined and the site with no CSS, to show where the gap to the floor comes from)
import { writeFile } from 'node:fs/promises'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { buildIfNeeded } from '../scripts/build-if-needed.js'
import { DIST_DIR } from '../server/paths.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/browser/chromium.ts'
import { FLOOR_PATHS, writeFloorPages } from './floor-pages.ts'
import { median, spawnServer } from './spawn-server.ts'

const args = process.argv.slice(2)
const rounds = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 5)
const breakdown = args.includes('--breakdown')
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const metrics = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const
type Figures = Record<(typeof categories)[number] | keyof typeof metrics, number>
type Run = Figures & {
  /** Whether the favicon's request ended before the observed LCP, so the simulation counts it. */
  iconFirst: boolean
}

// `npm start` rebuilds a stale site on start; build first so that it cannot wipe the floor page.
buildIfNeeded()
const removeFloorPages = await writeFloorPages(DIST_DIR)
const server = await spawnServer()
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: CHROMIUM_ARGS,
})
const pages = {
  site: `${server.url}/`,
  floor: `${server.url}${FLOOR_PATHS.page}`,
  // Not targets: what the page script, the favicon's request and the CSS each add in
  // Lighthouse's simulation.
  noscript: `${server.url}${FLOOR_PATHS.siteWithoutScript}`,
  icon: `${server.url}${FLOOR_PATHS.siteWithInlineIcon}`,
  nocss: `${server.url}${FLOOR_PATHS.siteWithoutCss}`,
} as const
type Page = keyof typeof pages
const measured: Page[] = breakdown
  ? ['site', 'floor', 'noscript', 'icon', 'nocss']
  : ['site', 'floor', 'noscript']
const results = Object.fromEntries(measured.map((page) => [page, []])) as unknown as Record<
  Page,
  Run[]
>

async function measure(which: Page, round: number): Promise<Run> {
  const result = await lighthouse(pages[which], {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
  })
  const lhr = result?.lhr
  if (!lhr) throw new Error('Lighthouse returned no result')
  if (process.env.LIGHTHOUSE_REPORT)
    await writeFile(`${process.env.LIGHTHOUSE_REPORT}-${which}-${round}.json`, JSON.stringify(lhr))
  const figures = {} as Run
  for (const c of categories) figures[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100)
  for (const [name, id] of Object.entries(metrics))
    figures[name as keyof typeof metrics] = lhr.audits[id]?.numericValue ?? NaN
  figures.iconFirst = faviconEndedBeforeLcp(lhr)
  if (which === 'site') {
    const failing = Object.values(lhr.audits).filter(
      (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary',
    )
    for (const audit of failing) console.log(`  failing audit: ${audit.id} (${audit.title})`)
  }
  return figures
}

/**
 * Chromium asks for the favicon once the page has loaded, which on this page is a little before
 * its first paint. Lantern counts every request that ended before the paint it observed as
 * needed for that paint, so in the runs where the favicon's answer wins that race the simulated
 * LCP gains a round trip; marking those runs tells that apart from a slower page.
 */
function faviconEndedBeforeLcp(lhr: Result): boolean {
  const observed = lhr.audits.metrics?.details as
    { items?: { observedLargestContentfulPaint?: number }[] } | undefined
  const lcp = observed?.items?.[0]?.observedLargestContentfulPaint ?? Infinity
  const requests = lhr.audits['network-requests']?.details as
    { items?: { url: string; networkEndTime?: number }[] } | undefined
  return (requests?.items ?? []).some(
    (r) => /\/favicon\.[a-z]+$/.test(r.url) && (r.networkEndTime ?? Infinity) < lcp,
  )
}

function iconRaceLine(runs: Run[]): string {
  const [first, after] = [runs.filter((f) => f.iconFirst), runs.filter((f) => !f.iconFirst)]
  const lcp = (list: Run[]) =>
    list.length ? `${Math.round(median(list.map((f) => f.LCP)))} ms` : '—'
  return `(favicon answered before the observed LCP in ${first.length} of ${runs.length} site runs: LCP ${lcp(first)} in those, ${lcp(after)} in the others)`
}

const row = (label: string, f: Figures & { iconFirst?: boolean }) =>
  `${label.padEnd(11)} ${categories.map((c) => String(f[c]).padStart(4)).join(' ')}  ${(['FCP', 'LCP', 'TBT', 'SI'] as const).map((m) => `${Math.round(f[m])}`.padStart(6)).join(' ')}  ${f.CLS.toFixed(3)}${f.iconFirst ? '  favicon before LCP' : ''}`

try {
  for (let round = 1; round <= rounds; round += 1) {
    // Rotate which page goes first, so a drift in the machine's speed hits all alike.
    const order = measured.map((_, i) => measured[(i + round) % measured.length] ?? 'site')
    for (const which of order) {
      const figures = await measure(which, round)
      results[which].push(figures)
      console.log(row(`${which} ${round}`, figures))
    }
  }
} finally {
  chrome.kill()
  await server.stop()
  await removeFloorPages()
}

const medianOf = (list: Figures[]) =>
  Object.fromEntries(
    [...categories, ...Object.keys(metrics)].map((k) => [
      k,
      median(list.map((f) => f[k as keyof Figures])),
    ]),
  ) as Figures
const medians = Object.fromEntries(
  measured.map((page) => [page, medianOf(results[page])]),
) as Record<Page, Figures>
const { site, floor } = medians
console.log(
  `\nMedian of ${rounds} interleaved rounds (mobile, simulated throttling), ${new Date().toISOString()}`,
)
console.log(`${''.padEnd(11)} perf a11y  b-p  seo     FCP    LCP    TBT     SI  CLS`)
for (const page of measured) console.log(row(page, medians[page]))
const lcpRatio = site.LCP / floor.LCP

const checks = [
  [
    `Performance 100 on every run (${results.site.map((f) => f.performance).join('/')})`,
    results.site.every((f) => f.performance === 100),
  ],
  [
    `Accessibility, Best Practices, SEO 100 (median)`,
    site.accessibility === 100 && site['best-practices'] === 100 && site.seo === 100,
  ],
  [
    `TBT ≤ 10 ms (median ${Math.round(site.TBT)} ms; runs ${results.site.map((f) => Math.round(f.TBT)).join('/')})`,
    site.TBT <= 10,
  ],
  [
    `LCP ≤ 1.08 × the floor's (${lcpRatio.toFixed(2)}×: ${Math.round(site.LCP)} vs ${Math.round(floor.LCP)} ms)`,
    lcpRatio <= 1.08,
  ],
  [`FCP ratio to the floor ${(site.FCP / floor.FCP).toFixed(2)}×`, true],
  [iconRaceLine(results.site), true],
  [`CLS ≤ 0.01 (${site.CLS.toFixed(3)})`, site.CLS <= 0.01],
  ...(
    [
      ['noscript', 'the site without its page script'],
      ['icon', 'the site with its favicon inlined (no request)'],
      ['nocss', 'the site with its favicon inlined and no CSS'],
    ] as const
  )
    .filter(([page]) => measured.includes(page))
    .map(
      ([page, what]) =>
        [
          `(${what}: FCP ${(medians[page].FCP / floor.FCP).toFixed(2)}×, LCP ${(medians[page].LCP / floor.LCP).toFixed(2)}× the floor's)`,
          true,
        ] as const,
    ),
] as const
for (const [what, ok] of checks) console.log(`${ok ? 'met   ' : 'MISSED'} ${what}`)
