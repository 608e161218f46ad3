/**
 * Re-branding is editing two files beside each other: supabase/functions/_shared/company-facts.ts
 * (the facts) and brand.ts (the look). A copy of the project with another company in the first
 * and another accent in the second is built, and the new facts must appear in the page, in the
 * e-mail the Node server sends and in the one the Edge Function (under Deno) sends, and in the
 * free times the agenda offers; the new accent on the page, in the favicon, in `theme-color`,
 * in the lead desk's stylesheet and in the share image; nothing of the old company left.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { brand } from '../../supabase/functions/_shared/brand.ts'
import { company } from '../../supabase/functions/_shared/company.ts'
import { ROOT_DIR } from '../../server/paths.ts'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { freePort } from '../support/free-port.ts'
import { DENO_ENV } from '../support/deno-function.ts'
import { copyProject, type ProjectCopy } from '../support/project-copy.ts'
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import { applyMigrationsLikeSupabase } from '../support/supabase-like-database.ts'
import { pngColours } from '../support/png.ts'
// Another company with every fact changed: what a fork writes into company-facts.ts.
import OTHER from '../support/other-company.json'

/** Another brand's accent, a teal that white text reads on: the fill keeps it as it is. */
const OTHER_ACCENT = '#0f766e'
const DESK_PASSWORD = 'uma senha longa para a nova marca'

let project: ProjectCopy
let folder: string
let smtp: SmtpCatcher
let postgres: PostgresServer
const children: ChildProcess[] = []

beforeAll(async () => {
  project = await copyProject()
  folder = project.folder
  const facts = path.join(folder, 'supabase/functions/_shared/company-facts.ts')
  const original = await readFile(facts, 'utf8')
  const body = original.slice(original.indexOf('export const companyFacts'))
  await writeFile(
    facts,
    `${original.slice(0, original.indexOf('export const companyFacts'))}export const companyFacts = ${JSON.stringify(OTHER, null, 2)} as const\n`,
  )
  expect(body).toContain(company.name)
  // A fact added to the company must be re-branded here too, or this test would not see it.
  expect(Object.keys(OTHER).sort()).toEqual(Object.keys(company).sort())
  const look = path.join(folder, 'supabase/functions/_shared/brand.ts')
  const lookSource = await readFile(look, 'utf8')
  expect(lookSource).toContain(`accent: '${brand.accent}'`)
  await writeFile(
    look,
    lookSource.replace(`accent: '${brand.accent}'`, `accent: '${OTHER_ACCENT}'`),
  )
  await project.build()
  ;[smtp, postgres] = await Promise.all([startSmtpCatcher(), startPostgresServer()])
}, 240_000)

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
  }
  await Promise.all([smtp?.stop(), postgres?.stop()])
  await project?.remove()
})

/** Starts a process and resolves with the first match of `ready` in its output. */
const startProcess = (
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: folder,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let output = ''
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      const match = ready.exec(output)
      if (match) resolve(match[1] ?? match[0])
    }
    child.stdout?.on('data', collect)
    child.stderr?.on('data', collect)
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code}:\n${output}`)))
  })

const lead = (tag: string) => ({
  name: `Ana ${tag}`,
  email: `ana.${tag}@example.com`,
  company: null,
  message: `Mensagem para a nova marca (${tag}).`,
})

const mailFor = (email: string) =>
  smtp.messages.find((mail) => mail.replyTo?.value[0]?.address === email)

it('shows the new company on the page, and nothing of the old one', async () => {
  const html = await readFile(path.join(folder, 'dist/index.html'), 'utf8')
  const facts = [OTHER.name, OTHER.inbox, OTHER.phone, 'Belo Horizonte', OTHER.siteUrl]
  const legal = [OTHER.legal.name, OTHER.legal.cnpj, OTHER.dataProtectionOfficer.email]
  for (const fact of [
    ...facts,
    ...legal,
    'Ter-Sáb, 8h30-12h',
    'Consultoria gratuita de 45 minutos',
  ]) {
    expect(html).toContain(fact)
  }
  const oldLegal = [company.legal.cnpj, company.dataProtectionOfficer.name]
  for (const old of [company.name, company.inbox, company.phone, company.siteUrl, ...oldLegal]) {
    expect(html).not.toContain(old)
  }
  expect(html).not.toContain('Seg-Sex, 9h-18h')
  // This company has no WhatsApp number: no link to a chat anywhere on the page.
  expect(html).not.toContain('wa.me')
})

it('shows the new accent on the page, in the favicon, in theme-color and in the share images', async () => {
  const html = await readFile(path.join(folder, 'dist/index.html'), 'utf8')
  const css = html.slice(html.indexOf('<style>'), html.indexOf('</style>'))
  expect(css).toContain(`--color-accent:${OTHER_ACCENT}`)
  expect(html).toContain(
    `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${OTHER_ACCENT}"`,
  )
  const favicon = await readFile(path.join(folder, 'dist/favicon.svg'), 'utf8')
  expect(favicon).toContain(`fill="${OTHER_ACCENT}"`)
  for (const text of [css, html, favicon]) expect(text).not.toContain(brand.accent)
  const share = pngColours(await readFile(path.join(folder, 'dist/og/home.png')))
  // The logo's tile and the last bar are solid accent: thousands of pixels of it.
  expect(share.get(OTHER_ACCENT) ?? 0).toBeGreaterThan(2000)
  expect(share.get(brand.accent) ?? 0).toBe(0)
})

let nodeServer: Promise<string> | undefined
/** The copy's built server, started once for the tests that need it. */
const nodeServerUrl = () =>
  (nodeServer ??= startProcess(
    process.execPath,
    ['dist-server/server.js'],
    {
      PORT: '0',
      DATA_DIR: path.join(folder, 'data'),
      SMTP_URL: smtp.url,
      ADMIN_PASSWORD: DESK_PASSWORD,
    },
    /Site running at (http:\/\/\S+)/,
  ))

it('has the Node server mail the new inbox, from the new sender', async () => {
  const url = await nodeServerUrl()
  const body = JSON.stringify(lead('node'))
  const init = {
    method: 'POST',
    headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
    body,
  }
  expect((await fetch(`${url}/rest/v1/contact_submissions`, init)).status).toBe(201)
  expect((await fetch(`${url}/functions/v1/send-contact-email`, init)).status).toBe(200)
  const mail = mailFor(lead('node').email)
  expect(mail?.from?.value[0]).toEqual({ name: OTHER.mailSenderName, address: OTHER.inbox })
  expect(mail?.to && 'value' in mail.to ? mail.to.value[0]?.address : undefined).toBe(OTHER.inbox)
}, 60_000)

it("has the agenda offer times from the new company's hours, time zone and consultation length", async () => {
  const response = await fetch(`${await nodeServerUrl()}/rest/v1/rpc/booking_free_times`, {
    method: 'POST',
    headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
    body: '{}',
  })
  const times = (await response.json()) as {
    time_zone: string
    slot_minutes: number
    slots: string[]
  }
  expect(times).toMatchObject({ time_zone: 'America/Manaus', slot_minutes: 45 })
  expect(times.slots.length).toBeGreaterThan(0)
  // 8h30 to 12h in 45-minute slots, Tuesday to Saturday, on Manaus's clock.
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone: OTHER.officeHours.timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  })
  const seen = new Set(times.slots.map((slot) => local.format(new Date(slot))))
  for (const shown of seen) {
    const [weekday, clock] = shown.split(' ')
    expect(['Tue', 'Wed', 'Thu', 'Fri', 'Sat']).toContain(weekday)
    expect(['08:30', '09:15', '10:00', '10:45']).toContain(clock)
  }
  expect(seen.has('Sat 10:45') || seen.has('Fri 10:45') || seen.has('Thu 10:45')).toBe(true)
}, 60_000)

it('has the Edge Function under Deno mail the new inbox, from the new sender', async () => {
  await applyMigrationsLikeSupabase(postgres.url)
  const message = lead('deno')
  const client = new pg.Client({ connectionString: postgres.url })
  await client.connect()
  await client.query(
    'insert into contact_submissions (name, email, company, message) values ($1, $2, $3, $4)',
    [message.name, message.email, message.company, message.message],
  )
  await client.end()
  const port = await freePort()
  await startProcess(
    path.join(ROOT_DIR, 'node_modules/.bin/deno'),
    [
      'run',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--allow-sys',
      'supabase/functions/send-contact-email/index.ts',
    ],
    {
      ...DENO_ENV,
      DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
      SUPABASE_DB_URL: postgres.url,
      SMTP_URL: smtp.url,
    },
    /Listening on/,
  )
  const response = await fetch(`http://127.0.0.1:${port}/functions/v1/send-contact-email`, {
    method: 'POST',
    headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(message),
  })
  expect(await response.json()).toEqual({ ok: true, status: 'sent' })
  const mail = mailFor(message.email)
  expect(mail?.from?.value[0]).toEqual({ name: OTHER.mailSenderName, address: OTHER.inbox })
  expect(mail?.to && 'value' in mail.to ? mail.to.value[0]?.address : undefined).toBe(OTHER.inbox)
}, 90_000)

it("colours the lead desk with the new accent, its stylesheet's buttons and links", async () => {
  const url = await nodeServerUrl()
  const signIn = await (await fetch(`${url}/painel/entrar`)).text()
  const href = /<link rel="stylesheet" href="([^"]+)"/.exec(signIn)?.[1]
  expect(href).toMatch(/^\/painel\//)
  const stylesheet = await (await fetch(`${url}${href}`)).text()
  expect(stylesheet).toContain(`--accent: ${OTHER_ACCENT};`)
  expect(stylesheet).not.toContain(brand.accent)
}, 60_000)
