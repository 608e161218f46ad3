import { describe, expect, it } from 'vitest'
import { brand } from './brand.ts'
import { brandPalettes, darkSurface, paletteShortfalls, secondTone } from './brand-palette.ts'
import { contrast, hexColour, hexToOklch, oklchToHex } from './colour.ts'

/** How far apart two hues are, in degrees around the circle (0 to 180). */
const hueDistance = (a: number, b: number) => {
  const d = Math.abs(a - b) % 360
  return Math.min(d, 360 - d)
}

describe("the brand's palettes", () => {
  it('derive a second colour from the accent, across the wheel, that reads as text and shows as a mark in both themes', () => {
    for (const accent of ['#5b3cf0', '#0F7B5F', '#b45309', '#808080', '#f5d90a', '#e11d48']) {
      const palettes = brandPalettes({ ...brand, accent, second: undefined })
      const hue = hexToOklch(accent).h
      if (hexToOklch(accent).c > 0.05)
        expect(hueDistance(secondTone({ accent }).h, hue), accent).toBeGreaterThan(120)
      for (const [theme, palette] of Object.entries(palettes)) {
        for (const background of [palette.canvas, palette.surface, palette.subtle]) {
          expect(
            contrast(palette.secondInk, background),
            `${accent} ${theme}`,
          ).toBeGreaterThanOrEqual(4.5)
          expect(contrast(palette.second, background), `${accent} ${theme}`).toBeGreaterThanOrEqual(
            3,
          )
        }
      }
    }
  })

  it('keep the hue of a second colour the brand sets', () => {
    const { light } = brandPalettes({ ...brand, second: '#0ea5e9' })
    expect(hueDistance(hexToOklch(light.secondInk).h, hexToOklch('#0ea5e9').h)).toBeLessThan(8)
  })

  it('reach WCAG 2.2 AA for every pair of text and background, and 3:1 for edges, in both themes', () => {
    const { light, dark } = brandPalettes(brand)
    expect(paletteShortfalls(light, 'light')).toEqual([])
    expect(paletteShortfalls(dark, 'dark')).toEqual([])
    expect(contrast(light.ink, light.canvas)).toBeGreaterThan(12)
    expect(contrast(dark.ink, dark.canvas)).toBeGreaterThan(12)
  })

  it('keep the accent itself as the fill when its text reads on it, and the dark surface as the dark page', () => {
    const { light, dark } = brandPalettes(brand)
    // brand.ts may write a colour in any case; the palettes write it in lower case.
    expect(light.accent).toBe(brand.accent.toLowerCase())
    expect(dark.canvas).toBe(darkSurface(brand))
    expect(light.night).toBe(darkSurface(brand))
  })

  it("give a company that changes only its accent a dark theme, band and share image of the accent's hue", () => {
    const accent = '#0F7B5F'
    const { dark: theme, light } = brandPalettes({ ...brand, accent, dark: undefined })
    const hue = hexToOklch(accent).h
    // The dark page, the band on it, and the band (and share image) of the light theme.
    for (const [name, colour] of [
      ['dark canvas', theme.canvas],
      ['dark night', theme.night],
      ['light night', light.night],
    ] as const) {
      const { l, c, h } = hexToOklch(colour)
      expect(hueDistance(h, hue), `${name} ${colour}`).toBeLessThan(5)
      expect(c, `${name} ${colour}`).toBeGreaterThan(0.01)
      expect(l, `${name} ${colour}`).toBeLessThan(0.22)
    }
    expect(hexToOklch(theme.canvas).l).toBeLessThan(0.2)
    // Nothing left of the violet the site was first drawn with.
    expect([...Object.values(theme), ...Object.values(light)]).not.toContain('#0d0c14')
    expect(paletteShortfalls(theme, 'dark')).toEqual([])
    expect(paletteShortfalls(light, 'light')).toEqual([])
  })

  it("derive, for the site's own violet, the dark it was drawn with (#0d0c14) within one step", () => {
    const channels = (hex: string) =>
      [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16))
    const derived = channels(darkSurface({ accent: '#5b3cf0' }))
    const drawn = channels('#0d0c14')
    const steps = derived.map((channel, i) => Math.abs(channel - (drawn[i] ?? 0)))
    expect(Math.max(...steps)).toBeLessThanOrEqual(1)
  })

  it('give a grey accent a neutral near-black', () => {
    for (const accent of ['#808080', '#111111']) {
      const { light, dark } = brandPalettes({ ...brand, accent, dark: undefined })
      for (const colour of [dark.canvas, dark.surface, dark.night, light.night]) {
        expect(hexToOklch(colour).c, `${accent}: ${colour}`).toBeLessThan(0.002)
      }
      expect(hexToOklch(dark.canvas).l).toBeLessThan(0.2)
    }
  })

  it('keep a dark that brand.ts sets, exactly, whatever the accent', () => {
    const { light, dark } = brandPalettes({ ...brand, accent: '#0F7B5F', dark: '#1A1A2E' })
    expect(dark.canvas).toBe('#1a1a2e')
    expect(light.night).toBe('#1a1a2e')
    expect(darkSurface({ accent: '#0F7B5F', dark: '#0d0c14' })).toBe('#0d0c14')
  })

  it('read a colour in any case, and write every one in lower case', () => {
    const upper = {
      ...brand,
      accent: '#0F7B5F',
      dark: '#0D0C14',
      status: { success: '#16A34A', warning: '#D97706', danger: '#DC2626' },
    }
    const lower = {
      ...upper,
      accent: upper.accent.toLowerCase(),
      dark: upper.dark.toLowerCase(),
      status: { success: '#16a34a', warning: '#d97706', danger: '#dc2626' },
    }
    const palettes = brandPalettes(upper)
    expect(palettes).toEqual(brandPalettes(lower))
    expect(palettes.light.accent).toBe('#0f7b5f')
    const colours = [...Object.values(palettes.light), ...Object.values(palettes.dark)]
    expect(colours.filter((colour) => !/^#[0-9a-f]{6}$/.test(colour))).toEqual([])
  })

  it('stay readable whatever accent a company picks: pale, loud, dark or grey', () => {
    for (const accent of [
      '#ffd000',
      '#00c2a8',
      '#e11d48',
      '#a3e635',
      '#111111',
      '#808080',
      '#0000ff',
    ]) {
      const { light, dark } = brandPalettes({ ...brand, accent })
      expect(paletteShortfalls(light, 'light'), accent).toEqual([])
      expect(paletteShortfalls(dark, 'dark'), accent).toEqual([])
    }
  })

  it('write text on a pale accent in near-black and on a deep one in white', () => {
    expect(brandPalettes({ ...brand, accent: '#ffd000' }).light.onAccent).not.toBe('#ffffff')
    expect(brandPalettes({ ...brand, accent: '#1e3a8a' }).light.onAccent).toBe('#ffffff')
  })
})

describe('colour arithmetic', () => {
  it('goes to OKLCH and back without moving a colour', () => {
    for (const hex of ['#5b3cf0', '#0d0c14', '#ffffff', '#16a34a', '#d97706']) {
      expect(oklchToHex(hexToOklch(hex))).toBe(hex)
    }
  })

  it('measures contrast as WCAG does: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrast('#5b3cf0', '#5b3cf0')).toBe(1)
  })

  it('refuses what is not a #rrggbb colour, naming it', () => {
    expect(() => hexToOklch('violet')).toThrow('"violet" is not a colour written as #rrggbb.')
    expect(() => hexColour('#0F7B5')).toThrow('"#0F7B5" is not a colour written as #rrggbb.')
  })

  it('writes a colour as #rrggbb in lower case, whatever case it was given in', () => {
    expect(hexColour('#0F7B5F')).toBe('#0f7b5f')
    expect(hexColour('#5b3cf0')).toBe('#5b3cf0')
  })
})
