import { describe, expect, it } from 'vitest'
import { TOAST, contactForm, uniqueEmail } from '../support/browser/contact-form.ts'
import { DESKTOP, PHONE, WIDE_DESKTOP } from '../support/browser/devices.ts'
import { focusCover, focusedElement, tabThrough } from '../support/browser/focus.ts'
import { useE2eSession, waitForIsland } from '../support/browser/session.ts'
import { waitFor } from '../support/wait.ts'

const session = useE2eSession()

// Stops a keyboard user must meet, in this order, on the way from the top to the form's button:
// the header's entries and its call to action, then the hero's two buttons.
const HEADER_STOPS = 5
const EXPECTED_ORDER = [
  'Início',
  'Serviços',
  'Sobre',
  'Contato',
  'Iniciar Projeto',
  'Iniciar Projeto',
  'Ver Serviços',
  'Nome',
  'Email',
  'Empresa (opcional)',
  'Mensagem',
  'Enviar Mensagem',
]

describe('Keyboard only', () => {
  it('Tab follows the page, starting with the skip link, and focus is always visible', async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/')
    const toForm = await tabThrough(page, (stop) => stop.name === 'Nome')
    // Reaching the form loads its code, and its button stays disabled (so not a Tab stop) until
    // then. A person spends longer in a field than that takes; the test waits instead of racing.
    await waitForIsland(page, 'contact-form')
    const throughForm = await tabThrough(page, (stop) => stop.name === 'Enviar Mensagem')
    const stops = [...toForm, ...throughForm]

    const [skip] = stops
    expect(skip?.tag).toBe('a')
    expect(skip?.href ?? '').toMatch(/^#./)
    const skipTarget = await page.evaluate(
      (href) => document.querySelector(href) !== null,
      skip?.href ?? '#',
    )
    expect(skipTarget, 'the skip link points at an element on the page').toBe(true)

    // Right after the skip link come the header's stops (logo, the four entries, the call to
    // action), all of them in the header.
    const firstOutside = stops.findIndex((stop, i) => i > 0 && !stop.inHeader)
    const headerNames = stops.slice(1, firstOutside).map((stop) => stop.name)
    const inHeader = EXPECTED_ORDER.slice(0, HEADER_STOPS)
    expect(headerNames.filter((name) => inHeader.includes(name))).toEqual(inHeader)

    // Each expected stop after the one before it (a name may come twice).
    const positions: number[] = []
    for (const name of EXPECTED_ORDER) {
      const after = positions.at(-1) ?? -1
      positions.push(stops.findIndex((stop, i) => i > after && stop.name === name))
    }
    expect(
      positions.every((position) => position >= 0),
      `stops in order ${JSON.stringify(EXPECTED_ORDER)}; saw ${JSON.stringify(stops.map((s) => s.name))}`,
    ).toBe(true)

    const unseen = stops.filter((stop) => !stop.hasFocusRing || !stop.onScreen)
    expect(unseen, 'stops without a visible focus indicator or off screen').toEqual([])
  })

  it('the form can be filled and sent with the keyboard alone', async () => {
    const { page } = await session.open(DESKTOP)
    await page.goto('/')
    const form = contactForm(page)
    const lead = {
      name: 'Davi Rocha',
      email: uniqueEmail('keyboard'),
      message: 'Orçamento de app.',
    }

    await waitFor(
      'Tab to reach the name field',
      async () => {
        await page.keyboard.press('Tab')
        return form.name.evaluate((el) => el === document.activeElement)
      },
      Boolean,
      { timeoutMs: 20_000, intervalMs: 0 },
    )
    const typeInto = async (label: string, text: string) => {
      expect((await focusedElement(page))?.name).toBe(label)
      await page.keyboard.type(text)
      await page.keyboard.press('Tab')
    }
    await typeInto('Nome', lead.name)
    // What was typed while the form's code loaded must survive it (the row is checked below);
    // the button only becomes a Tab stop once that code runs, well before a person gets there.
    await waitForIsland(page, 'contact-form')
    await typeInto('Email', lead.email)
    await typeInto('Empresa (opcional)', '')
    await typeInto('Mensagem', lead.message)
    expect((await focusedElement(page))?.name).toBe('Enviar Mensagem')
    await page.keyboard.press('Enter')

    await page.getByText(TOAST.successTitle, { exact: true }).waitFor()
    expect(await session.site().submissionsFrom(lead.email)).toEqual([
      { name: lead.name, email: lead.email, company: null, message: lead.message },
    ])
  })

  it('the skip link shows, once focused, as a full-size button on top of the header, and leads to the content', async () => {
    for (const device of [PHONE, WIDE_DESKTOP]) {
      const { page } = await session.open(device)
      await page.goto('/')
      const skip = page.getByRole('link', { name: 'Pular para o conteúdo', exact: true })
      const width = device.viewport?.width
      // Not drawn anywhere a visitor could see or tap it: nothing hit-tests as the link.
      const unseen = await skip.evaluate((el) => {
        const box = el.getBoundingClientRect()
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
        return hit === null || !el.contains(hit)
      })
      expect(unseen, `out of sight until focused (${width} px)`).toBe(true)
      await page.keyboard.press('Tab')
      const stop = await focusCover(page)
      expect(stop?.name).toContain('Pular para o conteúdo')
      expect(stop?.hiddenAt, `nothing drawn over it (${width} px)`).toEqual([])
      const look = await skip.evaluate((el) => {
        const style = getComputedStyle(el)
        return {
          paddingLeft: parseFloat(style.paddingLeft),
          paddingRight: parseFloat(style.paddingRight),
          textFits: el.scrollWidth <= el.clientWidth,
        }
      })
      const box = (await skip.boundingBox()) ?? { x: -1, y: -1, width: 0, height: 0 }
      expect(box.height, `a 44 px target (${width} px)`).toBeGreaterThanOrEqual(44)
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.y).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(width ?? 0)
      expect(look.paddingLeft, 'padding around the text').toBeGreaterThanOrEqual(16)
      expect(look.paddingRight).toBeGreaterThanOrEqual(16)
      expect(look.textFits, 'its text is not cut').toBe(true)

      await page.keyboard.press('Enter')
      await page.waitForFunction(() => document.activeElement?.id === 'main')
    }
  })
})
