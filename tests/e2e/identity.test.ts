import { describe, expect, it } from 'vitest'
import { brand } from '#shared/company/brand.ts'
import { company } from '#shared/company/company.ts'
import { processSteps } from '../../src/content/process.ts'
import { brandFontApplied } from '../support/browser/brand-font.ts'
import { PHONE, WIDE_DESKTOP } from '../support/browser/devices.ts'
import { useLoadedPages } from '../support/browser/loaded-pages.ts'
import { useE2eSession } from '../support/browser/session.ts'

const session = useE2eSession()
// Every test here reads the landing page as it is drawn, and none changes it.
const landingPage = useLoadedPages(session, '/')

describe("The identity drawn from the company's name (decisions 080, 081)", () => {
  it('sets the wordmark in the brand face at its display weight, after the mark, with no tile', async () => {
    const page = await landingPage(WIDE_DESKTOP)
    const logo = page.locator('header nav > a').first()
    await expect.poll(() => logo.innerText()).toBe(company.logoWords.join(' '))
    const look = await logo.evaluate((link) => {
      const word = link.querySelector('span span') ?? link
      return {
        family: getComputedStyle(word).fontFamily,
        weight: getComputedStyle(word).fontWeight,
        rects: link.querySelectorAll('svg rect').length,
        dots: link.querySelectorAll('svg path').length,
      }
    })
    expect(look.family).toContain(brand.type.family)
    expect(Number(look.weight)).toBe(brand.type.weights.display)
    expect(look.rects).toBe(0)
    expect(look.dots).toBeGreaterThan(0)
  })

  it('shows numbers in tabular figures, of one width in the brand font', async () => {
    const page = await landingPage(WIDE_DESKTOP)
    // The brand font itself, not the fallback: Arial's digits are of one width anyway.
    await brandFontApplied(page)
    const figures = await page.evaluate(() => {
      const duration = document.querySelector('#process ol li p')
      const probe = (text: string) => {
        const span = document.createElement('span')
        span.textContent = text
        document.querySelector('#process ol li p')?.append(span)
        const width = span.getBoundingClientRect().width
        span.remove()
        return width
      }
      return {
        numeric: duration ? getComputedStyle(duration).fontVariantNumeric : '',
        ones: probe('1111'),
        zeros: probe('0000'),
      }
    })
    expect(figures.numeric).toBe('tabular-nums')
    expect(figures.ones).toBeCloseTo(figures.zeros, 1)
  })

  it('sets the navigation at 15 px in the text colour, so the accent of its first entry reads', async () => {
    const page = await landingPage(WIDE_DESKTOP)
    const entry = page.locator('header nav ul a').first()
    const style = await entry.evaluate((link) => ({
      size: parseFloat(getComputedStyle(link).fontSize),
      colour: getComputedStyle(link).color,
      body: getComputedStyle(document.body).color,
    }))
    expect(style.size).toBeGreaterThanOrEqual(15)
    expect(style.colour).toBe(style.body)
  })

  // Where the steps sit is the stylesheet's layout, the same in both themes; the page in each
  // theme is checked with axe in themes.test.ts.
  it('lays the process out as a strip on a desktop and a rail on a phone', async () => {
    for (const [device, across] of [
      [WIDE_DESKTOP, true],
      [PHONE, false],
    ] as const) {
      const page = await landingPage(device)
      const boxes = await page
        .locator('#process ol > li')
        .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON()))
      expect(boxes).toHaveLength(processSteps.length)
      for (let i = 1; i < boxes.length; i++) {
        const [before, after] = [boxes[i - 1], boxes[i]]
        if (across) {
          expect(after.top).toBeCloseTo(before.top, 0)
          expect(after.left).toBeGreaterThan(before.left)
        } else {
          expect(after.left).toBeCloseTo(before.left, 0)
          expect(after.top).toBeGreaterThan(before.top)
        }
      }
    }
  })
})
