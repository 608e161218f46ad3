/**
 * The lead desk as the team reads it, in Chromium against the real server: the overview's bars
 * are labelled by week and its table lists only the weeks that had something, the filters line
 * up, a search left behind clears when the list is opened from the navigation (and stays while
 * working in the list), and one walk through every page per theme and device checks what each
 * page must show: the navigation says where the operator is, every page has its own title and
 * the theme's palette, axe finds nothing (WCAG 2.2 AA, and its best practices), and every
 * control has the focus ring. The pages show every state the desk colours: leads new, in
 * contact, closed and whose e-mail failed; meetings ahead, held and cancelled; a quarantined
 * message; a webhook.
 */
import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { brand } from '#shared/company/brand.ts'
import { brandPalettes } from '#shared/company/brand-palette.ts'
import { company } from '#shared/company/company.ts'
import { AXE_EVERY_STEP_TIMEOUT_MS, expectNoAxeViolations } from '../support/browser/axe.ts'
import { PHONE, WIDE_DESKTOP } from '../support/browser/devices.ts'
import { tabThrough } from '../support/browser/focus.ts'
import { signIn, useDeskSite } from '../support/browser/lead-desk-site.ts'
import { localInstant, seedBookings } from '../support/seed-bookings.ts'
import { seedLeads } from '../support/seed-leads.ts'
import { seedQuarantine } from '../support/seed-quarantine.ts'

const desk = useDeskSite({
  WEBHOOK_URLS: 'https://hooks.slack.com/services/T000/B000/segredo#slack',
})

const palettes = brandPalettes(brand)

const DEVICES: [string, BrowserContextOptions][] = [
  ['a phone', PHONE],
  ['a desktop', WIDE_DESKTOP],
]

let counter = 0
const marker = (label: string) => `${label}${Date.now().toString(36)}${(counter += 1)}`
const DAY_MS = 86_400_000

/** Something on every kind of page and in every state it colours (see the header). */
let seeded: Promise<{ leadId: string; bookingId: string }> | undefined
const seed = () => {
  seeded ??= (async () => {
    const { db } = desk.site()
    const [leadId = ''] = await seedLeads(db, [
      { name: 'Ana Souza', email: 'ana@example.com', company: 'Padaria', message: 'Um app.' },
      {
        name: 'Bruno Lima',
        email: 'bruno@example.com',
        message: 'Um site.',
        createdAt: new Date(Date.now() - 35 * DAY_MS),
      },
      { name: 'Carla Dias', email: 'carla@example.com', message: 'Nuvem.', status: 'em_contato' },
      {
        name: 'Davi Rocha',
        email: 'davi@example.com',
        message: 'Arquitetura.',
        notified: false,
        notifyError: 'SMTP fora do ar',
      },
      { name: 'Eva Nunes', email: 'eva@example.com', message: 'Dados.', status: 'fechado' },
    ])
    const [booking] = await seedBookings(db, [
      { startsAt: (await localInstant(db, 3, '10:00')).instant, name: 'Carla Dias' },
      { startsAt: (await localInstant(db, -2, '15:00')).instant, status: 'held' },
      { startsAt: (await localInstant(db, 4, '11:00')).instant, status: 'cancelled' },
    ])
    await seedQuarantine(db, [{ name: 'Robô', email: 'robo@example.com', message: 'compre' }])
    return { leadId, bookingId: booking?.id ?? '' }
  })()
  return seeded
}

/** The navigation's links: each one's name, whether it is marked, and its background. */
const navLinks = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Painel' })
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => ({
        name: link.textContent ?? '',
        current: link.getAttribute('aria-current'),
        background: getComputedStyle(link).backgroundColor,
      })),
    )

/** Every page of the desk behind the sign-in, and the navigation's link it marks, and how. */
const deskPages = ({ leadId, bookingId }: { leadId: string; bookingId: string }) =>
  [
    ['/painel', 'Visão geral', 'page'],
    ['/painel/contatos', 'Contatos', 'page'],
    [`/painel/contatos/${leadId}`, 'Contatos', 'true'],
    ['/painel/agenda', 'Agenda', 'page'],
    ['/painel/agenda/passadas', 'Agenda', 'true'],
    ['/painel/agenda/canceladas', 'Agenda', 'true'],
    [`/painel/agenda/reunioes/${bookingId}`, 'Agenda', 'true'],
    ['/painel/agenda/fechamentos', 'Agenda', 'true'],
    ['/painel/agenda/liberar', 'Agenda', 'true'],
    ['/painel/agenda/calendario', 'Agenda', 'true'],
    ['/painel/quarentena', 'Quarentena', 'page'],
    ['/painel/webhooks', 'Webhooks', 'page'],
    ['/painel/alertas', undefined, undefined],
    [`/painel/contatos/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, 'Contatos', 'true'],
  ] as const

/**
 * The walks: the light theme on a phone and a desktop, the dark one on a desktop. The dark
 * theme changes the colours only (the stylesheet's custom properties; no rule or layout
 * differs), and no colour depends on the width: the phone's rules change a padding, the facts'
 * columns and which week labels show, all of which a desktop shows too. So contrast in the dark
 * needs one width, and what depends on the layout and not on colours (axe's best practices,
 * the focus ring's width and offset) is the light walks'.
 */
const WALKS = [
  ['light', 'a phone', PHONE],
  ['light', 'a desktop', WIDE_DESKTOP],
  ['dark', 'a desktop', WIDE_DESKTOP],
] as const

describe('Every desk page, in each theme', () => {
  it.each(WALKS)(
    'in the %s theme on %s: marked in the navigation, titled, on the theme’s palette, passing axe',
    async (theme, _, device) => {
      const light = theme === 'light'
      // The dark theme changes custom properties alone (server/desk/layout/stylesheet.test.ts):
      // in it, only the rules colours decide can differ from the light walks (decision 098).
      const axeOptions = light ? { bestPractice: true } : { coloursOnly: true }
      const pages = deskPages(await seed())
      const page = await desk.open({ ...device, colorScheme: theme })
      await page.goto('/painel')
      const titles = [await page.title()]
      expect(titles[0]).toMatch(/^Entrar · /)
      await expectNoAxeViolations(page, `/painel/entrar (${theme})`, axeOptions)
      await signIn(page, undefined, 'overview')
      for (const [path, name, current] of pages) {
        // Signing in lands on the overview, the walk's first page.
        if (page.url() !== new URL(path, page.url()).href) await page.goto(path)
        titles.push(await page.title())
        const background = await page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--subtle').trim(),
        )
        expect(background, `${path} takes the ${theme} palette`).toBe(palettes[theme].subtle)
        const links = await navLinks(page)
        const marked = links.filter((link) => link.current !== null)
        expect(
          marked.map((link) => [link.name.replace(/ \(.*\)$/, ''), link.current]),
          path,
        ).toEqual(name === undefined ? [] : [[name, current]])
        // Seen as well as heard: the marked link alone has a background.
        const others = new Set(links.filter((link) => !link.current).map((l) => l.background))
        expect(others.has(marked[0]?.background ?? ''), `${path}: marked visibly`).toBe(false)
        await expectNoAxeViolations(page, `${path} (${theme})`, axeOptions)
        if (!light) continue
        // The first stops of the page (the navigation, then the page's own controls).
        const stops = await tabThrough(page, () => false, 30)
        const odd = stops
          .filter((stop) => !/^3px solid .+, 2px$/.test(stop.ring))
          .map((stop) => `${stop.tag} "${stop.name}": ${stop.ring}`)
        expect(odd, `${path}: controls without the focus ring`).toEqual([])
      }
      // Each page its own title, the desk's name after it; none is "Contatos" but the list.
      expect(new Set(titles).size).toBe(titles.length)
      expect(titles.every((title) => title.endsWith(` · Painel · ${company.name}`))).toBe(true)
      expect(titles.filter((title) => title.startsWith('Contatos ·'))).toEqual([
        `Contatos · Painel · ${company.name}`,
      ])
    },
    AXE_EVERY_STEP_TIMEOUT_MS,
  )
})

describe('The overview’s weeks', () => {
  it.each(DEVICES)(
    'labels each bar with its week, and lists in the table only the weeks with something, on %s',
    async (name, device) => {
      await seed()
      const page = await desk.openSignedIn(device, '/painel')

      // Under each chart's bars, a label per week, centred under its bar.
      const charts = await page.locator('figure.chart').evaluateAll((figures) =>
        figures.map((figure) => {
          const bars = [...figure.querySelectorAll('rect')].map((bar) => {
            const box = bar.getBoundingClientRect()
            return box.left + box.width / 2
          })
          const labels = [...figure.querySelectorAll('.chart-weeks span')].map((label) => {
            const box = label.getBoundingClientRect()
            return {
              text: label.textContent ?? '',
              centre: box.left + box.width / 2,
              shown: getComputedStyle(label).visibility === 'visible',
            }
          })
          return { bars, labels }
        }),
      )
      expect(charts).toHaveLength(3)
      for (const { bars, labels } of charts) {
        expect(labels).toHaveLength(12)
        labels.forEach((label, index) =>
          expect(Math.abs(label.centre - (bars[index] ?? 0))).toBeLessThan(2),
        )
        const shown = labels.filter((label) => label.shown)
        // Every week on a desktop; every other one on a phone, the current week always.
        expect(shown.length).toBe(name === 'a desktop' ? 12 : 6)
        expect(labels.at(-1)?.shown).toBe(true)
      }
      const weeks = charts[0]?.labels.map((label) => label.text) ?? []

      // The table: weeks that had something, and the current one; the rest named under it.
      const table = page.getByRole('table', {
        name: /^Visitas, contatos e reuniões agendadas por semana/,
      })
      const rows = await table
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')),
        )
      const listed = rows.map(([week = '']) => week.replace(' (atual)', ''))
      expect(listed.at(-1)).toBe(weeks.at(-1))
      expect(listed.length).toBeLessThan(12)
      for (const [week = '', ...figures] of rows.slice(0, -1)) {
        expect(
          figures.some((figure) => figure !== '0'),
          `${week} had something`,
        ).toBe(true)
      }
      const note = (await page.getByText(/^Nenhuma visita, contato ou reunião/).textContent()) ?? ''
      const named = new Set<string>()
      for (const [, first = '', last] of note.matchAll(/de (\d\d\/\d\d)(?: a (\d\d\/\d\d))?/g)) {
        const from = weeks.indexOf(first)
        const to = last === undefined ? from : weeks.indexOf(last)
        for (let index = from; index <= to; index += 1) named.add(weeks[index] ?? '')
      }
      expect([...named].sort()).toEqual(weeks.filter((week) => !listed.includes(week)).sort())
    },
  )
})

describe('The list’s filters and search', () => {
  it('lines the filters’ labels and fields up on a desktop', async () => {
    const page = await desk.openSignedIn(WIDE_DESKTOP)
    const boxes = await page.locator('.filters .field').evaluateAll((fields) =>
      fields.map((field) => {
        const label = field.querySelector('label')?.getBoundingClientRect()
        const control = field.querySelector('input, select')?.getBoundingClientRect()
        return { label: label?.top ?? 0, control: control?.top ?? 0, height: control?.height }
      }),
    )
    // Five, and the answer filter ("Resposta") beside them.
    expect(boxes).toHaveLength(6)
    for (const box of boxes) {
      expect(Math.abs(box.label - (boxes[0]?.label ?? 0))).toBeLessThan(1)
      expect(Math.abs(box.control - (boxes[0]?.control ?? 0))).toBeLessThan(1)
      expect(Math.abs((box.height ?? 0) - (boxes[0]?.height ?? 0))).toBeLessThan(1)
    }
  })

  it('keeps a search while working in the list, and clears it when the list is opened from the navigation', async () => {
    const tag = marker('Busca')
    await seedLeads(desk.site().db, [
      { name: `Joana ${tag}`, email: `joana.${tag}@example.com`, message: 'Oi' },
      { name: `Outro ${tag}x`, email: `outro.${tag}@example.com`, message: 'Oi' },
    ])
    const page = await desk.openSignedIn(WIDE_DESKTOP)
    const searchField = page.getByLabel('Buscar', { exact: true })
    const names = () => page.locator('tbody tr td:nth-child(2)').allTextContents()
    await searchField.fill(`joana ${tag}`)
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await page.getByRole('heading', { level: 1, name: 'Contatos' }).waitFor()
    expect(await names()).toEqual([`Joana ${tag}`])

    // Into a lead and back to the list: the search is still there.
    await page.getByRole('link', { name: `Joana ${tag}` }).click()
    await page.getByRole('link', { name: 'Voltar aos contatos' }).click()
    expect(await searchField.inputValue()).toBe(`joana ${tag}`)
    expect(await names()).toEqual([`Joana ${tag}`])

    // Elsewhere, then the list from the navigation: the whole list, the search cleared.
    await page
      .getByRole('navigation', { name: 'Painel' })
      .getByRole('link', { name: 'Agenda' })
      .click()
    await page
      .getByRole('navigation', { name: 'Painel' })
      .getByRole('link', { name: 'Contatos' })
      .click()
    await page.getByRole('heading', { level: 1, name: 'Contatos' }).waitFor()
    expect(await searchField.inputValue()).toBe('')
    expect((await names()).length).toBeGreaterThan(1)
    expect(await page.getByText(/com estes filtros/).count()).toBe(0)
    // Cleared for good, not only in that view: the list's own address shows it whole too.
    await page.goto('/painel/contatos')
    expect(await searchField.inputValue()).toBe('')
    expect((await names()).length).toBeGreaterThan(1)
  })
})
