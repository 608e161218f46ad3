/**
 * The hosted deployment's shape: the built site on a plain static host, the API on another
 * origin (here the Node server on another port stands in for Supabase, wire-compatible). The
 * browser sends the form across origins, preflight included, and the visitor sees the spec's
 * toasts; the 404 page works without any server of ours.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ANON_KEY, settingsFrom } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { launchChromium } from '../support/browser/chromium.ts'
import { TOAST, contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
import { DESKTOP } from '../support/browser/devices.ts'
import { freePort } from '../support/free-port.ts'
import { copyProject, type ProjectCopy } from '../support/project-copy.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import { startStaticHost } from '../support/static-host.ts'
import { waitFor } from '../support/wait.ts'

let project: ProjectCopy
let api: RunningServer
let apiUrl: string
let host: Awaited<ReturnType<typeof startStaticHost>>
let smtp: SmtpCatcher
let browser: Browser
let dataDir: string

beforeAll(async () => {
  const apiPort = await freePort()
  apiUrl = `http://127.0.0.1:${apiPort}`
  project = await copyProject()
  await project.build({ VITE_SUPABASE_URL: apiUrl, VITE_SUPABASE_ANON_KEY: DEV_ANON_KEY })
  ;[smtp, browser, dataDir] = await Promise.all([
    startSmtpCatcher(),
    launchChromium(),
    mkdtemp(path.join(tmpdir(), 'split-api-')),
  ])
  // The API only: no site of its own, as Supabase serves none.
  api = await startServer(
    settingsFrom(
      {
        PORT: String(apiPort),
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        CONTACT_TO: 'leads@aurora.test',
        // The journey fills the form at machine speed; bot-signals.test.ts covers the minimum.
        FORM_MIN_FILL_MS: '0',
      },
      { distDir: undefined, warmUp: false },
    ),
  )
  host = await startStaticHost(path.join(project.folder, 'dist'))
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await Promise.all([host?.stop(), api?.stop(), smtp?.stop()])
  await Promise.all([project?.remove(), dataDir && rm(dataDir, { recursive: true, force: true })])
})

describe('the site on a static host, the API on another origin', () => {
  it('sends the form across origins, thanks the visitor, stores the lead and mails it', async () => {
    const context = await browser.newContext(DESKTOP)
    const page = await context.newPage()
    const apiRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(apiUrl))
        apiRequests.push(`${request.method()} ${new URL(request.url()).pathname}`)
    })
    await page.goto(`${host.url}/`)
    const form = contactForm(page)
    const lead = { name: 'Ana Estática', email: uniqueEmail('split'), message: 'Do site estático.' }
    await form.fill(lead)
    await waitFor('the form to become usable', () => form.submit.isEnabled(), Boolean)
    await form.send()
    await page.getByText(TOAST.successDescription, { exact: true }).waitFor()

    expect(apiRequests).toEqual([
      'POST /rest/v1/contact_submissions',
      'POST /functions/v1/send-contact-email',
    ])
    const stored = await api.db.query(
      'select name, company from contact_submissions where email = $1',
      [lead.email],
    )
    expect(stored.rows).toEqual([{ name: lead.name, company: null }])
    await waitFor(
      'the lead to be mailed',
      () => smtp.messages.filter((mail) => mail.replyTo?.value[0]?.address === lead.email).length,
      (count) => count === 1,
    )
    await context.close()
  })

  it('answers an unknown path with the 404 page and status 404, from the static host alone', async () => {
    const context = await browser.newContext(DESKTOP)
    const page = await context.newPage()
    const response = await page.goto(`${host.url}/pagina-que-nao-existe`)
    expect(response?.status()).toBe(404)
    await page.getByText('Oops! Page not found').waitFor()
    expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/')
    await context.close()
  })
})
