import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { launchChromium } from './chromium.ts'
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
}

/**
 * One browser and one server for the whole file (both are slow to start), and a new browser
 * context per test so that no test sees another's state.
 */
export function useE2eSession(siteOptions: TestSiteOptions = {}): E2eSession {
  let browser: Browser | undefined
  let site: TestSite | undefined
  const contexts = new Set<BrowserContext>()

  beforeAll(async () => {
    ;[browser, site] = await Promise.all([launchChromium(), startTestSite(siteOptions)])
  })
  afterEach(async () => {
    await Promise.all([...contexts].map((context) => context.close()))
    contexts.clear()
  })
  afterAll(async () => {
    await Promise.all([browser?.close(), site?.stop()])
  })

  const requireSite = () => {
    if (!site) throw new Error('The test site did not start; see the beforeAll error above')
    return site
  }

  return {
    site: requireSite,
    async open(device, extra = {}) {
      if (!browser) throw new Error('Chromium did not start; see the beforeAll error above')
      const { url } = requireSite()
      const context = await browser.newContext({ ...device, ...extra, baseURL: url })
      contexts.add(context)
      // Anything a visitor waits for happens within a few seconds; fail well before the test's limit.
      context.setDefaultTimeout(10_000)
      const page = await context.newPage()
      return { context, page, problems: watchPage(page, new URL(url).origin) }
    },
  }
}

/**
 * Opens a path and waits until React has taken over the prerendered HTML. A tap that lands
 * before that only reaches the static markup, and the test would measure a race instead of
 * the behaviour.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await waitForHydration(page)
}

/** Waits until React has taken over the prerendered HTML already on the page. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    // The header on the landing page, the heading on the 404 page.
    const element = document.querySelector('header') ?? document.querySelector('h1')
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'))
  })
}
