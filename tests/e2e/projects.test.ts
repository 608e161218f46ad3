/**
 * The projects a company publishes, in Chromium against the built site: the band on the home
 * page, the index and each project's page on a phone and a desktop, the share images, the
 * images' sizes and no layout shift while they arrive. axe walks the index and each project in
 * both themes with every other page (themes.test.ts). The demo ships three example projects; a
 * copy of the project built with none shows nothing of them.
 */
import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { projects } from '../../src/content/projects/index.ts'
import { featuredProjects } from '../../src/content/projects/project-lists.ts'
import { projectsText } from '../../src/content/projects-page.ts'
import { projectRoute, projectsRoute } from '../../src/routes.ts'
import { PHONE, phoneOfSize, WIDE_DESKTOP } from '../support/browser/devices.ts'
import { useE2eSession } from '../support/browser/session.ts'
import { pngSize } from '../support/png.ts'

const session = useE2eSession()

const DEVICES: readonly [string, BrowserContextOptions][] = [
  ['390 px', PHONE],
  ['1440 px', WIDE_DESKTOP],
]
const PROJECT_PAGES = [projectsRoute.url, ...projects.map((p) => projectRoute(p.slug).url)]

/** Layout shifts summed as Chromium reports them (CLS), from the page's start. */
const startCountingShifts = (page: Page) =>
  page.addInitScript(() => {
    const total = { value: 0 }
    Object.assign(window, { layoutShift: total })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) {
        total.value += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
const shiftsSoFar = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShift: { value: number } }).layoutShift.value)

/** Scrolls the page through, a screen at a time, so every lazy image is asked for. */
const scrollThrough = (page: Page) =>
  page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })

describe('Projects (the demo’s examples)', () => {
  it('shows the featured ones after the services: the number big in tabular figures, the title a link to its page', async () => {
    for (const [width, device] of DEVICES) {
      const { page, problems } = await session.open(device)
      await page.goto('/')
      const band = page.locator('#projects')
      expect(await band.evaluate((el) => el.previousElementSibling?.id), width).toBe('services')
      for (const project of featuredProjects(projects)) {
        const value = band.getByText(project.result.value, { exact: true })
        const style = await value.evaluate((el) => {
          const computed = getComputedStyle(el)
          return { numeric: computed.fontVariantNumeric, size: parseFloat(computed.fontSize) }
        })
        expect(style.numeric, width).toContain('tabular-nums')
        expect(
          style.size,
          `${width}: the number is the card's largest text`,
        ).toBeGreaterThanOrEqual(48)
        expect(await band.getByRole('link', { name: project.title }).isVisible()).toBe(true)
      }
      const [first] = featuredProjects(projects)
      if (!first) throw new Error('no featured project')
      await band.getByRole('link', { name: first.title }).click()
      await page.waitForURL((url) => url.pathname === projectRoute(first.slug).url)
      await page.getByRole('heading', { level: 1, name: first.title }).waitFor()
      expect(problems.pageErrors).toEqual([])
    }
  })

  it('links the index from the header on a desktop and from the phone menu, and back home by the breadcrumbs', async () => {
    const desktop = await session.open(WIDE_DESKTOP)
    await desktop.page.goto('/')
    await desktop.page
      .getByRole('banner')
      .getByRole('link', { name: projectsText.navLabel, exact: true })
      .filter({ visible: true })
      .click()
    await desktop.page.waitForURL((url) => url.pathname === projectsRoute.url)
    const phone = await session.open(PHONE)
    await phone.page.goto(projectRoute(projects[0]?.slug ?? '').url)
    await phone.page.getByRole('button', { name: 'Menu de navegação' }).tap()
    const entry = phone.page
      .getByRole('banner')
      .getByRole('link', { name: projectsText.navLabel, exact: true })
      .filter({ visible: true })
    expect(await entry.getAttribute('href')).toBe(projectsRoute.url)
    await phone.page.keyboard.press('Escape')
    const trail = phone.page.getByRole('navigation', { name: projectsText.breadcrumbsLabel })
    await trail.getByRole('link', { name: projectsText.navLabel }).click()
    await phone.page.waitForURL((url) => url.pathname === projectsRoute.url)
  })

  it("keeps a project page's breadcrumbs on one line on a phone, its own name cut short but whole for a screen reader", async () => {
    const { page } = await session.open(phoneOfSize(320, 700))
    for (const project of projects) {
      await page.goto(projectRoute(project.slug).url)
      const trail = page.getByRole('navigation', { name: projectsText.breadcrumbsLabel })
      const rows = await trail.getByRole('listitem').evaluateAll(
        (items) =>
          new Set(
            items.map((item) => {
              const box = item.getBoundingClientRect()
              return Math.round(box.top + box.height / 2)
            }),
          ).size,
      )
      expect(rows, project.slug).toBe(1)
      const current = trail.locator('[aria-current="page"]')
      // The whole name is there, cut short only on screen (the heading below says it too).
      expect(await current.textContent()).toBe(project.title)
      expect(await current.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(
        true,
      )
    }
    // Wrapped, a long name took a line more in the brand's font than in its fallback at some
    // widths and the page moved when the font came (tests/e2e/look.test.ts).
  })

  it("names each page's own 1200 × 630 share image, served by the site", async () => {
    const { page } = await session.open(WIDE_DESKTOP)
    for (const path of PROJECT_PAGES) {
      await page.goto(path)
      const image = await page.locator('meta[property="og:image"]').getAttribute('content')
      const { pathname } = new URL(image ?? '')
      expect(pathname, path).toBe(
        path === projectsRoute.url ? '/og/projects.png' : `/og${path}.png`,
      )
      const response = await page.request.get(pathname)
      expect(response.status(), pathname).toBe(200)
      expect(response.headers()['content-type']).toBe('image/png')
      expect(pngSize(await response.body()), pathname).toEqual({ width: 1200, height: 630 })
      const data = await page.locator('script[type="application/ld+json"]').textContent()
      expect(JSON.parse(data ?? '{}')['@graph'][0]['@type'], path).toBe(
        path === projectsRoute.url ? 'CollectionPage' : 'CreativeWork',
      )
    }
  })

  it('keeps every image’s place while it arrives (no layout shift), fits the width and gives a phone a smaller file, in AVIF', async () => {
    const chosen: Record<string, string[]> = {}
    for (const [width, device] of DEVICES) {
      const { page, context, problems } = await session.open(device)
      // Slow images: their boxes must be there before them.
      await context.route('**/projetos/imagens/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300))
        await route.continue()
      })
      await startCountingShifts(page)
      for (const path of PROJECT_PAGES) {
        await page.goto(path)
        const boxes = await page.locator('main img').evaluateAll((images) =>
          images.map((img) => {
            const image = img as HTMLImageElement
            return { ratio: image.width / image.height, box: image.getBoundingClientRect() }
          }),
        )
        for (const { ratio, box } of boxes) {
          expect(
            box.width / box.height,
            `${path}: the box has the image's shape at once`,
          ).toBeCloseTo(ratio, 1)
        }
        await scrollThrough(page)
        await page.waitForFunction(() => [...document.images].every((image) => image.complete))
        expect(await shiftsSoFar(page), `${path} at ${width}`).toBeLessThanOrEqual(0.01)
        // One heading and one main, and nothing wider than the screen, the images in place:
        // neither depends on the theme.
        expect(await page.getByRole('heading', { level: 1 }).count(), path).toBe(1)
        expect(await page.getByRole('main').count(), path).toBe(1)
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }))
        expect(scrollWidth, `${path} scrolls sideways at ${width}`).toBeLessThanOrEqual(clientWidth)
        chosen[width] = [
          ...(chosen[width] ?? []),
          ...(await page
            .locator('main img')
            .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).currentSrc))),
        ]
      }
      expect(problems.pageErrors, width).toEqual([])
      expect(problems.errorResponses, width).toEqual([])
    }
    // The lightest format the browser reads: Chromium reads AVIF, the first <source>.
    const all = Object.values(chosen).flat()
    expect(all.length).toBeGreaterThan(0)
    expect(all.filter((src) => !src.endsWith('.avif'))).toEqual([])
    const widthOf = (src: string) => Number(/-(\d+)\.avif$/.exec(src)?.[1])
    expect(Math.max(...(chosen['390 px'] ?? []).map(widthOf))).toBeLessThanOrEqual(800)
    expect(Math.min(...(chosen['1440 px'] ?? []).map(widthOf))).toBeGreaterThanOrEqual(800)
  })
})
