import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { ChromiumOptions } from './chromium.ts'
import { releaseChromium, sharedChromium } from './shared-chromium.ts'
import { watchPage, type PageProblems } from './page-watch.ts'
import { startTestSite, type TestSite, type TestSiteOptions } from './test-site.ts'

export interface OpenedPage {
  context: BrowserContext
  page: Page
  problems: PageProblems
}

export interface E2eSession {
  site(): TestSite
  /** A fresh context (no shared cookies, storage or routes) pointed at the site. */
  open(device: BrowserContextOptions, extra?: BrowserContextOptions): Promise<OpenedPage>
  /**
   * A context the file's tests share, closed when the file ends: for pages tests only read.
   */
  openForFile(device: BrowserContextOptions): Promise<OpenedPage>
  /** The same as `open`, in another kind of browser than the file's (the full browser, say). */
  openIn(
    browser: ChromiumOptions,
    device: BrowserContextOptions,
    extra?: BrowserContextOptions,
  ): Promise<OpenedPage>
}

/**
 * One browser and one server for the whole file (both are slow to start), and a new browser
 * context per test so that no test sees another's state.
 */
export function useE2eSession(
  siteOptions: TestSiteOptions = {},
  browserOptions: ChromiumOptions = {},
): E2eSession {
  let browser: Browser | undefined
  let site: TestSite | undefined
  const contexts = new Set<BrowserContext>()

  beforeAll(async () => {
    ;[browser, site] = await Promise.all([
      sharedChromium(browserOptions),
      startTestSite(siteOptions),
    ])
  })
  afterEach(async () => {
    await Promise.all([...contexts].map((context) => context.close()))
    contexts.clear()
  })
  afterAll(async () => {
    await Promise.all([releaseChromium(browser), site?.stop()])
  })

  const requireSite = () => {
    if (!site) throw new Error('The test site did not start; see the beforeAll error above')
    return site
  }

  const openWith = async (
    chromium: Browser | undefined,
    device: BrowserContextOptions,
    extra: BrowserContextOptions,
    // Closed with the browser's other contexts when the file ends (releaseChromium).
    { forFile = false } = {},
  ): Promise<OpenedPage> => {
    if (!chromium) throw new Error('Chromium did not start; see the beforeAll error above')
    const { url } = requireSite()
    const context = await chromium.newContext({ ...device, ...extra, baseURL: url })
    if (!forFile) contexts.add(context)
    // Anything a visitor waits for happens within a few seconds; fail well before the test's limit.
    context.setDefaultTimeout(10_000)
    const page = await context.newPage()
    return { context, page, problems: watchPage(page, new URL(url).origin) }
  }

  return {
    site: requireSite,
    open: (device, extra = {}) => openWith(browser, device, extra),
    openForFile: (device) => openWith(browser, device, {}, { forFile: true }),
    openIn: async (options, device, extra = {}) =>
      openWith(await sharedChromium(options), device, extra),
  }
}

/**
 * Waits until React has taken over an island (`data-island` in the prerendered HTML), which it
 * does only once the visitor starts using it. Nothing else on a page is ever hydrated: its
 * page script is a module, which the browser runs before `load`, so `page.goto` already waits
 * for it.
 */
export async function waitForIsland(page: Page, name: string): Promise<void> {
  await page.waitForFunction((island) => {
    const content = document.querySelector(`[data-island="${island}"]`)?.firstElementChild
    return content != null && Object.keys(content).some((key) => key.startsWith('__reactFiber$'))
  }, name)
}

/** Whether React has taken over an island yet; for proving that it has not. */
export async function isIslandHydrated(page: Page, name: string): Promise<boolean> {
  return page.evaluate((island) => {
    const content = document.querySelector(`[data-island="${island}"]`)?.firstElementChild
    return content != null && Object.keys(content).some((key) => key.startsWith('__reactFiber$'))
  }, name)
}

/** The scripts the page's HTML names: its page script and the chunks that script imports. */
export function scriptsInHtml(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (document.querySelector('script[data-page-script]')?.getAttribute('data-page-script') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((file) => new URL(file, location.href).pathname),
  )
}

/**
 * Resolves once the page script has run. The page starts it on a timer after load, so a test
 * that stops the page's clock must wait for it first; importing the same module here waits for
 * that one run (a module runs once per page) or starts it.
 */
export async function pageScriptRan(page: Page): Promise<void> {
  // A string, not a function: the test runner would rewrite a function's import() for Node.
  await page.evaluate(`(async () => {
    const script = document.querySelector('script[data-page-script]')
    const [main] = (script?.getAttribute('data-page-script') ?? '').split(' ')
    if (main) await import(new URL(main, location.href).href)
  })()`)
}
