import type { BrandLogo } from './brand.ts'
import type { Palette } from './brand-palette.ts'

/** `accentSoft` → `accent-soft`: the palette's names as CSS custom properties use them. */
export const cssName = (key: string): string =>
  key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

/** The palette as custom properties, `--<prefix><name>: #rrggbb;`, one per line. */
export function paletteProperties(palette: Palette, prefix: string, indent = '  '): string {
  return Object.entries(palette)
    .map(([key, value]) => `${indent}--${prefix}${cssName(key)}: ${value};`)
    .join('\n')
}

/**
 * A logo's mark (`brandMark` in brand-motif.ts) as a standalone SVG: the favicon, and the share images' corner. `tile` and
 * `glyph` are the accent and the colour that reads on it.
 */
export function logoMarkSvg(logo: BrandLogo, tile: string, glyph: string, size?: number): string {
  const [, , width, height] = logo.viewBox.split(' ')
  const dimensions = size ? ` width="${size}" height="${size}"` : ''
  const strokes = logo.strokes
    .map(
      (d) =>
        `<path d="${d}" fill="none" stroke="${glyph}" stroke-width="${logo.strokeWidth}" stroke-linecap="round" stroke-linejoin="round"/>`,
    )
    .join('')
  const fills = logo.fills.map((d) => `<path d="${d}" fill="${glyph}"/>`).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${logo.viewBox}"${dimensions}><rect width="${width}" height="${height}" rx="${logo.tileRadius}" fill="${tile}"/>${strokes}${fills}</svg>`
}
