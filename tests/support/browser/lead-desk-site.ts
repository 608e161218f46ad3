import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { Database } from '../../../server/db/database.ts'
import { createJsonLogger } from '../../../server/log.ts'
import { DIST_DIR } from '../../../server/paths.ts'
import { settingsFrom } from '../../../server/settings.ts'
import { startServer, type RunningServer } from '../../../server/start-server.ts'
import { releaseChromium, sharedChromium } from './shared-chromium.ts'
import { DESKTOP } from './devices.ts'

/** The lead desk's password in the browser journeys. */
export const DESK_PASSWORD = 'correto cavalo bateria grampo'

export interface DeskSite {
  url: string
  /** Superuser access, to seed leads and to check what is stored. */
  db: Database
  /** Every line the server logged, as JSON text. */
  logLines: string[]
}

/**
 * The server as `npm start` runs it (built site, the real one-second pause after a wrong
 * password) with ADMIN_PASSWORD set, on its own data folder, plus the shared Chromium. The mail
 * sweep is off: the journeys seed leads whose e-mails "failed", and must find them so. The
 * warm-up is off, as for the other browser files' servers (decision 084): it only makes the
 * first requests quicker, for 1.5 CPU-s a start.
 */
export function useDeskSite(env: Record<string, string> = {}) {
  let browser: Browser | undefined
  let server: RunningServer | undefined
  let dataDir: string | undefined
  const logLines: string[] = []
  const contexts = new Set<BrowserContext>()
  /** The file's session, once a test has signed in for it (see openSignedIn). */
  let session: Awaited<ReturnType<BrowserContext['storageState']>> | undefined

  beforeAll(async () => {
    if (!existsSync(path.join(DIST_DIR, 'index.html'))) {
      throw new Error(`${DIST_DIR}/index.html is missing: run \`npm run build\` first.`)
    }
    dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-desk-'))
    const settings = settingsFrom(
      { PORT: '0', DATA_DIR: dataDir, ADMIN_PASSWORD: DESK_PASSWORD, ...env },
      { mailSweepIntervalMs: false, warmUpRequests: 0 },
    )
    ;[browser, server] = await Promise.all([
      sharedChromium(),
      startServer(
        settings,
        createJsonLogger((line) => logLines.push(line)),
      ),
    ])
  })
  afterEach(async () => {
    await Promise.all([...contexts].map((context) => context.close()))
    contexts.clear()
  })
  afterAll(async () => {
    await Promise.all([releaseChromium(browser), server?.stop()])
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  const open = async (options: BrowserContextOptions = {}): Promise<Page> => {
    if (!browser || !server) throw new Error('Chromium or the server did not start')
    const context = await browser.newContext({
      ...DESKTOP,
      ...options,
      baseURL: server.url,
      acceptDownloads: true,
    })
    contexts.add(context)
    context.setDefaultTimeout(10_000)
    return context.newPage()
  }

  return {
    site(): DeskSite {
      if (!server) throw new Error('The server did not start; see the beforeAll error above')
      return { url: server.url, db: server.db, logLines }
    },
    open,
    /**
     * A new context signed in, at `path`: by default the list as the navigation opens it (its
     * search cleared), where `signIn` leaves a page. The file's tests share one session, made
     * through the form by the first of them: each sign-in waits out the one-second answer and
     * runs scrypt, and what the session keeps between pages (the list's search) is cleared on
     * the list's way in. A test that signs out or tries passwords makes its own with `signIn`.
     */
    async openSignedIn(
      options: BrowserContextOptions = {},
      path = '/painel/contatos?limpar=1',
    ): Promise<Page> {
      const page = await open({ ...options, storageState: session })
      if (session === undefined) {
        await signIn(page, undefined, 'overview')
        session = await page.context().storageState()
      }
      const target = new URL(path, server?.url).href
      if (page.url() !== target) await page.goto(target)
      if (new URL(page.url()).pathname === '/painel/entrar') {
        throw new Error('The file’s desk session has ended: a test signed it out')
      }
      return page
    },
  }
}

/**
 * Signs in through the form, as a person would, lands on the overview, and goes on to the list
 * by the navigation (or stays on the overview with `stay`).
 */
export async function signIn(
  page: Page,
  password = DESK_PASSWORD,
  stay?: 'overview',
): Promise<void> {
  // Already on the form (signed out, or after a wrong password): no need to ask for it again.
  if (new URL(page.url()).pathname !== '/painel/entrar') await page.goto('/painel')
  await page.getByLabel('Senha').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.getByRole('heading', { level: 1, name: 'Visão geral' }).waitFor()
  if (stay === 'overview') return
  await page.getByRole('navigation').getByRole('link', { name: 'Contatos' }).click()
  await page.getByRole('heading', { level: 1, name: 'Contatos' }).waitFor()
}
