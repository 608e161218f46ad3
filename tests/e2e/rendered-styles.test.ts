import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { buttonSizes } from '../../src/components/ui/button.tsx'
import { cardLayouts, cardTitleSizes } from '../../src/components/ui/card.tsx'
import { DESKTOP, PHONE, WIDE_DESKTOP } from '../support/browser/devices.ts'
import { HEADER_CTA, control, menuToggle, siteHeader } from '../support/browser/landing-page.ts'
import { useLoadedPages } from '../support/browser/loaded-pages.ts'
import { useE2eSession } from '../support/browser/session.ts'

const session = useE2eSession()
// Every test here measures the landing page as it is drawn, and none changes it.
const landingPage = useLoadedPages(session, '/')

// Tailwind's default scale, on the browser's default 16 px root: spacing steps of 4 px.
const FONT_SIZE_PX: Record<string, number> = {
  'text-sm': 14,
  'text-base': 16,
  'text-lg': 18,
  'text-xl': 20,
}

/** The size a variant declares, in px: its `text-*` font size or its `p-N`/`px-N` padding. */
function declaredPx(classes: string, utility: 'text' | 'p' | 'px'): number {
  for (const name of classes.split(' ')) {
    if (utility === 'text' && name in FONT_SIZE_PX) return FONT_SIZE_PX[name] ?? NaN
    const spacing = new RegExp(`^${utility}-(\\d+(?:\\.\\d+)?)$`).exec(name)
    if (spacing) return Number(spacing[1]) * 4
  }
  throw new Error(`"${classes}" declares no ${utility}-* class`)
}

function computed(element: Locator) {
  return element.evaluate((el) => {
    const style = getComputedStyle(el)
    return {
      fontSize: parseFloat(style.fontSize),
      paddingLeft: parseFloat(style.paddingLeft),
      paddingTop: parseFloat(style.paddingTop),
      flexDirection: style.flexDirection,
      width: el.getBoundingClientRect().width,
      height: el.getBoundingClientRect().height,
    }
  })
}

describe('Rendered sizes match the variants that declare them', () => {
  it('the three large call-to-action buttons use the lg size, not the base one', async () => {
    const page = await landingPage(DESKTOP)
    const buttons = [
      page.locator('#home').getByRole('link', { name: 'Iniciar Projeto', exact: true }),
      page.locator('#home').getByRole('link', { name: 'Ver Serviços', exact: true }),
      page.locator('#contact form').getByRole('button', { name: 'Enviar Mensagem', exact: true }),
    ]
    for (const button of buttons) {
      const style = await computed(button)
      const name = await button.innerText()
      expect(style.fontSize, `${name} font size`).toBe(declaredPx(buttonSizes.lg, 'text'))
      expect(style.paddingLeft, `${name} padding`).toBe(declaredPx(buttonSizes.lg, 'px'))
      expect(style.height, `${name} height`).toBeGreaterThanOrEqual(48)
    }
  })

  it("the header's call to action is the hero's accent button at the nav's size, and keeps the header 64 px tall", async () => {
    const page = await landingPage(WIDE_DESKTOP)
    const look = (button: Locator) =>
      button.evaluate((el) => {
        const style = getComputedStyle(el)
        return {
          radius: style.borderTopLeftRadius,
          weight: style.fontWeight,
          family: style.fontFamily,
          color: style.color,
          background: style.backgroundColor,
        }
      })
    const header = control(siteHeader(page), HEADER_CTA.label)
    const hero = page.locator('#home').getByRole('link', { name: HEADER_CTA.label, exact: true })
    expect(await look(header)).toEqual(await look(hero))
    const style = await computed(header)
    expect(style.fontSize).toBe(declaredPx(buttonSizes.default, 'text'))
    expect(style.paddingLeft).toBe(declaredPx(buttonSizes.default, 'px'))
    expect(style.height).toBeGreaterThanOrEqual(44)
    const bar = await siteHeader(page).boundingBox()
    expect(bar?.height, 'the header, its border included').toBe(65)
  })

  it('cards keep the padding, direction and title size of their layout and size', async () => {
    const page = await landingPage(DESKTOP)
    const panel = page.locator('#services [data-slot="card"]').first()
    const stacked = page.locator('#contact [data-slot="card"]').first()
    const inline = page.locator('#contact li [data-slot="card"]').first()

    const servicesPanel = await computed(panel)
    expect(servicesPanel.paddingLeft).toBe(declaredPx(cardLayouts.panel, 'p'))
    expect(servicesPanel.flexDirection).toBe('column')
    const serviceTitle = await computed(panel.locator('[data-slot="card-title"]').first())
    expect(serviceTitle.fontSize).toBe(declaredPx(cardTitleSizes.md, 'text'))
    const formCard = await computed(stacked)
    expect(formCard.paddingLeft).toBe(declaredPx(cardLayouts.stacked, 'p'))
    expect(formCard.flexDirection).toBe('column')

    const infoCard = await computed(inline)
    expect(infoCard.paddingLeft).toBe(declaredPx(cardLayouts.inline, 'p'))
    expect(infoCard.paddingTop).toBe(declaredPx(cardLayouts.inline, 'p'))
    expect(infoCard.flexDirection).toBe('row')
    const infoTitle = await computed(inline.locator('[data-slot="card-title"]'))
    expect(infoTitle.fontSize).toBe(declaredPx(cardTitleSizes.sm, 'text'))

    const formTitle = page.locator('#contact').getByRole('heading', { name: 'Envie sua mensagem' })
    expect((await computed(formTitle)).fontSize).toBe(declaredPx(cardTitleSizes.lg, 'text'))
  })

  it('the phone menu button is a 44 px square with a 24 px icon, as its icon size says', async () => {
    const page = await landingPage(PHONE)
    const toggle = await computed(menuToggle(page))
    expect({ width: toggle.width, height: toggle.height }).toEqual({ width: 44, height: 44 })
    const icon = await computed(menuToggle(page).locator('svg').filter({ visible: true }))
    expect({ width: icon.width, height: icon.height }).toEqual({ width: 24, height: 24 })
    expect(buttonSizes.icon).toBe('size-11 [&_svg]:size-6')
  })
})

interface Box {
  left: number
  right: number
  top: number
  bottom: number
}

function box(element: Locator): Promise<Box> {
  return element.evaluate((el) => {
    const { left, right, top, bottom } = el.getBoundingClientRect()
    return { left, right, top, bottom }
  })
}

/** The space between two boxes that face each other across a row or a column, if they do. */
function gapBetween(a: Box, b: Box): number | undefined {
  const shareRow = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0
  const shareColumn = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0
  if (shareRow) return Math.max(b.left - a.right, a.left - b.right)
  if (shareColumn) return Math.max(b.top - a.bottom, a.top - b.bottom)
  return undefined
}

/** Every element in `scope` that holds text of its own, with its size and colour. */
function texts(scope: Locator) {
  return scope.evaluateAll((roots) =>
    roots.flatMap((root) =>
      [...root.querySelectorAll('*')]
        .filter((el) =>
          [...el.childNodes].some(
            (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
          ),
        )
        .map((el) => ({
          text: (el.textContent ?? '').trim().slice(0, 40),
          fontSize: parseFloat(getComputedStyle(el).fontSize),
        })),
    ),
  )
}

/** The introduction beside (or under) a section's heading. */
const sectionIntro = (page: Page, id: string) => page.locator(`#${id} div:has(> div > h2) > p`)

/** Each width with the smallest type a card may set there. */
const WIDTHS = [
  ['a phone', 15, PHONE],
  ['a desktop', 16, WIDE_DESKTOP],
] as const

describe('The services and the reasons, as a designer looks at them', () => {
  it.each(WIDTHS)(
    "lays out every services card's items alike on %s: the icon beside the title, the description under both",
    async (_, __, device) => {
      const page = await landingPage(device)
      const items = page.locator('#services [data-slot="card"] li')
      expect(await items.count()).toBeGreaterThan(0)
      for (const item of await items.all()) {
        const title = item.locator('[data-slot="card-title"]')
        const name = await title.innerText()
        const [icon, heading, text] = await Promise.all([
          box(item.locator('svg').first()),
          box(title),
          box(item.locator('[data-slot="card-description"]')),
        ])
        expect(icon.right, `${name}: its icon left of its title`).toBeLessThanOrEqual(heading.left)
        const iconMiddle = (icon.top + icon.bottom) / 2
        expect(iconMiddle, `${name}: its icon on its title's line`).toBeGreaterThan(heading.top)
        expect(iconMiddle, `${name}: its icon on its title's line`).toBeLessThan(heading.bottom)
        expect(text.top, `${name}: its description below`).toBeGreaterThanOrEqual(heading.bottom)
        expect(text.left, `${name}: its description from the icon's edge`).toBe(icon.left)
      }
    },
  )

  it.each(WIDTHS)(
    'sets the cards and the reasons on %s in type of %i px or more, group titles over their items',
    async (_, minimum, device) => {
      const page = await landingPage(device)
      const read = [
        ...(await texts(page.locator('#services [data-slot="card"]'))),
        ...(await texts(page.locator('#about li'))),
      ]
      expect(read.length).toBeGreaterThan(20)
      for (const { text, fontSize } of read) expect(fontSize, text).toBeGreaterThanOrEqual(minimum)

      // A group's title, which names its list of services, reads above them: larger, no lighter.
      for (const card of await page.locator('#services [data-slot="card"]').all()) {
        const groupId = await card.getByRole('list').getAttribute('aria-labelledby')
        const group = await computedText(page.locator(`[id="${groupId}"]`))
        const item = await computedText(card.locator('[data-slot="card-title"]').first())
        expect(group.fontSize, group.text).toBeGreaterThan(item.fontSize)
        expect(group.fontWeight, group.text).toBeGreaterThanOrEqual(item.fontWeight)
        // The descriptions are read, not skimmed: in the titles' ink, not the muted grey.
        const description = await computedText(
          card.locator('[data-slot="card-description"]').first(),
        )
        expect(description.color, description.text).toBe(item.color)
      }
    },
  )

  it("starts each section's introduction where its cards' second column starts (1440 px)", async () => {
    const page = await landingPage(WIDE_DESKTOP)
    for (const id of ['services', 'contact']) {
      const intro = await box(sectionIntro(page, id))
      const heading = await box(page.locator(`#${id} h2`))
      const cards = await Promise.all(
        (await page.locator(`#${id} [data-slot="card"]`).all()).map(box),
      )
      const lefts = new Set(cards.map(({ left }) => Math.round(left)))
      expect(
        [...lefts].sort((a, b) => a - b),
        `#${id}: the cards' left edges`,
      ).toEqual([Math.round(heading.left), Math.round(intro.left)].sort((a, b) => a - b))
    }
  })

  it.each(WIDTHS)(
    'keeps cards no closer together than their padding on %s',
    async (_, __, device) => {
      const page = await landingPage(device)
      for (const id of ['services', 'contact']) {
        const cards = await page.locator(`#${id} [data-slot="card"]`).all()
        const boxes = await Promise.all(cards.map(box))
        const paddings = await Promise.all(
          cards.map(async (card) => (await computed(card)).paddingLeft),
        )
        let pairs = 0
        for (const [i, a] of boxes.entries()) {
          for (const [j, b] of boxes.entries()) {
            const gap = j > i ? gapBetween(a, b) : undefined
            if (gap === undefined) continue
            pairs += 1
            const padding = Math.max(paddings[i] ?? NaN, paddings[j] ?? NaN)
            expect(gap, `#${id}: cards ${i + 1} and ${j + 1}`).toBeGreaterThanOrEqual(padding)
          }
        }
        expect(pairs, `#${id}: cards side by side or one under another`).toBeGreaterThan(0)
      }
    },
  )
})

function computedText(element: Locator) {
  return element.evaluate((el) => {
    const style = getComputedStyle(el)
    return {
      text: (el.textContent ?? '').trim(),
      fontSize: parseFloat(style.fontSize),
      fontWeight: Number(style.fontWeight),
      color: style.color,
    }
  })
}
