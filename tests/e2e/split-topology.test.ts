/**
 * The hosted deployment's shape: the built site on a plain static host, the API on another
 * origin behind one gateway as a Supabase project is: the Node server standing in for
 * PostgREST and send-contact-email (wire-compatible), and the submit-contact-form Edge
 * Function under real Deno, both on one PostgreSQL 15 with the migrations applied as
 * `supabase db push` would. With script the browser sends the form across origins, preflight
 * included, and the visitor sees the spec's toasts; without script it posts the form to the
 * function, which sends the visitor back to the static site's pages. The 404 page works
 * without any server of ours.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ANON_KEY, settingsFrom } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { startApiGateway, type ApiGateway } from '../support/api-gateway.ts'
import { releaseChromium, sharedChromium } from '../support/browser/shared-chromium.ts'
import { TOAST, contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
import { DESKTOP } from '../support/browser/devices.ts'
import { startDenoFunction, type RunningFunction } from '../support/deno-function.ts'
import { freePort } from '../support/free-port.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { copyProject, type ProjectCopy } from '../support/project-copy.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import { startStaticHost } from '../support/static-host.ts'
import { applyMigrationsLikeSupabase } from '../support/supabase-like-database.ts'
import { waitFor } from '../support/wait.ts'

const SUBMIT_FUNCTION = '/functions/v1/submit-contact-form'

let project: ProjectCopy
let gateway: ApiGateway
let api: RunningServer
let submitFunction: RunningFunction
let postgres: PostgresServer
let db: pg.Pool
let host: Awaited<ReturnType<typeof startStaticHost>>
let smtp: SmtpCatcher
let browser: Browser
let dataDir: string

beforeAll(async () => {
  gateway = await startApiGateway()
  project = await copyProject()
  ;[postgres] = await Promise.all([
    startPostgresServer({ pgCron: true }),
    project.build({ VITE_SUPABASE_URL: gateway.url, VITE_SUPABASE_ANON_KEY: DEV_ANON_KEY }),
  ])
  await applyMigrationsLikeSupabase(postgres.url)
  db = new pg.Pool({ connectionString: postgres.url, max: 2 })
  ;[smtp, browser, dataDir, host] = await Promise.all([
    startSmtpCatcher(),
    sharedChromium(),
    mkdtemp(path.join(tmpdir(), 'split-api-')),
    startStaticHost(path.join(project.folder, 'dist')),
  ])
  const env = { SMTP_URL: smtp.url, CONTACT_TO: 'leads@aurora.test' }
  ;[api, submitFunction] = await Promise.all([
    // The API only: no site of its own, as Supabase serves none.
    startServer(
      settingsFrom(
        {
          ...env,
          PORT: String(await freePort()),
          DATA_DIR: dataDir,
          DATABASE_URL: postgres.url,
          // The journeys fill the form at machine speed; bot-signals.test.ts covers the minimum.
          FORM_MIN_FILL_MS: '0',
        },
        { distDir: undefined, warmUpRequests: 0, mailSweepIntervalMs: false },
      ),
    ),
    startDenoFunction('submit-contact-form', {
      ...env,
      SUPABASE_DB_URL: postgres.url,
      SITE_URL: host.url,
    }),
  ])
  gateway.routeTo((path) => (path.startsWith(SUBMIT_FUNCTION) ? submitFunction.url : api.url))
}, 240_000)

afterAll(async () => {
  await releaseChromium(browser)
  await Promise.all([host?.stop(), gateway?.stop(), api?.stop(), submitFunction?.stop()])
  await db?.end()
  await Promise.all([postgres?.stop(), smtp?.stop()])
  await Promise.all([project?.remove(), dataDir && rm(dataDir, { recursive: true, force: true })])
})

const contexts: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()))
})

const openPage = async (extra: BrowserContextOptions = {}): Promise<Page> => {
  const context = await browser.newContext({ ...DESKTOP, ...extra })
  contexts.push(context)
  context.setDefaultTimeout(15_000)
  return context.newPage()
}

const storedFor = async (email: string) =>
  (
    await db.query('select name, company, message from contact_submissions where email = $1', [
      email,
    ])
  ).rows

const mailedTo = (email: string) =>
  smtp.messages.filter((mail) => mail.replyTo?.value[0]?.address === email).length

describe('the site on a static host, the API on another origin', () => {
  it('sends the form across origins, thanks the visitor, stores the lead and mails it', async () => {
    const page = await openPage()
    const apiRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(gateway.url))
        apiRequests.push(`${request.method()} ${new URL(request.url()).pathname}`)
    })
    await page.goto(`${host.url}/`)
    const form = contactForm(page)
    const lead = { name: 'Ana Estática', email: uniqueEmail('split'), message: 'Do site estático.' }
    await form.fill(lead)
    await form.send()
    await page.getByText(TOAST.successDescription, { exact: true }).waitFor()

    // The page view's beacon (decision 033) reaches the API across origins too, on its own.
    await waitFor(
      'the page view to be counted through the gateway',
      () => apiRequests,
      (requests) => requests.includes('POST /rest/v1/rpc/count_page_view'),
    )
    expect(apiRequests.filter((request) => !request.endsWith('/count_page_view'))).toEqual([
      'POST /rest/v1/contact_submissions',
      'POST /functions/v1/send-contact-email',
    ])
    expect(await storedFor(lead.email)).toEqual([
      { name: lead.name, company: null, message: lead.message },
    ])
    await waitFor(
      'the lead to be mailed',
      () => mailedTo(lead.email),
      (count) => count === 1,
    )
  })

  it('answers an unknown path with the 404 page and status 404, from the static host alone', async () => {
    const page = await openPage()
    const response = await page.goto(`${host.url}/pagina-que-nao-existe`)
    expect(response?.status()).toBe(404)
    await page.getByText('Oops! Page not found').waitFor()
    expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/')
  })
})

describe('the form without JavaScript, posted to the Edge Function under Deno', () => {
  it("stores and mails the lead, and sends the visitor to the static site's thank-you page", async () => {
    const page = await openPage({ javaScriptEnabled: false })
    await page.goto(`${host.url}/`)
    const form = contactForm(page)
    const lead = {
      name: 'Bia Sem Script',
      email: uniqueEmail('split-nojs'),
      company: 'Padaria & Cia',
      message: 'Olá, "Equipe" <já>! 😀',
    }
    await form.fill(lead)
    const posted = page.waitForResponse((r) => r.url() === `${gateway.url}${SUBMIT_FUNCTION}`)
    await form.submit.click()
    expect((await posted).status()).toBe(303)
    await page.waitForURL(`${host.url}/contato/enviada/`)
    await page.getByRole('heading', { level: 1, name: TOAST.successTitle }).waitFor()
    expect(await page.getByText(TOAST.successDescription, { exact: true }).isVisible()).toBe(true)

    expect(await storedFor(lead.email)).toEqual([
      { name: lead.name, company: lead.company, message: lead.message },
    ])
    await waitFor(
      'the lead to be mailed',
      () => mailedTo(lead.email),
      (count) => count === 1,
    )
  })

  it("shows the database's reason on the static error page, and the typed text is there on going back", async () => {
    const page = await openPage({ javaScriptEnabled: false })
    await page.goto(`${host.url}/`)
    const form = contactForm(page)
    // Spaces pass the browser's `required`; the database refuses a name with nothing to read.
    const typed = {
      name: '   ',
      email: uniqueEmail('split-refused'),
      company: 'Acme',
      message: 'Uma mensagem longa que ninguém quer digitar de novo.',
    }
    await form.fill(typed)
    await form.submit.click()
    await page.waitForURL(`${host.url}/contato/erro/#informe-o-seu-nome`)

    await page.getByRole('heading', { level: 1, name: TOAST.errorTitle }).waitFor()
    const reason = page.getByText(`${TOAST.dbErrorPrefix}Informe o seu nome.`, { exact: true })
    expect(await reason.isVisible()).toBe(true)
    expect(await page.getByText(TOAST.unexpectedError, { exact: true }).isVisible()).toBe(false)
    // Only the reason the address names is shown.
    expect(
      await page
        .getByText(/^Erro ao salvar no banco de dados: /)
        .filter({ visible: true })
        .count(),
    ).toBe(1)
    expect(await storedFor(typed.email)).toEqual([])

    await page.goBack()
    await page.waitForURL(`${host.url}/`)
    expect(await contactForm(page).values()).toEqual(typed)
  })
})
