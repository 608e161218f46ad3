/**
 * A returning visitor's browser shows a page it kept: after a reload, going back with or
 * without the back-forward cache, or on a later visit that the server answers with 304. Each
 * time the page must be as on the first visit: styled, its script run, its form sending, no
 * policy violation. Every other browser test starts with an empty cache, where none of this
 * happens. The pages come from src/routes.ts, so a new kind of page is walked here too.
 *
 * The HTTP cache's ways back are walked in the headless shell, as the other browser files
 * are; only the back-forward cache needs the full browser, whose tabs cost about three times
 * the shell's, so it walks every page in one tab per device.
 */
import type { BrowserContextOptions, CDPSession, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
import { DESKTOP, PHONE } from '../support/browser/devices.ts'
import type { PageProblems } from '../support/browser/page-watch.ts'
import { scriptsInHtml, useE2eSession } from '../support/browser/session.ts'
import { sitePages, UNKNOWN_PATHS } from '../support/site-addresses.ts'
import { waitFor } from '../support/wait.ts'

const session = useE2eSession()
/** Only the full browser keeps pages in the back-forward cache (tests/support/browser/chromium.ts). */
const WITH_BACK_FORWARD_CACHE = { backForwardCache: true }

const { pages, notFound } = sitePages()
// One page of each kind: the project pages are one template and one script, so walking one of
// them walks the others (tests/e2e/projects.test.ts looks at each project's own content).
const onePerKind = pages.filter(
  (page, at) => pages.findIndex((other) => other.route.kind === page.route.kind) === at,
)
const visits = [
  ...onePerKind.map(({ route }) => ({ name: route.url, address: route.url, route })),
  { name: 'the 404 page', address: UNKNOWN_PATHS[0] ?? '', route: notFound.route },
]
type Visit = (typeof visits)[number]

const devices: [string, BrowserContextOptions][] = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
]

/** A tab of the full browser walks half the pages, three navigations each, on a busy machine. */
const WALK_TIMEOUT_MS = 180_000

/** What the page's own script logs on the 404 page (src/content/not-found.ts). */
const NOT_FOUND_LOG = '404 Error:'

/** How many times the 404 page's script has logged `address` as the path asked for. */
const loggedPaths = (problems: PageProblems, address: string) =>
  problems.consoleErrors.filter((text) => text.startsWith(NOT_FOUND_LOG) && text.includes(address))
    .length

interface Revisit {
  /** `persisted` of each pageshow this document has seen: [false] new, then true per restore. */
  shows: boolean[]
  violations: string[]
}

/**
 * Records, in each document the page opens, its pageshow events and the policy violations it
 * reports.
 */
async function instrument(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { shows: [] as boolean[], violations: [] as string[] }
    Object.assign(window, { revisit: seen })
    addEventListener('pageshow', (event) => seen.shows.push(event.persisted))
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.violations.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`),
    )
  })
}

interface Navigations {
  /** The status each page load got from the network (a 304 shows as 200 everywhere else). */
  statuses: number[]
  /** Why Chromium did not restore a page from its back-forward cache, each time it did not. */
  notRestored: string[][]
}

async function watchNavigations(page: Page): Promise<Navigations> {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  await Promise.all([cdp.send('Network.enable'), cdp.send('Page.enable')])
  const documents = new Set<string>()
  const seen: Navigations = { statuses: [], notRestored: [] }
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document') documents.add(event.requestId)
  })
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    if (documents.has(event.requestId)) seen.statuses.push(event.statusCode)
  })
  cdp.on('Page.backForwardCacheNotUsed', (event) => {
    seen.notRestored.push(event.notRestoredExplanations.map((explanation) => explanation.reason))
  })
  return seen
}

const readRevisit = (page: Page) =>
  page.evaluate(() => ({
    ...(window as unknown as { revisit: Revisit }).revisit,
    navigation: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type,
  }))

/** Waits until the page at `address` has been shown (its pageshow fired). */
async function shown(page: Page, address: string) {
  const pathname = new URL(address, 'http://site').pathname
  await page.waitForFunction(
    (expected) =>
      location.pathname === expected &&
      ((window as unknown as { revisit?: Revisit }).revisit?.shows.length ?? 0) > 0,
    pathname,
  )
  return readRevisit(page)
}

const lookOf = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector('header')
    const toggle = document.querySelector('[popovertarget]')
    // Drawn at all: neither it nor any element around it is display: none.
    const displayed = (element: Element) => element.checkVisibility()
    return {
      bodyFont: getComputedStyle(document.body).fontFamily,
      header: header && getComputedStyle(header).position,
      toggle: toggle && {
        shown: displayed(toggle),
        icons: [...toggle.querySelectorAll('svg')].filter(displayed).length,
      },
      hasForm: document.querySelector('[data-island="contact-form"]') !== null,
    }
  })

/** Whether every script the page's HTML names has been loaded by the page's loader. */
const pageScriptsLoaded = async (page: Page) => {
  const scripts = await scriptsInHtml(page)
  return page.evaluate(
    (names) =>
      names.length > 0 &&
      names.every((name) =>
        performance
          .getEntriesByType('resource')
          .some((entry) => new URL(entry.name).pathname === name),
      ),
    scripts,
  )
}

/** The page looks and works as on a first visit; `step` names the way the visitor came back. */
async function expectWorkingPage(
  page: Page,
  problems: PageProblems,
  { visit, device, step }: { visit: Visit; device: string; step: string },
  /**
   * How many times the 404 page had logged its path before this document loaded; undefined
   * for a document restored from memory, whose script ran when it was first loaded.
   */
  logsBefore?: number,
): Promise<void> {
  const where = `${visit.name} on a ${device}, ${step}`
  const look = await lookOf(page)
  expect(look.bodyFont, `${where}: the site's font, not the browser's default`).not.toMatch(/Times/)
  if (look.header !== null) expect(look.header, `${where}: the header stays fixed`).toBe('fixed')
  if (look.toggle) {
    expect(look.toggle.shown, `${where}: the menu button only on a phone`).toBe(device === 'phone')
    if (device === 'phone') expect(look.toggle.icons, `${where}: one icon on it`).toBe(1)
    // The page script sets it (src/page-scripts/phone-menu.ts); the HTML does not.
    await waitFor(
      `${where}: the page script to mark the menu button`,
      () => page.locator('[popovertarget]').first().getAttribute('aria-expanded'),
      (expanded) => expanded === 'false' || expanded === 'true',
    )
  }
  await waitFor(`${where}: the page's scripts to load`, () => pageScriptsLoaded(page), Boolean)
  if (visit.route.kind === 'not-found' && logsBefore !== undefined) {
    await waitFor(
      `${where}: the 404 page's script to log the path`,
      () => loggedPaths(problems, visit.address),
      (count) => count > logsBefore,
    )
  }
  if (look.hasForm) {
    const email = uniqueEmail('revisita')
    await contactForm(page).send({
      name: 'Rui Campos',
      email,
      message: 'Voltei ao site e gostaria de conversar sobre um aplicativo.',
    })
    await waitFor(
      `${where}: the message to be stored`,
      () => session.site().submissionsFrom(email),
      (rows) => rows.length === 1,
    )
  }
  const { violations } = await readRevisit(page)
  expect(violations, `${where}: policy violations`).toEqual([])
  expect(
    problems.consoleErrors.filter((text) => text.includes('Content Security Policy')),
    `${where}: policy errors in this tab's console so far`,
  ).toEqual([])
  expect(problems.pageErrors, `${where}: script errors`).toEqual([])
}

/** Each page kind on the devices it is walked on, and the page the visitor goes to meanwhile. */
const walks = visits.flatMap((visit, index) => {
  // What a cache keeps and restores is the same at any width; what the width changes (the
  // phone's menu button, set by the page script) each page meets on the device it is walked
  // on. So the landing page is walked on both, and the other pages alternate between them:
  // each device still comes back to pages of every template.
  const elsewhere = visits[(index + 1) % visits.length]?.address ?? '/'
  const walkedOn =
    visit.route.kind === 'home' ? devices : devices.filter((_, at) => at === index % 2)
  return walkedOn.map(([device, options]) => ({ visit, device, options, elsewhere }))
})
type Walk = (typeof walks)[number]

/** What every step of a walk needs: the tab, what it has seen, and the way to another page. */
function walker(page: Page, problems: PageProblems, { visit, device, elsewhere }: Walk) {
  return {
    expectWorking: (step: string, logsBefore?: number) =>
      expectWorkingPage(page, problems, { visit, device, step }, logsBefore),
    /** How many times the 404 page has logged this walk's path so far. */
    logs: () => loggedPaths(problems, visit.address),
    /** Goes to another page; how many times the 404 page had logged the path by then. */
    goElsewhere: async () => {
      await page.goto(elsewhere)
      await shown(page, elsewhere)
      return loggedPaths(problems, visit.address)
    },
  }
}

describe('A returning visitor finds each page as on the first visit', () => {
  it.each(walks.map((walk) => [walk.visit.name, walk.device, walk] as const))(
    '%s on a %s: reloaded, visited again, gone back to without the back-forward cache',
    async (_name, _device, walk) => {
      const { visit, options } = walk
      // Revalidated pages come back as 304; the 404 page has no validator and comes back whole.
      const revalidated = visit.route.kind === 'not-found' ? 404 : 304
      const { page, problems } = await session.open(options)
      await instrument(page)
      const navigations = await watchNavigations(page)
      const { expectWorking, logs, goElsewhere } = walker(page, problems, walk)

      await page.goto(visit.address)
      await shown(page, visit.address)
      await expectWorking('on the first visit', 0)

      let before = logs()
      await page.reload()
      expect((await shown(page, visit.address)).shows).toEqual([false])
      expect(navigations.statuses.at(-1), 'the server revalidated the page').toBe(revalidated)
      await expectWorking('after a reload', before)

      // A later visit, as a new navigation: the HTTP cache holds the page.
      before = await goElsewhere()
      await page.goto(visit.address)
      expect((await shown(page, visit.address)).shows).toEqual([false])
      expect(navigations.statuses.at(-1), 'the server revalidated the page').toBe(revalidated)
      await expectWorking('on a later visit', before)

      // Back where the back-forward cache keeps nothing (the headless shell has none): the
      // page loads again from the HTTP cache, as a new document.
      before = await goElsewhere()
      await page.goBack({ waitUntil: 'commit' })
      const back = await shown(page, visit.address)
      expect(back.shows, 'a new document, not one from the back-forward cache').toEqual([false])
      expect(back.navigation).toBe('back_forward')
      await expectWorking('back without the back-forward cache', before)
    },
  )

  it.each(devices)(
    'on a %s, every page it was walked on comes back from the back-forward cache as it was',
    async (device, options) => {
      const { page, problems } = await session.openIn(WITH_BACK_FORWARD_CACHE, options)
      await instrument(page)
      const navigations = await watchNavigations(page)
      for (const walk of walks.filter((each) => each.device === device)) {
        const { visit } = walk
        const { expectWorking, logs, goElsewhere } = walker(page, problems, walk)
        const before = logs()
        await page.goto(visit.address)
        await shown(page, visit.address)
        await expectWorking('on the first visit in the full browser', before)

        const away = await goElsewhere()
        await page.goBack({ waitUntil: 'commit' })
        if (visit.route.kind === 'not-found') {
          // Chromium keeps no page that came with an error status; this one loads again.
          expect((await shown(page, visit.address)).shows).toEqual([false])
          expect(navigations.notRestored.at(-1)).toContain('HTTPStatusNotOK')
          await expectWorking('back, loaded again', away)
        } else {
          await waitFor(
            `${visit.name}: the page to come back from the back-forward cache`,
            () => shown(page, visit.address),
            (state) => state.shows.at(-1) === true,
          )
          await expectWorking('back from the back-forward cache')
        }
      }
    },
    WALK_TIMEOUT_MS,
  )
})
