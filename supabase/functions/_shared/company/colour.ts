/**
 * The little colour arithmetic the brand needs: OKLCH, where lightness is what the eye sees,
 * to derive tints and shades of one accent, and WCAG 2.2's contrast ratio, to prove each pair
 * of the palette is readable. Plain functions on hex strings; no imports, so the Node server,
 * the build and the Edge Functions can all use it.
 */

export interface Oklch {
  /** Perceived lightness, 0 (black) to 1 (white). */
  l: number
  /** Chroma: 0 is grey; sRGB tops out near 0.37. */
  c: number
  /** Hue angle in degrees. */
  h: number
}

type Rgb = [number, number, number]

const clamp = (value: number, min = 0, max = 1) => Math.min(max, Math.max(min, value))

export function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim())
  if (!match?.[1]) throw new Error(`"${hex}" is not a colour written as #rrggbb.`)
  const value = Number.parseInt(match[1], 16)
  return [(value >> 16) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255]
}

const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((channel) =>
      Math.round(clamp(channel) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
const fromLinear = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055)

/** Björn Ottosson's OKLab, from linear sRGB. */
function linearToOklab([r, g, b]: Rgb): Rgb {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ]
}

function oklabToLinear([L, a, b]: Rgb): Rgb {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ]
}

/**
 * A colour as every output writes it, `#rrggbb` in lower case: brand.ts may say `#0F7B5F`, and
 * the page, the favicon and the desk all say `#0f7b5f`.
 */
export const hexColour = (hex: string): string => toHex(parseHex(hex))

export function hexToOklch(hex: string): Oklch {
  const [L, a, b] = linearToOklab(parseHex(hex).map(toLinear) as Rgb)
  const h = (Math.atan2(b, a) * 180) / Math.PI
  return { l: L, c: Math.hypot(a, b), h: h < 0 ? h + 360 : h }
}

const inGamut = (rgb: Rgb) => rgb.every((c) => c >= -1e-4 && c <= 1 + 1e-4)

/** The colour, or the nearest one sRGB can show at its lightness and hue (less chroma). */
export function oklchToHex({ l, c, h }: Oklch): string {
  const rad = (h * Math.PI) / 180
  let chroma = c
  for (let step = 0; step < 40; step += 1) {
    const linear = oklabToLinear([l, chroma * Math.cos(rad), chroma * Math.sin(rad)])
    if (inGamut(linear) || chroma < 1e-4) return toHex(linear.map(fromLinear) as Rgb)
    chroma *= 0.92
  }
  return toHex(oklabToLinear([l, 0, 0]).map(fromLinear) as Rgb)
}

/** WCAG 2.2 relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map(toLinear) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG 2.2 contrast ratio, 1 to 21. */
export function contrast(first: string, second: string): number {
  const [a, b] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [number, number]
  return (a + 0.05) / (b + 0.05)
}

/**
 * The colour moved along its lightness, darker or lighter, until it reaches `ratio` against
 * every one of `backgrounds` (its hue and chroma kept as far as sRGB allows). Unchanged if it
 * already does.
 */
export function withContrast(
  colour: Oklch,
  backgrounds: readonly string[],
  ratio: number,
  direction: 'darker' | 'lighter',
): string {
  const step = direction === 'darker' ? -0.005 : 0.005
  let l = colour.l
  for (;;) {
    const hex = oklchToHex({ ...colour, l })
    if (backgrounds.every((bg) => contrast(hex, bg) >= ratio)) return hex
    if (l <= 0 || l >= 1) return direction === 'darker' ? '#000000' : '#ffffff'
    l = clamp(l + step)
  }
}

/** The mix of two colours in OKLab, `amount` of the second (0 to 1). */
export function mix(first: string, second: string, amount: number): string {
  const a = linearToOklab(parseHex(first).map(toLinear) as Rgb)
  const b = linearToOklab(parseHex(second).map(toLinear) as Rgb)
  const mixed = a.map((value, i) => value + ((b[i] ?? 0) - value) * amount) as Rgb
  return toHex(oklabToLinear(mixed).map(fromLinear) as Rgb)
}
