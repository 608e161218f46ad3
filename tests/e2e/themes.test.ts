/**
 * Both themes on every page: the site follows the visitor's system (prefers-color-scheme), and
 * each page must stay readable and operable in each, on a phone and a desktop. axe checks WCAG
 * 2.2 AA (contrast included) with Chromium emulating the colour scheme; the page's computed
 * background tells the two themes apart, so a page that ignored the scheme would fail too. The
 * light walk holds every page to all of axe's rules and its best practices (heading order,
 * landmarks), so no other file walks the pages for them; the dark theme changes custom
 * properties alone (checked by scripts/brand/brand-build.test.ts), so the dark walk checks the
 * rules colours decide (decision 098).
 */
import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { brand } from '#shared/company/brand.ts'
import { brandPalettes } from '#shared/company/brand-palette.ts'
import { projects } from '../../src/content/projects/index.ts'
import { projectRoute, projectsRoute } from '../../src/routes.ts'
import {
  AXE_EVERY_STEP_TIMEOUT_MS,
  expectNoAxeViolations,
  waitForAnimations,
} from '../support/browser/axe.ts'
import { PHONE, WIDE_DESKTOP } from '../support/browser/devices.ts'
import { useE2eSession } from '../support/browser/session.ts'

const session = useE2eSession()
const palettes = brandPalettes(brand)

const DEVICES: readonly [string, BrowserContextOptions][] = [
  ['390 px', PHONE],
  ['1440 px', WIDE_DESKTOP],
]
const THEMES = ['light', 'dark'] as const

/** Every page the build writes, as a visitor reaches it. */
const PAGES: readonly [string, (page: Page) => Promise<void>][] = [
  ['/', async () => {}],
  ['/privacidade', async () => {}],
  ['/contato', async () => {}],
  ['/contato/enviada/', async () => {}],
  ['/contato/erro/#informe-o-seu-nome', async () => {}],
  ['/agendar', (page) => page.getByRole('radio').first().waitFor()],
  ['/agendar/gerenciar', (page) => page.getByRole('alert').first().waitFor()],
  ['/qualquer-coisa', async () => {}],
  // The projects' index and each project's page, when the company has published any.
  ...[projectsRoute.url, ...projects.map((project) => projectRoute(project.slug).url)].map(
    (path): [string, (page: Page) => Promise<void>] => [path, async () => {}],
  ),
]

/** The page's background as the browser paints it, as #rrggbb. */
const bodyBackground = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('canvas').getContext('2d')
    if (!probe) throw new Error('no canvas')
    probe.fillStyle = getComputedStyle(document.body).backgroundColor
    return probe.fillStyle
  })

describe('Both themes, every page, a phone and a desktop (WCAG 2.2 AA and best practices, axe)', () => {
  for (const theme of THEMES) {
    for (const [width, device] of DEVICES) {
      it(
        `has no violations in the ${theme} theme at ${width}, on the brand's ${theme} canvas`,
        async () => {
          const { page } = await session.open(device, {
            colorScheme: theme,
            reducedMotion: 'reduce',
          })
          for (const [path, ready] of PAGES) {
            await page.goto(path)
            await ready(page)
            await waitForAnimations(page)
            expect(await bodyBackground(page), `${path} background`).toBe(palettes[theme].canvas)
            // The dark theme changes colours alone (decision 098): its contrast is what can
            // differ from the light walk, which checks everything else.
            await expectNoAxeViolations(
              page,
              `${path} (${theme}, ${width})`,
              theme === 'light' ? { bestPractice: true } : { coloursOnly: true },
            )
          }
        },
        AXE_EVERY_STEP_TIMEOUT_MS,
      )
    }
  }
})
