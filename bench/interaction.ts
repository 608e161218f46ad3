// Interaction latency in Chromium with the CPU slowed down 4× (CDP Emulation.setCPUThrottlingRate),
// on a phone-sized touch screen, each sample in a fresh context (nothing cached): from the
// visitor's touch or key to the frame that shows its effect. Each round measures the site and a
// reference page of native HTML served by the same server (bench/floor-pages.ts), interleaved;
// medians are printed with their ratio.
// Run: npm run bench:interaction [-- rounds]   (default 7; KEY_GAPS=0,150,300 sets the key delays)
import type { Browser, CDPSession, Locator, Page } from 'playwright-core'
import { buildIfNeeded } from '../scripts/build-if-needed.js'
import { DIST_DIR } from '../server/paths.ts'
import { launchChromium } from '../tests/support/browser/chromium.ts'
import { PHONE } from '../tests/support/browser/devices.ts'
import { FLOOR_PATHS, writeFloorPages } from './floor-pages.ts'
import { median, spawnServer } from './spawn-server.ts'

const rounds = Number(process.argv[2] ?? 7)
const CPU_SLOWDOWN = 4
/**
 * How long after the tap into the field the first key comes: at once (before the form's code
 * has arrived), while it runs, and once a phone's keyboard is up (~300 ms after the tap).
 */
const KEY_GAPS_MS = (process.env.KEY_GAPS ?? '0,150,300').split(',').map(Number)

type Change = 'menu-open' | 'typed' | 'sending'

interface Sample {
  /** From the touch (or key) to the first frame showing the effect, as Event Timing counts. */
  fromInput: number
  /** From the moment the page handles the click a tap becomes (or the key) to that frame. */
  fromActivation: number
  /** Whether React had taken over the form when the input arrived (site only). */
  reactReady: boolean
}

/**
 * Runs in the page before its own scripts: timestamps the input, its activation (the click a
 * tap becomes) and the first animation frame after the effect is in the DOM, and collects the
 * paints Event Timing reports (≥ 16 ms only). A string, not a function: tsx (esbuild) wraps
 * nested functions in a helper that does not exist inside the page.
 */
const instrument = (change: Change) => `(() => {
  const change = ${JSON.stringify(change)}
  const state = { inputAt: 0, activatedAt: 0, frameAt: 0, changed: false, reactReady: false, paints: [] }
  window.benchState = state
  const changed = () => {
    if (state.changed || !state.inputAt) return
    state.changed = true
    requestAnimationFrame(() => { state.frameAt = performance.now() })
  }
  document.addEventListener(change === 'typed' ? 'keydown' : 'pointerdown', (event) => {
    if (state.inputAt) return
    state.inputAt = event.timeStamp
    if (change === 'typed') state.activatedAt = event.timeStamp
    const form = document.querySelector('form')
    state.reactReady = form !== null && Object.keys(form).some((key) => key.startsWith('__react'))
  }, { capture: true })
  // A tap's click carries the touch's timestamp, so the moment the page handles it is taken.
  document.addEventListener('click', () => {
    if (state.inputAt && !state.activatedAt) state.activatedAt = performance.now()
  }, { capture: true })
  if (change === 'menu-open') {
    // beforetoggle comes in the same task that shows the popover; toggle comes a task later.
    document.addEventListener('beforetoggle', (event) => { if (event.newState === 'open') changed() }, { capture: true })
  } else if (change === 'typed') {
    document.addEventListener('input', changed, { capture: true })
  } else {
    const sending = () => document.querySelector('form button[type="submit"]')?.textContent === 'Enviando...'
    new MutationObserver(() => { if (sending()) changed() })
      .observe(document, { subtree: true, childList: true, characterData: true })
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId && state.inputAt && entry.startTime >= state.inputAt - 1)
        state.paints.push(entry.startTime + entry.duration)
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
})()`

async function slowDown(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  return cdp
}

/**
 * Taps the middle of an element through the DevTools protocol, like a finger: Playwright's own
 * tap() runs its checks inside the page during the very events being measured, and they cost
 * more on a bigger page. The element is located before the CPU is slowed down.
 */
async function tap(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded()
  const box = await target.boundingBox()
  if (!box) throw new Error('Nothing to tap: the element is not displayed')
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  const cdp = await slowDown(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

async function readSample(page: Page): Promise<Sample> {
  await page.waitForFunction(
    () => (window as unknown as { benchState: { frameAt: number } }).benchState.frameAt > 0,
  )
  // Event Timing reports an interaction after its paint; give it a moment to arrive.
  await page.waitForTimeout(300)
  return page.evaluate(() => {
    const s = (
      window as unknown as {
        benchState: {
          inputAt: number
          activatedAt: number
          frameAt: number
          paints: number[]
          reactReady: boolean
        }
      }
    ).benchState
    const shownAt = Math.max(s.frameAt, ...s.paints)
    return {
      fromInput: shownAt - s.inputAt,
      fromActivation: shownAt - s.activatedAt,
      reactReady: s.reactReady,
    }
  })
}

const isFloor = (url: string) => url.includes('bench-floor')

/** A fresh context (empty cache), the page loaded and settled, then the CPU slowed down. */
async function withPage(
  browser: Browser,
  url: string,
  change: Change,
  act: (page: Page) => Promise<void>,
): Promise<Sample> {
  const context = await browser.newContext(PHONE)
  try {
    const page = await context.newPage()
    await page.addInitScript(instrument(change))
    await page.goto(url)
    await page.waitForLoadState('networkidle')
    await act(page)
    return await readSample(page)
  } finally {
    await context.close()
  }
}

const menuTap = (browser: Browser, url: string) =>
  withPage(browser, url, 'menu-open', (page) =>
    tap(page, page.locator('button[popovertarget]').first()),
  )

const firstKeystroke = (gapMs: number) => (browser: Browser, url: string) =>
  withPage(browser, url, 'typed', async (page) => {
    // On the site, this tap is what loads the form's code.
    await tap(page, page.locator(isFloor(url) ? 'input[name="name"]' : '#contact-name'))
    if (gapMs > 0) await page.waitForTimeout(gapMs)
    await page.keyboard.press('A')
  })

const submitToSending = (browser: Browser, url: string) =>
  withPage(browser, url, 'sending', async (page) => {
    // Filled at full speed; only the submit is measured. The insert is held unanswered, as on
    // a slow network, so the form stays in its sending state and nothing is stored.
    await page.route('**/rest/v1/**', () => undefined)
    if (isFloor(url)) {
      await page.locator('input[name="name"]').fill('Ana Souza')
    } else {
      await page.locator('#contact-name').fill('Ana Souza')
      await page.locator('#contact-email').fill('ana@example.com')
      await page.locator('#contact-message').fill('Quero um aplicativo.')
      await page.waitForFunction(() => document.querySelector('[aria-label="Notificações"]'))
    }
    await page.waitForTimeout(300)
    await tap(page, page.locator('form button[type="submit"]').last())
  })

/** Budgets from DESIGN.md, in ms. */
const measures: Array<{ name: string; budget: number; run: typeof menuTap }> = [
  { name: 'menu: tap → menu shown', budget: 50, run: menuTap },
  ...KEY_GAPS_MS.map((gap) => ({
    name: `form: tap field, ${gap} ms, key → shown`,
    budget: 100,
    run: firstKeystroke(gap),
  })),
  { name: 'form: submit tap → "Enviando..."', budget: 100, run: submitToSending },
]

buildIfNeeded()
const removeFloorPages = await writeFloorPages(DIST_DIR)
const server = await spawnServer()
const browser = await launchChromium({ fullBrowser: true })
const results = measures.map(() => ({ site: [] as Sample[], floor: [] as Sample[] }))
try {
  for (let round = 1; round <= rounds; round += 1) {
    // Alternate which page goes first, so a drift in the machine's speed hits both alike.
    const order = round % 2 ? (['site', 'floor'] as const) : (['floor', 'site'] as const)
    for (const [i, { run }] of measures.entries()) {
      for (const which of order) {
        const url = which === 'site' ? `${server.url}/` : `${server.url}${FLOOR_PATHS.interactions}`
        results[i]?.[which].push(await run(browser, url))
      }
    }
    console.log(`round ${round}/${rounds} done`)
  }
} finally {
  await browser.close()
  await server.stop()
  await removeFloorPages()
}

const ms = (value: number) => `${Math.round(value)}`.padStart(4)
console.log(
  `\nInteraction latency (ms), Chromium ${CPU_SLOWDOWN}× CPU slowdown, phone viewport, median of ${rounds}, ${new Date().toISOString()}`,
)
console.log(
  '"input" counts from the touch or key, "activation" from the click a tap becomes (the same for keys)\n',
)
console.log(
  `${'measure'.padEnd(38)} ${'site input'.padStart(10)} ${'activation'.padStart(10)}  ${'floor input'.padStart(11)} ${'activation'.padStart(10)}  ratio  budget  runs (site, input)`,
)
for (const [i, { name, budget }] of measures.entries()) {
  const { site, floor } = results[i] ?? { site: [], floor: [] }
  const siteInput = median(site.map((s) => s.fromInput))
  const siteActivation = median(site.map((s) => s.fromActivation))
  const floorInput = median(floor.map((s) => s.fromInput))
  const verdict = siteInput <= budget ? 'met' : siteActivation <= budget ? 'met*' : 'MISSED'
  const react = name.includes('key')
    ? `  React ready at the key ${site.filter((s) => s.reactReady).length}/${site.length}`
    : ''
  console.log(
    `${name.padEnd(38)} ${ms(siteInput).padStart(10)} ${ms(siteActivation).padStart(10)}  ${ms(floorInput).padStart(11)} ${ms(median(floor.map((s) => s.fromActivation))).padStart(10)}  ${(siteInput / floorInput).toFixed(2)}×  ${`${budget} ${verdict}`.padEnd(11)} ${site.map((s) => Math.round(s.fromInput)).join('/')}${react}`,
  )
}
console.log('\nmet* = within budget from the activation, not from the touch (see the floor)')
