/**
 * Re-branding is editing two files beside each other: supabase/functions/_shared/company/company-facts.ts
 * (the facts) and brand.ts (the look). A copy of the project with another company in the first
 * (every fact changed: a masculine name with accents, another city, time zone, hours and
 * consultation length) and another accent in the second is built, and the new facts must appear
 * in the page, in the e-mail the Node server sends and in the one the Edge Function (under Deno)
 * sends, in the free times the agenda offers, in a booking's e-mails and invitation, in the lead
 * desk and in the webhooks, with the article the name takes ("o Núcleo…", "do Núcleo…"); the
 * new accent on the page, in the favicon, in `theme-color`, in the lead desk's stylesheet and in
 * the share image, and its hue in the dark surface; nothing of the old company left, in any text
 * file the build writes (its scripts too: the defaults the new company does not use must not
 * ship either).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { brand } from '#shared/company/brand.ts'
import { brandPalettes } from '#shared/company/brand-palette.ts'
import { nameMark, nameMotif } from '#shared/company/brand-motif.ts'
import { hexColour, hexToOklch } from '#shared/company/colour.ts'
import { company } from '#shared/company/company.ts'
import { companyDefaults } from '#shared/company/company-defaults.ts'
import { companyName, nameInSentence, type Article } from '#shared/company/company-name.ts'
import { describeHours, describeHoursShort } from '#shared/support/durations.ts'
import { describeOfficeHours } from '../../src/content/office-hours.ts'
import { ROOT_DIR } from '../../server/paths.ts'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { builtServerEnv, TEST_SERVER_NODE_FLAGS } from '../support/built-server.ts'
import { freePort } from '../support/free-port.ts'
import { DENO_ENV } from '../support/deno-function.ts'
import { copyProject, type ProjectCopy } from '../support/project-copy.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts'
import { applyMigrationsLikeSupabase } from '../support/supabase-like-database.ts'
import { pngColours } from '../support/png.ts'
import { manageTokenIn, parseInvitation } from '../support/booking-mail.ts'
import { createDeskClient } from '../support/desk-client.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts'
import { waitFor } from '../support/wait.ts'
// Another company with every fact changed: what a fork writes into company-facts.ts.
import OTHER from '../support/other-company.json'

/**
 * Another brand's accent, a teal that white text reads on (a rust if the company's is that
 * teal): the fill keeps it as it is. brand.ts gets it in upper case, as a fork may write it, and
 * every output says it in lower case.
 */
const OTHER_ACCENT = brand.accent.toLowerCase() === '#0f766e' ? '#9a3412' : '#0f766e'
/** The company's own accent as the outputs write it, whatever case brand.ts gives it in. */
const OLD_ACCENT = brand.accent.toLowerCase()
/**
 * The company's dark surface, and the violet near-black the site was first drawn with: a brand
 * that leaves `dark` out has its dark follow the accent, so the copy shows neither.
 */
const OLD_DARKS = [brandPalettes(brand).dark.canvas, '#0d0c14']
const DESK_PASSWORD = 'uma senha longa para a nova marca'
/** The new company's name in sentences, with its own article ("o", "do", "com o"…). */
const OTHER_NAME = nameInSentence(OTHER.name, OTHER.article as Article)
/** Its name with the article it does not take: "a Núcleo…", "da Núcleo…", none may show. */
const WRONG_ARTICLE = Object.values(nameInSentence(OTHER.name, OTHER.article === 'a' ? 'o' : 'a'))
/** A company's facts as the pages, e-mails and desk write them. */
const wordsOf = (facts: typeof company | typeof OTHER, name: { of: string }) => [
  facts.name,
  facts.logoWords[0],
  facts.inbox,
  facts.phone,
  facts.phoneHref,
  facts.siteUrl,
  facts.address.city,
  describeOfficeHours(facts.officeHours),
  `de ${facts.consultationMinutes} minutos`,
  `em até ${describeHours(facts.replyPromiseHours)}`,
  `em até ${describeHoursShort(facts.replyPromiseHours)}`,
  name.of,
]
/**
 * What must not be left anywhere: the old company's facts and words, but for those the new
 * company shares (a fork with 45-minute meetings like the other company's says so correctly).
 */
const NEW = wordsOf(OTHER, OTHER_NAME)
const OLD = wordsOf(company, companyName).filter((old) => !NEW.includes(old))
/** Each text, said to hold nothing of the old company nor the new name with a wrong article. */
const expectNothingOld = (texts: Record<string, string>) => {
  for (const [where, text] of Object.entries(texts)) {
    for (const old of [...OLD, ...WRONG_ARTICLE])
      expect(text, `${where}: ${old}`).not.toContain(old)
  }
}

/**
 * Besides the words above, who the old company is by law and how it is reached, as the built
 * site's scripts could carry them: its razão social, CNPJ, encarregado, sender, site's host,
 * WhatsApp and time zone; and the defaults' (company-defaults.ts), which a company that sets
 * every fact does not use, so none may ship (issue 32). A value the new company shares is
 * left out, as above.
 */
const OLD_IDENTITY = [
  company.legal.name,
  company.legal.cnpj,
  company.dataProtectionOfficer.name,
  company.dataProtectionOfficer.email,
  company.mailSenderName,
  new URL(company.siteUrl).hostname.replace(/^www\./, ''),
  company.whatsapp,
  company.officeHours.timeZone,
  companyDefaults.legal.name,
  companyDefaults.legal.cnpj,
  companyDefaults.dataProtectionOfficer.name,
  companyDefaults.dataProtectionOfficer.email,
  companyDefaults.mailSenderName,
  companyDefaults.officeHours.timeZone,
].filter((old) => old !== '' && !JSON.stringify(OTHER).includes(old))
/** Files of the built site that are not text: images and fonts. */
const BINARY = /\.(png|jpe?g|webp|avif|gif|ico|woff2?|ttf|otf)$/i

let project: ProjectCopy
let folder: string
let smtp: SmtpCatcher
let postgres: PostgresDatabase
let jsonReceiver: WebhookReceiver
let slackReceiver: WebhookReceiver
const children: ChildProcess[] = []

beforeAll(async () => {
  project = await copyProject()
  folder = project.folder
  const facts = path.join(folder, 'supabase/functions/_shared/company/company-facts.ts')
  const original = await readFile(facts, 'utf8')
  const body = original.slice(original.indexOf('export const companyFacts'))
  await writeFile(
    facts,
    `${original.slice(0, original.indexOf('export const companyFacts'))}export const companyFacts = ${JSON.stringify(OTHER, null, 2)} as const\n`,
  )
  expect(body).toContain(company.name)
  // A fact added to the company must be re-branded here too, or this test would not see it.
  expect(Object.keys(OTHER).sort()).toEqual(Object.keys(company).sort())
  const look = path.join(folder, 'supabase/functions/_shared/company/brand.ts')
  const lookSource = await readFile(look, 'utf8')
  expect(lookSource).toContain(`accent: '${brand.accent}'`)
  await writeFile(
    look,
    lookSource.replace(`accent: '${brand.accent}'`, `accent: '${OTHER_ACCENT.toUpperCase()}'`),
  )
  await project.build()
  ;[smtp, postgres, jsonReceiver, slackReceiver] = await Promise.all([
    startSmtpCatcher(),
    createPostgresDatabase(),
    startWebhookReceiver(),
    startWebhookReceiver(),
  ])
}, 240_000)

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
  }
  await Promise.all([smtp?.stop(), postgres?.stop(), jsonReceiver?.stop(), slackReceiver?.stop()])
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

it('shows the new company on the page, with its article, and nothing of the old one', async () => {
  const html = await readFile(path.join(folder, 'dist/index.html'), 'utf8')
  const city = `${OTHER.address.city}, ${OTHER.address.region}`
  for (const fact of [
    OTHER.name,
    OTHER.inbox,
    OTHER.phone,
    OTHER.phoneHref,
    city,
    OTHER.siteUrl,
    describeOfficeHours(OTHER.officeHours),
    `Consultoria gratuita de ${OTHER.consultationMinutes} minutos`,
    // The reply promise the company makes, in full and beside the icon.
    `Nossa equipe responde em até ${describeHours(OTHER.replyPromiseHours)}.`,
    `Resposta em até ${describeHoursShort(OTHER.replyPromiseHours)}`,
    // The spec's question, with the name's own article.
    `Por que escolher ${OTHER_NAME.the}?`,
    OTHER.legal.name,
    OTHER.legal.cnpj,
    OTHER.dataProtectionOfficer.email,
  ]) {
    expect(html).toContain(fact)
  }
  const booking = await readFile(path.join(folder, 'dist/agendar/index.html'), 'utf8')
  expect(booking).toContain(OTHER_NAME.with)
  expect(booking).toContain(`${OTHER.consultationMinutes} minutos`)
  expectNothingOld({ '/': html, '/agendar': booking })
  for (const old of [company.legal.cnpj, company.dataProtectionOfficer.name]) {
    expect(html).not.toContain(old)
  }
  // This company has no WhatsApp number: no link to a chat anywhere on the page.
  expect(html).not.toContain('wa.me')
})

it("writes nothing of the old company into the built site's files, its scripts included", async () => {
  const dist = path.join(folder, 'dist')
  const files = (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !BINARY.test(entry.name))
    .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)))
  // The pages, their scripts and stylesheet, the favicon, the sitemap and robots.txt.
  for (const kind of ['.html', '.js', '.css', '.svg', '.xml', '.txt']) {
    expect(
      files.some((file) => file.endsWith(kind)),
      kind,
    ).toBe(true)
  }
  // Each file and old value found in it, listed whole (a script is too long to print).
  const found: string[] = []
  for (const file of files) {
    const text = await readFile(path.join(dist, file), 'utf8')
    for (const old of new Set([...OLD, ...WRONG_ARTICLE, ...OLD_IDENTITY]))
      if (text.includes(old)) found.push(`${file}: ${old}`)
  }
  expect(found).toEqual([])
})

it('draws the wordmark, the mark, the favicon and the hero from the new name, and nothing from the old', async () => {
  const html = await readFile(path.join(folder, 'dist/index.html'), 'utf8')
  const favicon = await readFile(path.join(folder, 'dist/favicon.svg'), 'utf8')
  const [first, second] = OTHER.logoWords
  expect(html).toContain(`<span>${first}<!-- --> <span class="text-ink-muted">${second}</span>`)
  const mark = (words: readonly string[]) => `d="${nameMark(words).strokes[0]}"`
  expect(html).toContain(mark(OTHER.logoWords))
  expect(favicon).toContain(mark(OTHER.logoWords))
  const tapes = (name: string) =>
    nameMotif(name).tapes.map((tape) => `>${tape.map(({ letter }) => letter).join('')}</text>`)
  for (const tape of tapes(OTHER.name)) expect(html).toContain(tape)
  for (const tape of tapes(company.name).filter((old) => !tapes(OTHER.name).includes(old)))
    expect(html).not.toContain(tape)
  if (mark(company.logoWords) !== mark(OTHER.logoWords)) {
    expect(html).not.toContain(mark(company.logoWords))
    expect(favicon).not.toContain(mark(company.logoWords))
  }
})

it('shows the new accent on the page, in the favicon, in theme-color and in the share images', async () => {
  const html = await readFile(path.join(folder, 'dist/index.html'), 'utf8')
  const css = html.slice(html.indexOf('<style>'), html.indexOf('</style>'))
  expect(css).toContain(`--color-accent:${OTHER_ACCENT}`)
  // One tag where both themes' accents agree, else the light theme's first.
  expect(html).toMatch(
    new RegExp(
      `<meta name="theme-color" (media="\\(prefers-color-scheme: light\\)" )?content="${OTHER_ACCENT}"`,
    ),
  )
  const favicon = await readFile(path.join(folder, 'dist/favicon.svg'), 'utf8')
  expect(favicon).toContain(`fill="${OTHER_ACCENT}"`)
  for (const text of [css, html, favicon]) expect(text.toLowerCase()).not.toContain(OLD_ACCENT)
  // The dark theme's page is a near-black of the new accent's hue (within what 8 bits a channel
  // keep of a hue that dark), with nothing left of the old one, when brand.ts leaves `dark` out.
  const darkTheme = css.slice(css.indexOf('prefers-color-scheme:dark'))
  const canvas = /--color-canvas:(#[0-9a-f]{3}(?:[0-9a-f]{3})?)\b/.exec(darkTheme)?.[1] ?? ''
  const darkCanvas = hexColour(canvas.length === 4 ? canvas.replace(/[0-9a-f]/g, '$&$&') : canvas)
  if (brand.dark === undefined) {
    const apart = Math.abs(hexToOklch(darkCanvas).h - hexToOklch(OTHER_ACCENT).h) % 360
    expect(Math.min(apart, 360 - apart), `dark canvas ${darkCanvas}`).toBeLessThan(8)
    expect(hexToOklch(darkCanvas).l).toBeLessThan(0.2)
    for (const old of OLD_DARKS) {
      for (const text of [css, html]) expect(text.toLowerCase()).not.toContain(old)
    }
  }
  const share = pngColours(await readFile(path.join(folder, 'dist/og/home.png')))
  // The logo's tile and the last bar are solid accent: thousands of pixels of it.
  expect(share.get(OTHER_ACCENT) ?? 0).toBeGreaterThan(2000)
  expect(share.get(OLD_ACCENT) ?? 0).toBe(0)
  // The card's ground is the new dark surface (the light theme's band), never the old one.
  const ground = brandPalettes({ ...brand, accent: OTHER_ACCENT }).light.night
  expect(share.get(ground) ?? 0).toBeGreaterThan(100_000)
  if (brand.dark === undefined) {
    for (const old of OLD_DARKS) expect(share.get(old) ?? 0, old).toBe(0)
  }
})

let nodeServer: Promise<string> | undefined
/**
 * The copy's built server, started once for the tests that need it, as the tests start every
 * built server: its data folder a copy of the run's migrated template (the copy's migrations
 * are this repository's), with the baseline compiler. initdb and the migrations were 10 of this
 * file's CPU-seconds; production-install.test.ts starts from nothing.
 */
const nodeServerUrl = () =>
  (nodeServer ??= startProcess(
    process.execPath,
    [...TEST_SERVER_NODE_FLAGS, 'dist-server/server.js'],
    {
      ...builtServerEnv(),
      PORT: '0',
      DATA_DIR: path.join(folder, 'data'),
      SMTP_URL: smtp.url,
      ADMIN_PASSWORD: DESK_PASSWORD,
      WEBHOOK_URLS: `${jsonReceiver.url}/crm ${slackReceiver.url}/slack#slack`,
      WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
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
  const mail = await waitFor('the lead to be mailed', () => mailFor(lead('node').email), Boolean)
  expect(mail?.from?.value[0]).toEqual({ name: OTHER.mailSenderName, address: OTHER.inbox })
  expect(mail?.to && 'value' in mail.to ? mail.to.value[0]?.address : undefined).toBe(OTHER.inbox)
  expectNothingOld({ text: mail?.text ?? '', html: String(mail?.html ?? '') })
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
  expect(times).toMatchObject({
    time_zone: OTHER.officeHours.timeZone,
    slot_minutes: OTHER.consultationMinutes,
  })
  expect(times.slots.length).toBeGreaterThan(0)
  // 8h30 to 12h in 45-minute slots, Tuesday to Saturday, on Cuiabá's clock.
  expect(OTHER.officeHours).toMatchObject({ weekdays: [2, 3, 4, 5, 6], opens: '08:30' })
  expect([OTHER.officeHours.closes, OTHER.consultationMinutes]).toEqual(['12:00', 45])
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone: OTHER.officeHours.timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
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
  expectNothingOld({ text: mail?.text ?? '', html: String(mail?.html ?? '') })
}, 90_000)

it("colours the lead desk with the new accent, its stylesheet's buttons and links", async () => {
  const url = await nodeServerUrl()
  const signIn = await (await fetch(`${url}/painel/entrar`)).text()
  const href = /<link rel="stylesheet" href="([^"]+)"/.exec(signIn)?.[1]
  expect(href).toMatch(/^\/painel\//)
  const stylesheet = await (await fetch(`${url}${href}`)).text()
  expect(stylesheet).toContain(`--accent: ${OTHER_ACCENT};`)
  expect(stylesheet.toLowerCase()).not.toContain(OLD_ACCENT)
}, 60_000)

/** The Node server's API, as the site's pages call it. */
const callApi = async (route: string, body: unknown) => {
  const response = await fetch(`${await nodeServerUrl()}${route}`, {
    method: 'POST',
    headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  expect(response.ok, `${route}: ${response.status} ${text}`).toBe(true)
  return text ? (JSON.parse(text) as Record<string, unknown>) : {}
}

it('books a consultation whose e-mails and invitation speak for the new company, with its article', async () => {
  const { slots } = (await callApi('/rest/v1/rpc/booking_free_times', {})) as { slots: string[] }
  const visitor = { name: 'Caio Reis', email: 'caio.reis@example.com' }
  const held = await callApi('/rest/v1/rpc/book_meeting', {
    starts_at: slots.at(-1),
    ...visitor,
    company: null,
    note: 'Um sistema para a nossa equipe.',
    time_zone: 'America/Sao_Paulo',
    form_trap: '',
    form_elapsed_ms: 15_000,
  })
  await callApi('/functions/v1/send-booking-email', { token: held.hold_token })
  const toVisitor = () =>
    smtp.messages.filter((mail) =>
      (mail.to && 'value' in mail.to ? mail.to.value : []).some(
        ({ address }) => address === visitor.email,
      ),
    )
  const [request] = await waitFor('the request to confirm', toVisitor, (mails) => mails.length > 0)
  const minutes = `${OTHER.consultationMinutes} minutos`
  expect(request?.text).toContain(`consultoria gratuita de ${minutes} ${OTHER_NAME.with}`)
  const token = manageTokenIn(request?.text ?? '')
  await callApi('/rest/v1/rpc/confirm_booking', { token })
  await callApi('/functions/v1/send-booking-email', { token })
  const confirmation = (
    await waitFor('the confirmation', toVisitor, (mails) => mails.length > 1)
  ).at(-1)
  expect(confirmation?.from?.value[0]).toEqual({ name: OTHER.name, address: OTHER.inbox })
  expect(confirmation?.text).toContain(
    `Sua consultoria gratuita de ${minutes} ${OTHER_NAME.with} está confirmada.`,
  )
  const part = confirmation?.attachments.find((file) => file.contentType === 'text/calendar')
  const ics = part?.content.toString('utf8') ?? ''
  const invitation = parseInvitation(ics)
  expect(invitation.organizer).toMatchObject({
    name: OTHER.name,
    address: `mailto:${OTHER.inbox}`,
  })
  expect(invitation.description).toContain(OTHER.siteUrl)
  expectNothingOld({
    request: `${request?.subject ?? ''}\n${request?.text ?? ''}\n${String(request?.html ?? '')}`,
    confirmation: `${confirmation?.subject ?? ''}\n${confirmation?.text ?? ''}\n${String(confirmation?.html ?? '')}`,
    invitation: ics,
  })
}, 90_000)

it('shows the lead desk under the new name, with its article, and nothing of the old one', async () => {
  const url = await nodeServerUrl()
  const desk = createDeskClient((route, init) => fetch(`${url}${route}`, init))
  const signInPage = await (await desk.request('/painel/entrar')).text()
  expect(signInPage).toContain(`Entrar · Painel · ${OTHER.name}`)
  expect(signInPage).toContain(`Acesso restrito à equipe ${OTHER_NAME.of}.`)
  expect((await desk.signIn(DESK_PASSWORD)).status).toBe(303)
  const list = await (await desk.request('/painel/contatos')).text()
  // The link just before the lead's name is its own.
  const at = list.indexOf(lead('node').name)
  const links = [...list.slice(0, Math.max(at, 0)).matchAll(/\/painel\/contatos\/([0-9a-f-]{36})/g)]
  const id = at < 0 ? undefined : links.at(-1)?.[1]
  expect(id, 'the Node lead in the list').toBeDefined()
  const page = await (await desk.request(`/painel/contatos/${id ?? ''}`)).text()
  expect(page).toContain(`subject=${encodeURIComponent(`Re: sua mensagem para ${OTHER_NAME.the}`)}`)
  expectNothingOld({ 'sign-in': signInPage, list, lead: page })
}, 60_000)

it('sends the webhooks with the new site and clock, and an ASCII User-Agent of the new name', async () => {
  await nodeServerUrl()
  const [json, slack] = await Promise.all(
    [jsonReceiver, slackReceiver].map((receiver) =>
      waitFor(
        'a webhook for the Node lead',
        () => receiver.received.find((request) => request.body.includes(lead('node').email)),
        Boolean,
        { timeoutMs: 60_000 },
      ),
    ),
  )
  for (const request of [json, slack]) {
    // The name without its accents and spaces: a token HTTP allows, still the name.
    const agent = 'NucleoAgilSistemas-Webhooks/1.0' // company-fact-ok: the other company's
    expect(request?.headers['user-agent']).toBe(agent)
  }
  const { data } = JSON.parse(json?.body ?? '{}') as {
    data: { lead: { desk_url: string; time_zone: string } }
  }
  expect(data.lead.time_zone).toBe(OTHER.officeHours.timeZone)
  expect(data.lead.desk_url).toMatch(
    new RegExp(`^${OTHER.siteUrl.replace(/\./g, '\\.')}/painel/contatos/`),
  )
  expect(slack?.body).toContain(`${OTHER.siteUrl}/painel/contatos/`)
  expectNothingOld({ json: json?.body ?? '', slack: slack?.body ?? '' })
}, 90_000)
