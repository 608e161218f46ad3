/**
 * The lead desk in both themes: its stylesheet takes the brand's palette, light or dark by the
 * system's setting, and every page of it must stay readable (WCAG 2.2 AA, axe) in each, with
 * leads, meetings and a quarantined message on screen, on a phone and a desktop.
 */
import type { BrowserContextOptions } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { brand } from '#shared/company/brand.ts'
import { brandPalettes } from '#shared/company/brand-palette.ts'
import { expectNoAxeViolations } from '../support/browser/axe.ts'
import { PHONE, WIDE_DESKTOP } from '../support/browser/devices.ts'
import { signIn, useDeskSite } from '../support/browser/lead-desk-site.ts'
import { localInstant, seedBookings } from '../support/seed-bookings.ts'
import { seedLeads } from '../support/seed-leads.ts'
import { seedQuarantine } from '../support/seed-quarantine.ts'

const desk = useDeskSite()
const palettes = brandPalettes(brand)
const pages: string[] = []

beforeAll(async () => {
  const { db } = desk.site()
  const [lead] = await seedLeads(db, [
    { name: 'Ana Souza', email: 'ana@example.com', company: 'Padaria', message: 'Um site.' },
    { name: 'Bruno Lima', email: 'bruno@example.com', message: 'Um app.', status: 'em_contato' },
    {
      name: 'Carla Dias',
      email: 'carla@example.com',
      message: 'Nuvem.',
      notified: false,
      notifyError: 'SMTP fora do ar',
    },
    { name: 'Davi Rocha', email: 'davi@example.com', message: 'Arquitetura.', status: 'fechado' },
  ])
  const { instant } = await localInstant(db, 1, '10:00')
  const [meeting] = await seedBookings(db, [{ startsAt: instant, name: 'Eva Nunes' }])
  await seedQuarantine(db, [{ name: 'Robô', email: 'robo@example.com', message: 'Compre!' }])
  if (!lead || !meeting) throw new Error('The desk could not be seeded')
  pages.push(
    '/painel',
    '/painel/contatos',
    `/painel/contatos/${lead}`,
    '/painel/agenda',
    `/painel/agenda/reunioes/${meeting.id}`,
    '/painel/agenda/fechamentos',
    '/painel/quarentena',
    '/painel/webhooks',
  )
})

const DEVICES: readonly [string, BrowserContextOptions][] = [
  ['390 px', PHONE],
  ['1440 px', WIDE_DESKTOP],
]

describe('The lead desk in both themes (WCAG 2.2 AA, axe)', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const [width, device] of DEVICES) {
      it(`has no violations in the ${theme} theme at ${width}, signed out and in`, async () => {
        const page = await desk.open({ ...device, colorScheme: theme })
        await page.goto('/painel')
        await expectNoAxeViolations(page, `/painel/entrar (${theme}, ${width})`)
        await signIn(page, undefined, 'overview')
        for (const path of pages) {
          await page.goto(path)
          const background = await page.evaluate(() =>
            getComputedStyle(document.documentElement).getPropertyValue('--subtle').trim(),
          )
          expect(background, `${path} takes the ${theme} palette`).toBe(palettes[theme].subtle)
          await expectNoAxeViolations(page, `${path} (${theme}, ${width})`)
        }
      })
    }
  }
})
