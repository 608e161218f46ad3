/**
 * What the page's head and the favicon take from brand.ts: the logo's mark in the accent, and
 * `theme-color`. Apart from the Vite plugin (vite-brand.ts), which also builds the font, so
 * that what they write can be read without loading a font's tools.
 */
import { brand } from '#shared/company/brand.ts'
import { logoMarkSvg } from '#shared/company/brand-css.ts'
import { brandMark } from '#shared/company/brand-motif.ts'
import { company } from '#shared/company/company.ts'
import { brandPalettes, paletteShortfalls } from '#shared/company/brand-palette.ts'

/** The favicon: the logo's mark in the accent, as the light theme draws it. */
export function faviconSvg(): string {
  const { light } = brandPalettes(brand)
  return `${logoMarkSvg(brandMark(brand, company.logoWords), light.accent, light.onAccent)}\n`
}

/**
 * `theme-color`: the accent, the logo's tile, in both themes (the browser's bar takes the
 * brand's colour, as the favicon does): one tag where both themes have the same accent, as
 * most brands do, since every byte of the landing page's first 14 KB is spoken for.
 */
export function themeColorTags(): string {
  const { light, dark } = brandPalettes(brand)
  if (light.accent === dark.accent) return `<meta name="theme-color" content="${light.accent}" />`
  return [
    `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${light.accent}" />`,
    `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${dark.accent}" />`,
  ].join('\n    ')
}

/** Fails with every pair of the palette that does not reach WCAG 2.2 AA, in words. */
export function assertReadablePalette(): void {
  const palettes = brandPalettes(brand)
  const shortfalls = [
    ...paletteShortfalls(palettes.light, 'light'),
    ...paletteShortfalls(palettes.dark, 'dark'),
  ]
  if (shortfalls.length > 0) {
    throw new Error(
      `The colours in supabase/functions/_shared/company/brand.ts do not read well enough:\n  ${shortfalls.join('\n  ')}`,
    )
  }
}
