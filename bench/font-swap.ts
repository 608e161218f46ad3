/**
 * Which pages move when the brand's font arrives, at the widths phones, tablets and desktops
 * have. The fallback is scaled to the font's average widths (decision 044), but a given line may
 * still fit in one and not the other: a title or a paragraph then gains or loses a line at some
 * widths, a few pixels wide each, and whatever is below it moves. Which widths depends on the
 * words, so a fork's own texts have their own.
 *
 * Two passes, so every page is checked at every width in about a minute:
 * 1. each page loaded twice, the font refused and the font loaded, and resized through the
 *    widths: where anything on the first screen sits elsewhere, that width is a suspect;
 * 2. each suspect loaded again with the font held back 400 ms, as on a slow phone, and the
 *    layout shifts the page reports summed as CLS sums them (budget 0.01, DESIGN.md).
 *
 * With `--fallback=android` the pages are drawn in the fallback Android has, Roboto (most phones
 * in Brazil), rather than the Arial-like one (tests/support/browser/android-fallback.ts).
 *
 * Run: npm run bench:font-swap [-- --widths=360,390] [--pages=/,/agendar] [--fallback=android]
 */
import { chromium, type Browser } from 'playwright-core'
import { buildIfNeeded } from '../scripts/build-if-needed.js'
import { siteRoutes } from '../src/site-routes.ts'
import { androidFallbackDrawn, showAsOnAndroid } from '../tests/support/browser/android-fallback.ts'
import { brandFontApplied } from '../tests/support/browser/brand-font.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/browser/chromium.ts'
import { spawnServer } from './spawn-server.ts'

/** Common CSS widths: small and large Android phones, iPhones, tablets, laptops, desktops. */
const DEVICE_WIDTHS = [
  320, 360, 375, 384, 390, 393, 412, 414, 428, 430, 768, 800, 810, 820, 834, 1024, 1280, 1366, 1440,
  1536, 1920,
]
const CLS_BUDGET = 0.01
const FONT_DELAY_MS = 400

const listArg = (name: string) =>
  process.argv
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.slice(name.length + 3)
    .split(',')
    .filter(Boolean)

const widths = listArg('widths')?.map(Number) ?? DEVICE_WIDTHS
// Every page the build writes; the 404 at an address that has no page.
const paths =
  listArg('pages') ??
  siteRoutes.map((route) => (route.kind === 'not-found' ? '/pagina-que-nao-existe' : route.url))

const android = listArg('fallback')?.[0] === 'android'

const deviceFor = (width: number) => ({
  viewport: { width, height: width < 700 ? 800 : 900 },
  isMobile: width < 700,
  hasTouch: width < 700,
})

/** Where each block of the first screen sits, top and height, in document order. */
const FIRST_SCREEN_BLOCKS = `[...document.querySelectorAll('body *')]
  .filter((el) => getComputedStyle(el).display === 'block' || /^(H[1-6]|P|LI|A|BUTTON)$/.test(el.tagName))
  .map((el) => { const box = el.getBoundingClientRect(); return { top: Math.round(box.top + scrollY), height: Math.round(box.height) } })
  .filter((box) => box.top < innerHeight)`

type Box = { top: number; height: number }

async function layouts(browser: Browser, path: string, font: 'refused' | 'loaded') {
  const context = await browser.newContext(deviceFor(widths[0] ?? 390))
  const page = await context.newPage()
  if (android) await showAsOnAndroid(page)
  if (font === 'refused') await page.route('**/*.woff2', (route) => route.abort())
  await page.goto(path)
  if (android) await androidFallbackDrawn(page)
  if (font === 'loaded') await brandFontApplied(page)
  await page.waitForTimeout(300)
  const byWidth = new Map<number, Box[]>()
  for (const width of widths) {
    await page.setViewportSize(deviceFor(width).viewport)
    byWidth.set(width, await page.evaluate<Box[]>(FIRST_SCREEN_BLOCKS))
  }
  await context.close()
  return byWidth
}

/** CLS of one visit with the font held back, and what moved first. */
async function shiftWhileFontArrives(browser: Browser, path: string, width: number) {
  const context = await browser.newContext(deviceFor(width))
  const page = await context.newPage()
  if (android) await showAsOnAndroid(page)
  await page.route('**/*.woff2', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, FONT_DELAY_MS))
    await route.continue()
  })
  await page.addInitScript(`window.__shifts = [];
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__shifts.push({
      value: entry.value,
      moved: entry.sources.map((s) => (s.node?.nodeName ?? '?') + ' ' + Math.round(s.previousRect.y) + '→' + Math.round(s.currentRect.y)).join(', '),
    }) }).observe({ type: 'layout-shift', buffered: true })`)
  await page.goto(path)
  await brandFontApplied(page)
  await page.waitForTimeout(300)
  const shifts = await page.evaluate<{ value: number; moved: string }[]>('window.__shifts')
  await context.close()
  const cls = shifts.reduce((sum, shift) => sum + shift.value, 0)
  const worst = [...shifts].sort((a, b) => b.value - a.value)[0]
  return { cls, moved: worst?.moved ?? '' }
}

await buildIfNeeded()
const server = await spawnServer()
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
const over: string[] = []
let suspects = 0
try {
  for (const path of paths) {
    const url = server.url + path
    const [fallback, font] = [
      await layouts(browser, url, 'refused'),
      await layouts(browser, url, 'loaded'),
    ]
    const moving = widths.filter(
      (width) => JSON.stringify(fallback.get(width)) !== JSON.stringify(font.get(width)),
    )
    suspects += moving.length
    const measured: string[] = []
    for (const width of moving) {
      const { cls, moved } = await shiftWhileFontArrives(browser, url, width)
      measured.push(`${width} px: CLS ${cls.toFixed(4)}${moved ? ` (${moved})` : ''}`)
      if (cls > CLS_BUDGET) over.push(`${path} at ${width} px: ${cls.toFixed(4)}`)
    }
    console.log(`${path}: ${measured.length ? `\n  ${measured.join('\n  ')}` : 'nothing moves'}`)
  }
} finally {
  await browser.close()
  await server.stop()
}
console.log(
  `\n${android ? 'With Roboto for the fallback (Android): ' : ''}${paths.length} pages × ${widths.length} widths: ${suspects} where the first screen differs ` +
    `between the fallback and the font; ${over.length} over CLS ${CLS_BUDGET}` +
    (over.length ? `:\n  ${over.join('\n  ')}` : '.'),
)
