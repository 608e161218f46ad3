import type { Brand } from '#shared/company/brand.ts'
import { paletteProperties } from '#shared/company/brand-css.ts'
import type { Palette, ThemeName } from '#shared/company/brand-palette.ts'
import type { BrandFont } from './brand-font.ts'

/**
 * The site's design tokens as Tailwind v4 reads them, written from brand.ts: the palette as
 * `--color-*` (Tailwind's own colours removed, so a component can only say `bg-canvas`,
 * `text-ink-muted`, `border-line`…), the dark theme as the same properties under
 * `prefers-color-scheme: dark`, the typeface with its fallbacks, radius and tracking.
 */
export function brandStylesheet(
  brand: Brand,
  palettes: Record<ThemeName, Palette>,
  font: BrandFont,
  fontUrl: string,
): string {
  const [minWeight, maxWeight] = font.weightRange
  return `/* Written by the build from supabase/functions/_shared/company/brand.ts: edit that file, not this one. */
@font-face {
  font-family: '${font.family}';
  src: url('${fontUrl}') format('woff2');
  font-weight: ${minWeight} ${maxWeight};
  font-style: normal;
  font-display: swap;
}
${font.fallbackFaces}

@theme {
  --color-*: initial;
  --color-white: #ffffff;
  --color-black: #000000;
${paletteProperties(palettes.light, 'color-')}
  --font-sans: ${font.stack};
  --font-weight-heading: ${brand.type.weights.display};
  --font-weight-strong: ${brand.type.weights.strong};
  --tracking-display: ${brand.type.displayTracking};
  --radius-control: ${brand.radius.control};
  --radius-card: ${brand.radius.card};
}

@media (prefers-color-scheme: dark) {
  :root {
${paletteProperties(palettes.dark, 'color-', '    ')}
  }
}
`
}
