/**
 * The quarantine from both sides, in Chromium on the server as `npm start` runs it: a visitor
 * whose message looks automated is thanked as usual, and the company finds it in the lead desk,
 * restores it (the lead appears and its real SMTP server receives exactly one e-mail, while the
 * mail sweep runs every quarter second) and deletes the junk.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { settingsFrom } from '../../server/settings.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { expectNoAxeViolations } from '../support/browser/axe.ts'
import { releaseChromium, sharedChromium } from '../support/browser/shared-chromium.ts'
import { contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
import { DESKTOP } from '../support/browser/devices.ts'
import { DESK_PASSWORD, signIn } from '../support/browser/lead-desk-site.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import { waitFor } from '../support/wait.ts'

let browser: Browser | undefined
let server: RunningServer | undefined
let smtp: SmtpCatcher | undefined
let dataDir: string | undefined
const contexts = new Set<BrowserContext>()

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-quarantine-'))
  smtp = await startSmtpCatcher()
  ;[browser, server] = await Promise.all([
    sharedChromium(),
    startServer(
      settingsFrom(
        {
          PORT: '0',
          DATA_DIR: dataDir,
          SMTP_URL: smtp.url,
          CONTACT_TO: 'leads@aurora.test',
          ADMIN_PASSWORD: DESK_PASSWORD,
          // Nobody fills the form within a minute of the page loading: every post looks automated.
          FORM_MIN_FILL_MS: '60000',
        },
        { mailSweepIntervalMs: 250 },
      ),
    ),
  ])
})
afterEach(async () => {
  await Promise.all([...contexts].map((context) => context.close()))
  contexts.clear()
})
afterAll(async () => {
  await Promise.all([releaseChromium(browser), server?.stop(), smtp?.stop()])
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const running = () => {
  if (!server || !smtp || !browser) throw new Error('The server or Chromium did not start')
  return { server, smtp, browser }
}

const open = async (): Promise<Page> => {
  const context = await running().browser.newContext({ ...DESKTOP, baseURL: running().server.url })
  contexts.add(context)
  context.setDefaultTimeout(15_000)
  return context.newPage()
}

const mailTo = (email: string) =>
  running().smtp.messages.filter((mail) => mail.replyTo?.value[0]?.address === email)

const entry = (page: Page, name: string) =>
  page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: `Mensagem de ${name}` }) })

describe('the quarantine', () => {
  it('thanks the visitor, then the company restores the message and receives one e-mail', async () => {
    const { server } = running()
    const visitor = {
      name: 'Ana Souza',
      email: uniqueEmail('colou'),
      company: 'Padaria Pão & Cia',
      message: 'Colei esta mensagem do bloco de notas: quero um site para a padaria.',
    }
    const bot = {
      name: 'Promoção Imperdível',
      email: uniqueEmail('robo'),
      message: 'Compre já, visite https://promo.example',
    }

    // A person who pastes the message and sends it at once: the same thanks as anyone.
    const site = await open()
    await site.goto('/')
    await contactForm(site).send(visitor)
    // A script that fills every input, the hidden one too.
    const script = await open()
    await script.goto('/')
    await contactForm(script).fill(bot)
    await script.locator('#contact-trap').evaluate((input: HTMLInputElement) => {
      input.value = 'https://promo.example'
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
    await contactForm(script).send()

    const stored = await server.db.query(
      'select reason from private.quarantined_submissions where email = any($1) order by reason',
      [[visitor.email, bot.email]],
    )
    expect(stored.rows).toEqual([{ reason: 'too_fast' }, { reason: 'trap_filled' }])
    const leads = await server.db.query('select 1 from contact_submissions where email = any($1)', [
      [visitor.email, bot.email],
    ])
    expect(leads.rows).toEqual([])
    expect(mailTo(visitor.email)).toEqual([])
    // Days old by the time someone looks: the sweep would find its lead due the moment it exists.
    await server.db.query(
      "update private.quarantined_submissions set quarantined_at = now() - interval '1 day' where email = $1",
      [visitor.email],
    )

    const desk = await open()
    await signIn(desk)
    await desk.getByRole('link', { name: 'Quarentena (2)' }).click()
    await desk.getByRole('heading', { level: 1, name: 'Quarentena' }).waitFor()
    await expect
      .poll(() => entry(desk, visitor.name).textContent())
      .toContain('Foi enviada poucos segundos depois de a página abrir')
    expect(await entry(desk, bot.name).textContent()).toContain(
      'Veio com o campo escondido preenchido',
    )
    expect(await entry(desk, visitor.name).locator('.message').textContent()).toBe(visitor.message)
    await expectNoAxeViolations(desk, '/painel/quarentena')

    await entry(desk, visitor.name).getByRole('button', { name: 'Restaurar como contato' }).click()
    await desk.getByRole('heading', { level: 1, name: `Contato de ${visitor.name}` }).waitFor()
    await desk.getByRole('status').filter({ hasText: 'Mensagem restaurada' }).waitFor()
    expect(await desk.getByRole('link', { name: 'Quarentena (1)' }).count()).toBe(1)

    const [mail] = await waitFor(
      'the restored lead’s e-mail',
      () => mailTo(visitor.email),
      (mails) => mails.length > 0,
      { timeoutMs: 15_000 },
    )
    expect(mail?.text).toContain(visitor.message)
    // Sent and recorded: nothing is left that the sweep (every 250 ms) could send again.
    await waitFor(
      'the send to be recorded',
      async () =>
        (
          await server.db.query<{ notified: boolean }>(
            'select notified_at is not null as notified from contact_submissions where email = $1',
            [visitor.email],
          )
        ).rows,
      (rows) => rows.length === 1 && rows[0]?.notified === true,
    )
    const sends = await server.db.query(
      "select count(*)::int as n from private.mail_sends where kind = 'single' and finished_at is not null",
    )
    expect(sends.rows).toEqual([{ n: 1 }])
    expect(mailTo(visitor.email)).toHaveLength(1)

    await desk.getByRole('link', { name: 'Quarentena (1)' }).click()
    await entry(desk, bot.name).getByRole('button', { name: 'Apagar' }).click()
    await desk.getByRole('status').filter({ hasText: 'Mensagem apagada da quarentena.' }).waitFor()
    await desk.getByText('Nenhuma mensagem em quarentena.').waitFor()
    await expectNoAxeViolations(desk, '/painel/quarentena (empty)')
    expect(mailTo(bot.email)).toEqual([])

    await desk.getByRole('link', { name: 'Contatos' }).click()
    await desk.getByRole('link', { name: visitor.name }).waitFor()
  })
})
