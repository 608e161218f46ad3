import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { brand } from '#shared/company/brand.ts'
import { waitForAnimations } from '../support/browser/axe.ts'
import { useE2eSession } from '../support/browser/session.ts'

const session = useE2eSession()

const WIDTHS: readonly [number, BrowserContextOptions][] = [
  [390, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  [768, { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true }],
  [1440, { viewport: { width: 1440, height: 900 } }],
]

const PAGES = [
  ['home', '/'],
  ['privacy', '/privacidade'],
  ['contact', '/contato'],
  ['contact-sent', '/contato/enviada/'],
  [
    'contact-refused',
    '/contato/erro/#muitas-mensagens-enviadas-deste-endereco-tente-novamente-em-alguns-minutos',
  ],
  ['booking', '/agendar'],
  // No booking behind this link: the page says so, with the way to book again.
  ['manage-booking', '/agendar/gerenciar'],
  ['not-found', '/qualquer-coisa'],
] as const

/** The pages whose script fills them in are shown once it has: the free times, the refusal. */
async function ready(page: Page, url: string): Promise<void> {
  if (url === '/agendar') await page.getByRole('radio').first().waitFor()
  if (url.startsWith('/agendar/gerenciar')) await page.getByRole('alert').first().waitFor()
}

/** Whether the page's own CSS applies: the body is set in the brand's typeface, not a serif. */
function isStyled(page: Page): Promise<boolean> {
  return page.evaluate(
    (family) => getComputedStyle(document.body).fontFamily.replace(/["']/g, '').startsWith(family),
    brand.type.family,
  )
}

/** Card titles (services, differentiators, contact) that the layout breaks over two lines. */
function wrappedCardTitles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-slot="card-title"]')]
      .filter((title) => {
        const lineHeight = parseFloat(getComputedStyle(title).lineHeight)
        return title.getBoundingClientRect().height > lineHeight * 1.5
      })
      .map((title) => title.textContent ?? ''),
  )
}

describe('Layout at common widths', () => {
  for (const [width, device] of WIDTHS) {
    it(`at ${width} px the pages fit the width and card titles stay on one line`, async () => {
      const { page } = await session.open(device)
      // A second visit and a reload revalidate what the first one cached: shown as well.
      for (const [, url] of [...PAGES, ['home-again', '/'] as const]) {
        await page.goto(url)
        await ready(page, url)
        await waitForAnimations(page)
        expect(await isStyled(page), `${url} is drawn with its stylesheet`).toBe(true)
        const overflow = await page.evaluate(() => {
          const root = document.documentElement
          return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth }
        })
        expect(overflow.scrollWidth, `${url} scrolls sideways at ${width} px`).toBeLessThanOrEqual(
          overflow.clientWidth,
        )
      }
      await page.reload()
      await waitForAnimations(page)
      expect(await isStyled(page), '/ is drawn with its stylesheet after a reload').toBe(true)
      expect(await wrappedCardTitles(page), `card titles on two lines at ${width} px`).toEqual([])
    })
  }
})
