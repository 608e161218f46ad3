// Lighthouse, mobile preset with its default (simulated) throttling, against the real server
// serving the prerendered build. Each round measures the landing page, the booking page
// (/agendar, which reads the free times before any interaction) and a bare 1 KB page served by
// the same server (the floor, bench/floor-pages.ts), in rotating order, so all see the same
// machine; medians and each page's ratio to the floor are printed, with DESIGN.md's budgets.
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
  /** Calls to the API (/rest/v1/…) but the page-view beacon, and script files, during the run. */
  apiCalls: number
  scripts: number
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
  booking: `${server.url}/agendar`,
  floor: `${server.url}${FLOOR_PATHS.page}`,
  // Not targets: what the page script, the favicon's request and the CSS each add in
  // Lighthouse's simulation.
  noscript: `${server.url}${FLOOR_PATHS.siteWithoutScript}`,
  icon: `${server.url}${FLOOR_PATHS.siteWithInlineIcon}`,
  nocss: `${server.url}${FLOOR_PATHS.siteWithoutCss}`,
} as const
type Page = keyof typeof pages
const measured: Page[] = breakdown
  ? ['site', 'booking', 'floor', 'noscript', 'icon', 'nocss']
  : ['site', 'booking', 'floor', 'noscript']
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
  const requests = requestsOf(lhr)
  // The page-view beacon (decision 033) is its own request, sent once the page is idle.
  figures.apiCalls = requests.filter((r) => {
    const { pathname } = new URL(r.url)
    return pathname.startsWith('/rest/v1/') && pathname !== '/rest/v1/rpc/count_page_view'
  }).length
  figures.scripts = requests.filter((r) => r.resourceType === 'Script').length
  if (which === 'site' || which === 'booking') {
    const failing = Object.values(lhr.audits).filter(
      (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary',
    )
    for (const audit of failing) console.log(`  failing audit: ${audit.id} (${audit.title})`)
  }
  return figures
}

function requestsOf(
  lhr: Result,
): { url: string; resourceType?: string; networkEndTime?: number }[] {
  const details = lhr.audits['network-requests']?.details as
    { items?: { url: string; resourceType?: string; networkEndTime?: number }[] } | undefined
  return details?.items ?? []
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
  return requestsOf(lhr).some(
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
const { floor } = medians
console.log(
  `\nMedian of ${rounds} interleaved rounds (mobile, simulated throttling), ${new Date().toISOString()}`,
)
console.log(`${''.padEnd(11)} perf a11y  b-p  seo     FCP    LCP    TBT     SI  CLS`)
for (const page of measured) console.log(row(page, medians[page]))

/** DESIGN.md's page budgets, for a page measured in the same rounds as the floor. */
const pageChecks = (page: 'site' | 'booking', name: string) => {
  const runs = results[page]
  const { [page]: figures } = medians
  const lcpRatio = figures.LCP / floor.LCP
  return [
    [
      `${name}: Performance 100 on every run (${runs.map((f) => f.performance).join('/')})`,
      runs.every((f) => f.performance === 100),
    ],
    [
      `${name}: Accessibility, Best Practices, SEO 100 (median ${figures.accessibility}/${figures['best-practices']}/${figures.seo})`,
      figures.accessibility === 100 && figures['best-practices'] === 100 && figures.seo === 100,
    ],
    [
      `${name}: TBT ≤ the floor's + 20 ms (median ${Math.round(figures.TBT)} vs ${Math.round(floor.TBT)} ms; runs ${runs.map((f) => Math.round(f.TBT)).join('/')})`,
      figures.TBT <= floor.TBT + 20,
    ],
    [
      `${name}: LCP ≤ 1.2 × the floor's (${lcpRatio.toFixed(2)}×: ${Math.round(figures.LCP)} vs ${Math.round(floor.LCP)} ms)`,
      lcpRatio <= 1.2,
    ],
    [`${name}: FCP ratio to the floor ${(figures.FCP / floor.FCP).toFixed(2)}×`, true],
    [`${name}: CLS ≤ 0.01 (${figures.CLS.toFixed(3)})`, figures.CLS <= 0.01],
  ] as const
}

const checks = [
  ...pageChecks('site', 'landing page'),
  [iconRaceLine(results.site), true],
  ...pageChecks('booking', '/agendar'),
  [
    // Its free times come from one call the page script makes: HTML, one script, one request.
    `/agendar: free times from one request, made by the page's one script (API calls ${results.booking.map((f) => f.apiCalls).join('/')}; scripts ${results.booking.map((f) => f.scripts).join('/')})`,
    results.booking.every((f) => f.apiCalls === 1 && f.scripts === 1),
  ],
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
