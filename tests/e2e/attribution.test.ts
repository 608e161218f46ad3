/**
 * Where leads come from, in Chromium against the built site and the desk on one server: a
 * visit from a search result with a campaign's utm_* becomes a lead that carries them (with
 * script, and without it), nothing is stored on the visitor's device, each page view is one
 * count by page, device and source, a beacon that fails costs the visitor nothing, and the
 * desk shows the source on the lead, in the overview and in the export.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../support/browser/axe.ts'
import { contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
import { PHONE } from '../support/browser/devices.ts'
import { signIn, useDeskSite } from '../support/browser/lead-desk-site.ts'
import { appConsoleErrors, watchPage } from '../support/browser/page-watch.ts'
import { waitFor } from '../support/wait.ts'

// A person types for longer than the minimum; the test does not wait it out.
const desk = useDeskSite({ FORM_MIN_FILL_MS: '0' })

const leadBy = async (email: string) =>
  (
    await desk.site().db.query<Record<string, string | null>>(
      `select referrer_origin, landing_path, utm_source, utm_medium, utm_campaign
           from public.contact_submissions where email = $1`,
      [email],
    )
  ).rows

const viewsOf = async (page: string, source: string, device: string) => {
  const { rows } = await desk.site().db.query<{ views: number }>(
    `select coalesce(sum(views), 0)::integer as views from private.page_views
        where page = $1 and source = $2 and device = $3`,
    [page, source, device],
  )
  return rows[0]?.views ?? 0
}

/** Nothing on the device: no cookie, and every storage the page could use is empty. */
const deviceStorage = async (page: Page) => ({
  cookies: await page.context().cookies(),
  ...(await page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    indexedDb: (await indexedDB.databases()).length,
  }))),
})

describe('Where leads come from', () => {
  it('keeps a search visit’s campaign with the lead, stores nothing on the device, and carries it to /agendar in the links', async () => {
    const page = await desk.open()
    const problems = watchPage(page, desk.site().url)
    await page.goto('/?utm_source=newsletter&utm_medium=email&utm_campaign=lancamento', {
      referer: 'https://www.google.com/search?q=aurora+digital',
    })
    const bookingLink = page.locator('a[href^="/agendar"]').first()
    await waitFor(
      'the links to carry the arrival',
      () => bookingLink.getAttribute('href'),
      (href) => href?.includes('utm_source=newsletter') ?? false,
    )
    const href = new URL((await bookingLink.getAttribute('href')) ?? '', desk.site().url)
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      utm_source: 'newsletter',
      utm_campaign: 'lancamento',
      ref: 'https://www.google.com',
      landing: '/',
    })

    const email = uniqueEmail('origem-js')
    await contactForm(page).send({ name: 'Ana Origem', email, message: 'Quero um site novo.' })
    expect(await leadBy(email)).toEqual([
      {
        referrer_origin: 'https://www.google.com',
        landing_path: '/',
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'lancamento',
      },
    ])
    expect(await deviceStorage(page)).toEqual({ cookies: [], local: 0, session: 0, indexedDb: 0 })
    expect(problems.consoleErrors).toEqual([])
    expect(problems.pageErrors).toEqual([])
    expect(problems.foreignRequests).toEqual([])
  })

  it('takes the landing page and its utm_* from a form sent without JavaScript', async () => {
    const page = await desk.open({ javaScriptEnabled: false })
    await page.goto('/contato?utm_source=folheto&utm_campaign=feira-2026')
    const email = uniqueEmail('origem-sem-js')
    const form = contactForm(page)
    await form.fill({ name: 'Bruno Sem Script', email, message: 'Sem JavaScript também.' })
    await Promise.all([page.waitForURL(/\/contato\/enviada\/$/), form.submit.click()])
    expect(await leadBy(email)).toEqual([
      {
        referrer_origin: null,
        landing_path: '/contato',
        utm_source: 'folheto',
        utm_medium: null,
        utm_campaign: 'feira-2026',
      },
    ])
  })

  it('counts N page views from a phone as N, by page, device and source', async () => {
    const page = await desk.open(PHONE)
    const before = await viewsOf('/agendar', 'parceiro', 'phone')
    // Each view's beacon leaves before the next view (the page script starts after the first
    // paint, which may come after `load`; a visitor gone before that is not counted).
    for (let n = 0; n < 3; n += 1) {
      const beacon = page.waitForRequest(/\/rpc\/count_page_view/)
      await page.goto('/agendar?utm_source=Parceiro')
      await beacon
    }
    await waitFor(
      'three counted views',
      () => viewsOf('/agendar', 'parceiro', 'phone'),
      (views) => views === before + 3,
    )
  })

  it('drops a blocked or hanging beacon silently, without delaying the page', async () => {
    const page = await desk.open()
    const problems = watchPage(page, desk.site().url)
    let blocked = 0
    await page.route('**/rest/v1/rpc/count_page_view**', async (route) => {
      blocked += 1
      await route.abort('blockedbyclient')
    })
    await page.goto('/privacidade?utm_source=bloqueado')
    await waitFor(
      'the beacon to be tried',
      () => blocked,
      (n) => n === 1,
    )
    // A beacon that never answers: the page has long loaded and works.
    await page.unroute('**/rest/v1/rpc/count_page_view**')
    await page.route('**/rest/v1/rpc/count_page_view**', () => {})
    await page.goto('/?utm_source=pendurado', { waitUntil: 'load' })
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    // The page writes nothing; Chromium's own "Failed to load resource" line for the blocked
    // request is the browser's, as any blocker's would be, and no script can silence it.
    expect(appConsoleErrors(problems)).toEqual([])
    expect(problems.pageErrors).toEqual([])
    expect(await viewsOf('/privacidade', 'bloqueado', 'desktop')).toBe(0)
  })

  it('shows the source on the lead, in the overview (tables a screen reader reads) and in the export', async () => {
    const visitor = await desk.open()
    await visitor.goto('/?utm_source=revista&utm_campaign=outono', {
      referer: 'https://revista.example/artigo',
    })
    const email = uniqueEmail('origem-painel')
    await contactForm(visitor).send({ name: 'Carla Painel', email, message: 'Vi na revista.' })
    await waitFor(
      'the visit to be counted',
      () => viewsOf('/', 'revista', 'desktop'),
      (n) => n > 0,
    )

    const page = await desk.open()
    await signIn(page, undefined, 'overview')
    const sources = page.getByRole('table', { name: /origens/ })
    const row = sources.getByRole('row', { name: /revista/ })
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual(
      expect.arrayContaining([expect.stringMatching(/^\d+$/)]),
    )
    expect(await page.getByRole('table', { name: /campanhas/ }).textContent()).toContain('outono')
    // The bars are drawn for the eye only; the weeks' table holds their figures.
    expect(await page.getByRole('img').count()).toBe(0)
    const weeks = page.getByRole('table', {
      name: /^Visitas, contatos e reuniões agendadas por semana/,
    })
    // The weeks with something (this one), not twelve rows of zeros.
    expect(await weeks.getByRole('row').count()).toBeLessThan(13)
    expect(await weeks.getByRole('row', { name: /\(atual\)/ }).count()).toBe(1)
    expect(await weeks.getByRole('columnheader').allTextContents()).toEqual([
      'Semana de',
      'Visitas',
      'Contatos',
      'Reuniões agendadas',
    ])
    await expectNoAxeViolations(page, '/painel (overview)')
    // On a desktop every table fits its panel; only a phone scrolls them sideways.
    const scrolling = await page.evaluate(() =>
      [...document.querySelectorAll('.table-wrap')]
        .filter((wrap) => wrap.scrollWidth > wrap.clientWidth)
        .map((wrap) => wrap.getAttribute('aria-label')),
    )
    expect(scrolling).toEqual([])

    await page.getByRole('navigation').getByRole('link', { name: 'Contatos' }).click()
    await page.getByLabel('Origem').fill('revista')
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await page.getByRole('link', { name: 'Carla Painel' }).click()
    const origin = page.getByRole('region', { name: 'De onde veio' })
    expect(await origin.textContent()).toContain('https://revista.example')
    expect(await origin.textContent()).toContain('outono')

    const exported = await page.request.get('/painel/exportar?formato=json')
    const leads = (await exported.json()) as Record<string, unknown>[]
    expect(leads).toEqual([
      expect.objectContaining({
        email,
        utm_source: 'revista',
        utm_campaign: 'outono',
        referrer_origin: 'https://revista.example',
        landing_path: '/',
      }),
    ])
  })
})
