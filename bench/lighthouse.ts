// Lighthouse, mobile preset with its default (simulated) throttling, against the real server
// serving the prerendered build. Each round measures every page of the site in the light and
// the dark theme, and a bare 1 KB page served by the same server (the floor,
// bench/floor-pages.ts) in each, in rotating order, so all see the same machine; medians and
// each page's ratio to the floor of its theme are printed, with DESIGN.md's budgets.
// Run: npm run bench:lighthouse [-- rounds] [--pages=home,booking] [--themes=light] [--breakdown]
//   (default 5 rounds, every page, both themes; LIGHTHOUSE_REPORT=/tmp/lh keeps each JSON;
//   --breakdown adds the landing page without its script, with its favicon inlined and with no
//   CSS, to show where the gap to the floor comes from)
import { writeFile } from 'node:fs/promises'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { buildIfNeeded } from '../scripts/build-if-needed.js'
import { DIST_DIR } from '../server/paths.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/browser/chromium.ts'
import { projects } from '../src/content/projects/index.ts'
import { projectRoute, projectsRoute } from '../src/routes.ts'
import { FLOOR_PATHS, writeFloorPages } from './floor-pages.ts'
import { median, spawnServer } from './spawn-server.ts'

const args = process.argv.slice(2)
const rounds = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 5)
const listArg = (name: string) =>
  args
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.slice(name.length + 3)
    .split(',')
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
  /** Whether the favicon's or the font's request ended before the observed LCP. */
  iconFirst: boolean
  fontFirst: boolean
  /** Calls to the API (/rest/v1/…) but the page-view beacon, and script files, during the run. */
  apiCalls: number
  scripts: number
  /** Binary audits that failed, by id. */
  failing: string[]
}

/** Every page the build writes; the 404 is measured at a copy answered with 200. */
const PAGES = {
  home: '/',
  privacy: '/privacidade',
  contact: '/contato',
  'contact-sent': '/contato/enviada/',
  'contact-refused': '/contato/erro/',
  booking: '/agendar',
  'manage-booking': '/agendar/gerenciar',
  // While the company has projects (src/content/projects/): the index and the first one's page.
  ...(projects[0]
    ? { projects: projectsRoute.url, project: projectRoute(projects[0].slug).url }
    : {}),
  'not-found': FLOOR_PATHS.notFound,
  floor: FLOOR_PATHS.page,
  noscript: FLOOR_PATHS.siteWithoutScript,
  icon: FLOOR_PATHS.siteWithInlineIcon,
  nocss: FLOOR_PATHS.siteWithoutCss,
} as const
type PageName = keyof typeof PAGES
const THEMES = ['light', 'dark'] as const
type Theme = (typeof THEMES)[number]
const DIAGNOSTIC: readonly PageName[] = ['noscript', 'icon', 'nocss']

const pages = (
  (listArg('pages') as PageName[] | undefined) ??
  (Object.keys(PAGES) as PageName[]).filter((page) => !DIAGNOSTIC.includes(page))
).filter((page) => page !== 'floor')
const measured: PageName[] = ['floor', ...pages, ...(breakdown ? DIAGNOSTIC : [])]
const themes = (listArg('themes') as Theme[] | undefined) ?? [...THEMES]
const targets = themes.flatMap((theme) => measured.map((page) => ({ page, theme })))
const key = ({ page, theme }: { page: PageName; theme: Theme }) => `${page} ${theme}`

// `npm start` rebuilds a stale site on start; build first so that it cannot wipe the floor page.
buildIfNeeded()
const removeFloorPages = await writeFloorPages(DIST_DIR)
const server = await spawnServer()
// One Chromium per theme: Blink's preferred colour scheme is a launch setting (0 dark, 1 light).
const chromes = Object.fromEntries(
  await Promise.all(
    themes.map(async (theme) => [
      theme,
      await chromeLauncher.launch({
        chromePath: chromiumPath(),
        chromeFlags: [
          ...CHROMIUM_ARGS,
          `--blink-settings=preferredColorScheme=${theme === 'dark' ? 0 : 1}`,
        ],
      }),
    ]),
  ),
) as Record<Theme, chromeLauncher.LaunchedChrome>
const results = new Map<string, Run[]>(targets.map((target) => [key(target), []]))

function requestsOf(
  lhr: Result,
): { url: string; resourceType?: string; networkEndTime?: number }[] {
  const details = lhr.audits['network-requests']?.details as
    { items?: { url: string; resourceType?: string; networkEndTime?: number }[] } | undefined
  return details?.items ?? []
}

/**
 * Chromium asks for the favicon once the page has loaded, and for the font once the text needs
 * it, both near the first paint. Lantern counts every request that ended before the paint it
 * observed as needed for that paint, so in the runs where such an answer wins the race the
 * simulated LCP gains a round trip; marking those runs tells that apart from a slower page.
 */
function endedBeforeLcp(lhr: Result, pattern: RegExp): boolean {
  const observed = lhr.audits.metrics?.details as
    { items?: { observedLargestContentfulPaint?: number }[] } | undefined
  const lcp = observed?.items?.[0]?.observedLargestContentfulPaint ?? Infinity
  return requestsOf(lhr).some((r) => pattern.test(r.url) && (r.networkEndTime ?? Infinity) < lcp)
}

async function measure(page: PageName, theme: Theme, round: number): Promise<Run> {
  const result = await lighthouse(`${server.url}${PAGES[page]}`, {
    port: chromes[theme].port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
  })
  const lhr = result?.lhr
  if (!lhr) throw new Error('Lighthouse returned no result')
  if (process.env.LIGHTHOUSE_REPORT)
    await writeFile(
      `${process.env.LIGHTHOUSE_REPORT}-${page}-${theme}-${round}.json`,
      JSON.stringify(lhr),
    )
  const figures = {} as Run
  for (const c of categories) figures[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100)
  for (const [name, id] of Object.entries(metrics))
    figures[name as keyof typeof metrics] = lhr.audits[id]?.numericValue ?? NaN
  figures.iconFirst = endedBeforeLcp(lhr, /\/favicon\.[a-z]+$/)
  figures.fontFirst = endedBeforeLcp(lhr, /\.woff2$/)
  const requests = requestsOf(lhr)
  // The page-view beacon (decision 033) is its own request, sent once the page is idle.
  figures.apiCalls = requests.filter((r) => {
    const { pathname } = new URL(r.url)
    return pathname.startsWith('/rest/v1/') && pathname !== '/rest/v1/rpc/count_page_view'
  }).length
  figures.scripts = requests.filter((r) => r.resourceType === 'Script').length
  figures.failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id)
  return figures
}

const row = (label: string, f: Figures & { iconFirst?: boolean; fontFirst?: boolean }) =>
  `${label.padEnd(22)} ${categories.map((c) => String(f[c]).padStart(4)).join(' ')}  ${(['FCP', 'LCP', 'TBT', 'SI'] as const).map((m) => `${Math.round(f[m])}`.padStart(6)).join(' ')}  ${f.CLS.toFixed(3)}${f.iconFirst ? '  favicon before LCP' : ''}${f.fontFirst ? '  font before LCP' : ''}`

try {
  for (let round = 1; round <= rounds; round += 1) {
    // Rotate which target goes first, so a drift in the machine's speed hits all alike.
    const order = targets.map((_, i) => targets[(i + round) % targets.length] ?? targets[0])
    for (const target of order) {
      if (!target) continue
      const figures = await measure(target.page, target.theme, round)
      results.get(key(target))?.push(figures)
      console.log(
        row(`${key(target)} ${round}`, figures) +
          (figures.failing.length && target.page !== 'floor'
            ? `  failing: ${figures.failing.join(', ')}`
            : ''),
      )
    }
  }
} finally {
  for (const chrome of Object.values(chromes)) chrome.kill()
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
const medians = new Map([...results].map(([name, runs]) => [name, medianOf(runs)]))
console.log(
  `\nMedian of ${rounds} interleaved rounds (mobile, simulated throttling), ${new Date().toISOString()}`,
)
console.log(`${''.padEnd(22)} perf a11y  b-p  seo     FCP    LCP    TBT     SI  CLS`)
for (const target of targets) {
  const figures = medians.get(key(target))
  if (figures) console.log(row(key(target), figures))
}

/** DESIGN.md's page budgets, for a page measured in the same rounds as its theme's floor. */
const pageChecks = (page: PageName, theme: Theme) => {
  const runs = results.get(key({ page, theme })) ?? []
  const figures = medians.get(key({ page, theme }))
  const floor = medians.get(key({ page: 'floor', theme }))
  if (!figures || !floor) return []
  const name = key({ page, theme })
  const lcpRatio = figures.LCP / floor.LCP
  const failing = [...new Set(runs.flatMap((f) => f.failing))]
  return [
    [
      `${name}: Performance 100 on every run (${runs.map((f) => f.performance).join('/')})`,
      runs.every((f) => f.performance === 100),
    ],
    [
      `${name}: Accessibility, Best Practices, SEO 100 (median ${figures.accessibility}/${figures['best-practices']}/${figures.seo}${failing.length ? `; failing: ${failing.join(', ')}` : ''})`,
      figures.accessibility === 100 && figures['best-practices'] === 100 && figures.seo === 100,
    ],
    [
      `${name}: TBT ≤ the floor's + 20 ms (median ${Math.round(figures.TBT)} vs ${Math.round(floor.TBT)} ms; runs ${runs.map((f) => Math.round(f.TBT)).join('/')})`,
      figures.TBT <= floor.TBT + 20,
    ],
    [
      `${name}: LCP ≤ 1.2 × the floor's (${lcpRatio.toFixed(2)}×: ${Math.round(figures.LCP)} vs ${Math.round(floor.LCP)} ms; favicon first ${runs.filter((f) => f.iconFirst).length}, font first ${runs.filter((f) => f.fontFirst).length} of ${runs.length})`,
      lcpRatio <= 1.2,
    ],
    [`${name}: CLS ≤ 0.01 (${figures.CLS.toFixed(3)})`, figures.CLS <= 0.01],
  ] as const
}

const checks = themes.flatMap((theme) => [
  ...pages.flatMap((page) => pageChecks(page, theme)),
  ...(pages.includes('booking')
    ? [
        [
          // Its free times come from one call the page script makes: one script, one request.
          `booking ${theme}: free times from one request, made by the page's one script (API calls ${(results.get(key({ page: 'booking', theme })) ?? []).map((f) => f.apiCalls).join('/')})`,
          (results.get(key({ page: 'booking', theme })) ?? []).every(
            (f) => f.apiCalls === 1 && f.scripts === 1,
          ),
        ] as const,
      ]
    : []),
  ...(breakdown ? DIAGNOSTIC : []).map((page) => {
    const figures = medians.get(key({ page, theme }))
    const floor = medians.get(key({ page: 'floor', theme }))
    return [
      `(${key({ page, theme })}: LCP ${figures && floor ? (figures.LCP / floor.LCP).toFixed(2) : '?'}× the floor's)`,
      true,
    ] as const
  }),
])
for (const [what, ok] of checks) console.log(`${ok ? 'met   ' : 'MISSED'} ${what}`)
