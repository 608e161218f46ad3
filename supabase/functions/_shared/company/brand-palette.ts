import type { Brand } from './brand.ts'
import {
  contrast,
  hexColour,
  hexToOklch,
  mix,
  oklchToHex,
  withContrast,
  type Oklch,
} from './colour.ts'

/**
 * Every colour the site, the desk and the share images use, in one theme. Named for what they
 * do, not how they look, so one name serves both themes.
 */
export interface Palette {
  /** The page behind everything. */
  canvas: string
  /** Raised things on it: cards, fields, menus. */
  surface: string
  /** Alternate bands and quiet fills (a section, a table head). */
  subtle: string
  /** Text, and the strongest lines. */
  ink: string
  /** Secondary text: descriptions, notes, captions. */
  inkMuted: string
  /** Hairlines between things. */
  line: string
  /** Edges a control needs seen (fields, radios, outline buttons): 3:1 against surface. */
  lineStrong: string
  /** The accent as a fill (the main button). */
  accent: string
  accentHover: string
  /** Text and icons on the accent. */
  onAccent: string
  /** The accent as text or a thin line on canvas, surface and subtle (links, icons). */
  accentInk: string
  /** A tint of the accent behind text (a badge, the picked time). */
  accentSoft: string
  /** The edge of that tint. */
  accentLine: string
  /** The focus ring: 3:1 against every background it meets. */
  focus: string
  /** The second colour as a mark (the motif's dots): 3:1 on canvas, surface and subtle. */
  second: string
  /** The second colour as text (the process's durations): 4.5:1 on canvas, surface, subtle. */
  secondInk: string
  /** The dark band (the reasons to choose the company) and the text on it. */
  night: string
  onNight: string
  onNightMuted: string
  nightLine: string
  nightAccent: string
  success: string
  successSoft: string
  successInk: string
  successLine: string
  warning: string
  warningSoft: string
  warningInk: string
  warningLine: string
  danger: string
  dangerSoft: string
  dangerInk: string
  dangerLine: string
}

export type ThemeName = 'light' | 'dark'

/** A neutral at lightness `l`, tinted with the accent's hue so greys and accent agree. */
const neutral = (accent: Oklch, l: number, c = 0.006) => oklchToHex({ l, c, h: accent.h })

/**
 * The derived dark surface's lightness and chroma: those of the dark the site was first drawn
 * with, #0d0c14 (OKLCH 0.160 0.0168), so the demo's violet gives back that colour within one
 * step of red (#0c0c14) and a green accent gives a green near-black of the same depth.
 */
const DARK_SURFACE = { l: 0.16, c: 0.0168 }
/** An accent at least this colourful tints the dark in full; a greyer one, in proportion. */
const FULL_TINT_CHROMA = 0.08

/**
 * The dark surface of a brand (the page in dark mode, the band of reasons, the share images):
 * `dark` as brand.ts sets it, or, left out, near-black with a breath of the accent's hue. A
 * grey accent gives a neutral near-black. The one place `brand.dark` is read.
 */
export function darkSurface(brand: Pick<Brand, 'accent' | 'dark'>): string {
  if (brand.dark !== undefined) return hexColour(brand.dark)
  const accent = hexToOklch(brand.accent)
  return neutral(accent, DARK_SURFACE.l, DARK_SURFACE.c * Math.min(1, accent.c / FULL_TINT_CHROMA))
}

/** How far round the wheel the derived second colour is from the accent: its counterpart. */
const SECOND_TURN = 150

/**
 * The second colour before its shades are made to read: brand.ts's `second`, or the accent's
 * hue turned by SECOND_TURN degrees at the accent's lightness and colourfulness (a violet
 * gives an amber, a green a rose). The one place `brand.second` is read.
 */
export function secondTone(brand: Pick<Brand, 'accent' | 'second'>): Oklch {
  if (brand.second !== undefined) return hexToOklch(brand.second)
  const accent = hexToOklch(brand.accent)
  return { ...accent, h: (accent.h + SECOND_TURN) % 360 }
}

/** A brand whose colours are written as the palettes write them, its dark surface resolved. */
type ResolvedBrand = Brand & { dark: string }

const WHITE = '#ffffff'

/** The status colours of one theme: a tint behind, a line around, and text that reads. */
function statusShades(
  base: string,
  backgrounds: readonly string[],
  canvas: string,
  theme: ThemeName,
) {
  const tone = hexToOklch(base)
  const soft = mix(canvas, base, theme === 'light' ? 0.09 : 0.16)
  const ink = withContrast(
    { ...tone, l: theme === 'light' ? Math.min(tone.l, 0.5) : Math.max(tone.l, 0.78) },
    [...backgrounds, soft],
    4.5,
    theme === 'light' ? 'darker' : 'lighter',
  )
  return { base, soft, ink, line: mix(canvas, base, theme === 'light' ? 0.45 : 0.5) }
}

function derive(brand: ResolvedBrand, theme: ThemeName): Palette {
  const accent = hexToOklch(brand.accent)
  const dark = hexToOklch(brand.dark)
  const light = theme === 'light'

  const canvas = light ? neutral(accent, 0.993, 0.003) : brand.dark
  const surface = light ? WHITE : oklchToHex({ ...dark, l: dark.l + 0.035 })
  const subtle = light ? neutral(accent, 0.972, 0.006) : oklchToHex({ ...dark, l: dark.l + 0.02 })
  const backgrounds = [canvas, surface, subtle]

  // The fill keeps the brand's own colour unless its text cannot reach 4.5:1 on it.
  const onAccent =
    contrast(brand.accent, WHITE) >= contrast(brand.accent, '#0b0b0f') ? WHITE : '#0b0b0f'
  const accentFill = withContrast(
    accent,
    [onAccent],
    4.5,
    onAccent === WHITE ? 'darker' : 'lighter',
  )
  const fill = hexToOklch(accentFill)

  const ink = light ? neutral(accent, 0.2, 0.02) : neutral(accent, 0.965, 0.006)
  const inkMuted = withContrast(
    { l: light ? 0.5 : 0.76, c: 0.02, h: accent.h },
    backgrounds,
    4.5,
    light ? 'darker' : 'lighter',
  )
  const accentSoft = mix(canvas, brand.accent, light ? 0.08 : 0.2)
  const accentInk = withContrast(
    { ...accent, l: light ? Math.min(accent.l, 0.55) : Math.max(accent.l, 0.72) },
    [...backgrounds, accentSoft],
    4.5,
    light ? 'darker' : 'lighter',
  )

  const secondBase = secondTone(brand)
  const towards = light ? 'darker' : 'lighter'
  const second = withContrast(
    { ...secondBase, l: light ? 0.72 : Math.max(secondBase.l, 0.7) },
    backgrounds,
    3,
    towards,
  )
  const secondInk = withContrast(
    { ...secondBase, l: light ? 0.6 : Math.max(secondBase.l, 0.74) },
    backgrounds,
    4.5,
    towards,
  )

  // The band is the dark surface in the light theme, and a step off the page in the dark one,
  // with a little more of its hue (none added to a neutral dark, which has no hue to give).
  const nightChroma = dark.c + 0.01 * Math.min(1, dark.c / DARK_SURFACE.c)
  const night = light ? brand.dark : oklchToHex({ ...dark, l: dark.l + 0.045, c: nightChroma })
  const onNightMuted = withContrast({ l: 0.78, c: 0.02, h: accent.h }, [night], 4.5, 'lighter')
  const nightAccent = withContrast(
    { ...accent, l: Math.max(accent.l, 0.74) },
    [night],
    4.5,
    'lighter',
  )

  const statuses = Object.fromEntries(
    Object.entries(brand.status).map(([name, base]) => [
      name,
      statusShades(base, backgrounds, canvas, theme),
    ]),
  ) as Record<keyof Brand['status'], ReturnType<typeof statusShades>>

  return {
    canvas,
    surface,
    subtle,
    ink,
    inkMuted,
    line: light ? neutral(accent, 0.915, 0.008) : oklchToHex({ ...dark, l: dark.l + 0.1 }),
    lineStrong: withContrast(
      { l: light ? 0.62 : 0.55, c: 0.015, h: accent.h },
      [surface, canvas],
      3,
      light ? 'darker' : 'lighter',
    ),
    accent: accentFill,
    accentHover: oklchToHex({ ...fill, l: fill.l + (onAccent === WHITE ? -0.06 : 0.06) }),
    onAccent,
    accentInk,
    accentSoft,
    accentLine: mix(canvas, brand.accent, light ? 0.35 : 0.5),
    focus: accentInk,
    second,
    secondInk,
    night,
    onNight: neutral(accent, 0.97, 0.005),
    onNightMuted,
    nightLine: oklchToHex({ ...hexToOklch(night), l: hexToOklch(night).l + 0.1 }),
    nightAccent,
    success: statuses.success.base,
    successSoft: statuses.success.soft,
    successInk: statuses.success.ink,
    successLine: statuses.success.line,
    warning: statuses.warning.base,
    warningSoft: statuses.warning.soft,
    warningInk: statuses.warning.ink,
    warningLine: statuses.warning.line,
    danger: statuses.danger.base,
    dangerSoft: statuses.danger.soft,
    dangerInk: statuses.danger.ink,
    dangerLine: statuses.danger.line,
  }
}

/**
 * Both themes of a brand. Its colours are read in any case (`#0F7B5F` is `#0f7b5f`) and every
 * colour of the palettes is written in lower case, as the rest of the build writes them.
 */
export function brandPalettes(brand: Brand): Record<ThemeName, Palette> {
  const colours: ResolvedBrand = {
    ...brand,
    accent: hexColour(brand.accent),
    dark: darkSurface(brand),
    status: {
      success: hexColour(brand.status.success),
      warning: hexColour(brand.status.warning),
      danger: hexColour(brand.status.danger),
    },
  }
  return { light: derive(colours, 'light'), dark: derive(colours, 'dark') }
}

/**
 * The pairs that must read, with WCAG 2.2 AA's minimum for each: 4.5:1 for text, 3:1 for
 * the edges of controls and the focus ring. Returns what falls short, in words.
 */
export function paletteShortfalls(palette: Palette, theme: ThemeName): string[] {
  const text = 4.5
  const ui = 3
  const pairs: [keyof Palette, keyof Palette, number][] = [
    ['ink', 'canvas', text],
    ['ink', 'surface', text],
    ['ink', 'subtle', text],
    ['inkMuted', 'canvas', text],
    ['inkMuted', 'surface', text],
    ['inkMuted', 'subtle', text],
    ['accentInk', 'canvas', text],
    ['accentInk', 'surface', text],
    ['accentInk', 'subtle', text],
    ['accentInk', 'accentSoft', text],
    ['ink', 'accentSoft', text],
    ['onAccent', 'accent', text],
    ['onAccent', 'accentHover', text],
    ['lineStrong', 'surface', ui],
    ['lineStrong', 'canvas', ui],
    ['lineStrong', 'subtle', ui],
    ['focus', 'canvas', ui],
    ['focus', 'surface', ui],
    ['focus', 'subtle', ui],
    ['second', 'canvas', ui],
    ['second', 'surface', ui],
    ['second', 'subtle', ui],
    ['secondInk', 'canvas', text],
    ['secondInk', 'surface', text],
    ['secondInk', 'subtle', text],
    ['onNight', 'night', text],
    ['onNightMuted', 'night', text],
    ['nightAccent', 'night', text],
    ['successInk', 'successSoft', text],
    ['successInk', 'canvas', text],
    ['successInk', 'surface', text],
    ['warningInk', 'surface', text],
    ['canvas', 'dangerInk', text],
    ['warningInk', 'warningSoft', text],
    ['warningInk', 'canvas', text],
    ['dangerInk', 'dangerSoft', text],
    ['dangerInk', 'canvas', text],
    ['dangerInk', 'surface', text],
  ]
  return pairs
    .map(([fg, bg, min]) => ({ fg, bg, min, ratio: contrast(palette[fg], palette[bg]) }))
    .filter(({ ratio, min }) => ratio < min)
    .map(
      ({ fg, bg, min, ratio }) =>
        `${theme}: ${fg} ${palette[fg]} on ${bg} ${palette[bg]} is ${ratio.toFixed(2)}:1, under ${min}:1`,
    )
}
