/**
 * `npm run screenshots`: every page of the site and of the lead desk, on a phone (390 px), a
 * tablet (768 px) and a desktop (1440 px), in the light and the dark theme, as full-page PNGs in
 * screenshots/ (which git ignores), and the phone's menu open, so whoever reviews a change looks
 * at it before approving it. The tests check the pages; the pictures of them are taken here.
 *
 * The built site runs on a fresh database in a temporary folder, with a few leads, meetings
 * and a quarantined message made up for the desk to show (names from example.com, never a
 * real client). `npm run screenshots -- home booking` takes only the pages whose names start
 * with one of the words given (`project` takes the projects' index and every project's page).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { createJsonLogger } from '../server/log.ts'
import { settingsFrom } from '../server/settings.ts'
import { startServer } from '../server/start-server.ts'
import { brandFontApplied } from '../tests/support/browser/brand-font.ts'
import { launchChromium } from '../tests/support/browser/chromium.ts'
import { localInstant, seedBookings } from '../tests/support/seed-bookings.ts'
import { seedLeads } from '../tests/support/seed-leads.ts'
import { seedQuarantine } from '../tests/support/seed-quarantine.ts'
import { projects } from '../src/content/projects/index.ts'
import { projectRoute, projectsRoute } from '../src/routes.ts'
import { buildIfNeeded } from './build-if-needed.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const OUT_DIR = path.join(root, 'screenshots')
const PASSWORD = 'uma senha longa para as capturas'

export const SCREEN_WIDTHS: readonly [number, BrowserContextOptions][] = [
  [390, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  [768, { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true }],
  [1440, { viewport: { width: 1440, height: 900 } }],
]
export const THEMES = ['light', 'dark'] as const

interface Shot {
  name: string
  path: string
  /** Waits for what the page's script fills in. */
  ready?: (page: Page) => Promise<void>
  desk?: boolean
  /** Only below this width (the phone's menu); the first screen only, not the whole page. */
  below?: number
}

/**
 * A full-page capture of a page with lazy images: each is asked for at once and decoded, so
 * the picture shows them, not the empty boxes kept for them.
 */
const imagesLoaded = (page: Page) =>
  page.evaluate(async () => {
    const images = [...document.images]
    for (const image of images) image.loading = 'eager'
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)))
  })

/** The projects' index and each project's page, while the company has any. */
const PROJECT_SHOTS: Shot[] =
  projects.length === 0
    ? []
    : [
        { name: 'projects', path: projectsRoute.url, ready: imagesLoaded },
        ...projects.map((project) => ({
          name: `project-${project.slug}`,
          path: projectRoute(project.slug).url,
          ready: imagesLoaded,
        })),
      ]

const SITE: Shot[] = [
  { name: 'home', path: '/' },
  {
    name: 'home-menu-open',
    path: '/',
    below: 768,
    ready: (page) => page.locator('[popovertarget]').first().tap(),
  },
  { name: 'privacy', path: '/privacidade' },
  { name: 'contact', path: '/contato' },
  { name: 'contact-sent', path: '/contato/enviada/' },
  {
    name: 'contact-refused',
    path: '/contato/erro/#muitas-mensagens-enviadas-deste-endereco-tente-novamente-em-alguns-minutos',
  },
  {
    name: 'booking',
    path: '/agendar',
    ready: (page) => page.getByRole('radio').first().waitFor(),
  },
  {
    name: 'manage-booking',
    path: '/agendar/gerenciar',
    ready: (page) => page.getByRole('alert').first().waitFor(),
  },
  ...PROJECT_SHOTS,
  { name: 'not-found', path: '/qualquer-coisa' },
]

async function seedDesk(
  db: Parameters<typeof seedLeads>[0],
): Promise<{ lead: string; meeting: string }> {
  const [lead] = await seedLeads(db, [
    {
      name: 'Ana Souza',
      email: 'ana@example.com',
      company: 'Padaria Exemplo',
      message: 'Queremos um site com pedidos online e integração com o nosso estoque.',
      utmSource: 'newsletter',
    },
    {
      name: 'Bruno Lima',
      email: 'bruno@example.com',
      message: 'Orçamento para um app.',
      status: 'em_contato',
    },
    {
      name: 'Carla Dias',
      email: 'carla@example.com',
      message: 'Migração para a nuvem.',
      notified: false,
      notifyError: 'SMTP fora do ar',
    },
    {
      name: 'Davi Rocha',
      email: 'davi@example.com',
      message: 'Consultoria de arquitetura.',
      status: 'fechado',
      referrerOrigin: 'https://www.google.com',
    },
  ])
  const tomorrow = await localInstant(db, 1, '10:00')
  const later = await localInstant(db, 2, '15:30')
  const [meeting] = await seedBookings(db, [
    {
      startsAt: tomorrow.instant,
      name: 'Eva Nunes',
      email: 'eva@example.com',
      company: 'Loja Exemplo',
    },
    { startsAt: later.instant, name: 'Fábio Reis', email: 'fabio@example.com', company: null },
  ])
  await seedQuarantine(db, [
    { name: 'Robô', email: 'robo@example.com', message: 'Compre agora!!!', reason: 'trap_filled' },
  ])
  if (!lead || !meeting) throw new Error('The desk could not be seeded')
  return { lead, meeting: meeting.id }
}

const DESK = (ids: { lead: string; meeting: string }): Shot[] => [
  { name: 'desk-overview', path: '/painel', desk: true },
  { name: 'desk-leads', path: '/painel/contatos', desk: true },
  { name: 'desk-lead', path: `/painel/contatos/${ids.lead}`, desk: true },
  { name: 'desk-agenda', path: '/painel/agenda', desk: true },
  { name: 'desk-meeting', path: `/painel/agenda/reunioes/${ids.meeting}`, desk: true },
  { name: 'desk-quarantine', path: '/painel/quarentena', desk: true },
  { name: 'desk-webhooks', path: '/painel/webhooks', desk: true },
]

async function signIn(page: Page): Promise<void> {
  await page.goto('/painel')
  await page.getByLabel('Senha').fill(PASSWORD)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL((url) => !url.pathname.endsWith('/entrar'))
}

const only = process.argv.slice(2)
const wanted = (shot: Shot) => only.length === 0 || only.some((word) => shot.name.startsWith(word))

buildIfNeeded()
await mkdir(OUT_DIR, { recursive: true })
const dataDir = await mkdtemp(path.join(tmpdir(), 'screenshots-'))
const settings = settingsFrom(
  { PORT: '0', DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD },
  { mailSweepIntervalMs: false },
)
const server = await startServer(
  settings,
  createJsonLogger(() => {}),
)
const browser = await launchChromium()
let taken = 0
try {
  const ids = await seedDesk(server.db)
  const shots = [
    ...SITE,
    { name: 'desk-sign-in', path: '/painel/entrar', desk: false },
    ...DESK(ids),
  ].filter(wanted)
  for (const [width, device] of SCREEN_WIDTHS) {
    for (const theme of THEMES) {
      const context = await browser.newContext({
        ...device,
        colorScheme: theme,
        reducedMotion: 'reduce',
        baseURL: server.url,
      })
      const page = await context.newPage()
      if (shots.some((shot) => shot.desk)) await signIn(page)
      for (const shot of shots) {
        if (shot.below !== undefined && width >= shot.below) continue
        await page.goto(shot.path)
        await shot.ready?.(page)
        // The site's pages set themselves in the brand's font once it has loaded; the desk's use
        // the system's.
        if (await page.locator('script[data-page-script]').count()) await brandFontApplied(page)
        const file = path.join(OUT_DIR, `${shot.name}-${width}-${theme}.png`)
        await page.screenshot({ path: file, fullPage: shot.below === undefined })
        taken += 1
      }
      await context.close()
    }
  }
} finally {
  await browser.close()
  await server.stop()
  await rm(dataDir, { recursive: true, force: true })
}
console.log(`${taken} screenshots in ${path.relative(process.cwd(), OUT_DIR) || '.'}/`)
