import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { buttonSizes } from '../../src/components/ui/button.tsx'
import { cardLayouts, cardTitleSizes } from '../../src/components/ui/card.tsx'
import { DESKTOP, PHONE, WIDE_DESKTOP } from '../support/browser/devices.ts'
import { HEADER_CTA, control, menuToggle, siteHeader } from '../support/browser/landing-page.ts'
import { useE2eSession } from '../support/browser/session.ts'

const session = useE2eSession()

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
    const { page } = await session.open(DESKTOP)
    await page.goto('/')
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
    const { page } = await session.open(WIDE_DESKTOP)
    await page.goto('/')
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
    const { page } = await session.open(DESKTOP)
    await page.goto('/')
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
    const { page } = await session.open(PHONE)
    await page.goto('/')
    const toggle = await computed(menuToggle(page))
    expect({ width: toggle.width, height: toggle.height }).toEqual({ width: 44, height: 44 })
    const icon = await computed(menuToggle(page).locator('svg').filter({ visible: true }))
    expect({ width: icon.width, height: icon.height }).toEqual({ width: 24, height: 24 })
    expect(buttonSizes.icon).toBe('size-11 [&_svg]:size-6')
  })
})
