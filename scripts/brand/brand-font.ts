/**
 * The brand's typeface as the site serves it: the variable font named in brand.ts, cut down to
 * the characters Portuguese pages use (one WOFF2 file), static instances of it for the share
 * images (satori reads TrueType, not WOFF2 nor variations), and the @font-face rules of a
 * fallback scaled to the same widths, so nothing moves when the font arrives.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import harfbuzz from 'harfbuzzjs'
import subsetFont from 'subset-font'
import type { Brand } from '#shared/company/brand.ts'
import { FONT_CHARACTERS, METRICS_SAMPLE } from './font-characters.ts'

interface FallbackFont {
  /** The CSS family the faces are declared under. */
  family: string
  /** Local names of the regular and bold faces, most common first. */
  regular: string[]
  bold: string[]
  /** Advance of METRICS_SAMPLE in ems, regular and bold. */
  advance: { regular: number; bold: number }
  /** Vertical metrics per em. */
  ascent: number
  descent: number
  lineGap: number
}

const FALLBACKS: readonly FallbackFont[] = [
  {
    family: 'Fallback',
    regular: ['Arial', 'ArialMT', 'Helvetica', 'Liberation Sans', 'Arimo'],
    bold: ['Arial Bold', 'Arial-BoldMT', 'Helvetica Bold', 'Liberation Sans Bold', 'Arimo Bold'],
    advance: { regular: 146.505, bold: 156.975 },
    ascent: 0.9052734375,
    descent: 0.2119140625,
    lineGap: 0.03271484375,
  },
  {
    family: 'Fallback Android',
    regular: ['Roboto', 'Roboto-Regular'],
    bold: ['Roboto Bold', 'Roboto-Bold'],
    advance: { regular: 145.376, bold: 147.514 },
    ascent: 0.927734375,
    descent: 0.244140625,
    lineGap: 0,
  },
]

export interface BrandFont {
  family: string
  /** The CSS font-family list: the brand, its metric-matched fallbacks, the system's. */
  stack: string
  /** The subset variable font for the web, over the range of weights the pages use. */
  woff2: Buffer
  weightRange: [number, number]
  /** Static TrueType instances at the text and display weights, for the share images. */
  instances: { weight: number; data: Buffer }[]
  /** The @font-face rules of the fallbacks, to follow the brand's own. */
  fallbackFaces: string
}

/** Where the font file is: a path inside a package (resolved from the project) or on disk. */
async function readSource(root: string, file: string): Promise<Buffer> {
  const resolved = path.isAbsolute(file)
    ? file
    : file.startsWith('.')
      ? path.join(root, file)
      : createRequire(path.join(root, 'package.json')).resolve(file)
  return readFile(resolved)
}

/** The font's advance over METRICS_SAMPLE (ems) and vertical metrics, at one weight. */
async function measure(ttf: Buffer) {
  const hb = await harfbuzz
  const blob = hb.createBlob(ttf)
  const face = hb.createFace(blob, 0)
  const font = hb.createFont(face)
  const buffer = hb.createBuffer()
  try {
    buffer.addText(METRICS_SAMPLE)
    buffer.guessSegmentProperties()
    hb.shape(font, buffer)
    const advance = buffer.json().reduce((sum, glyph) => sum + glyph.ax, 0) / face.upem
    const { ascender, descender, lineGap } = font.hExtents()
    return {
      advance,
      ascent: ascender / face.upem,
      descent: Math.abs(descender) / face.upem,
      lineGap: lineGap / face.upem,
    }
  } finally {
    buffer.destroy()
    font.destroy()
    face.destroy()
    blob.destroy()
  }
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`

/**
 * One fallback face: the local font scaled so the sample takes the brand's width, with the
 * brand's line metrics (divided by that scale, which applies to them too).
 */
function fallbackFace(
  family: string,
  local: string[],
  weights: string,
  scale: number,
  brand: { ascent: number; descent: number; lineGap: number },
) {
  return [
    '@font-face {',
    `  font-family: '${family}';`,
    `  src: ${local.map((name) => `local('${name}')`).join(', ')};`,
    `  font-weight: ${weights};`,
    `  size-adjust: ${percent(scale)};`,
    `  ascent-override: ${percent(brand.ascent / scale)};`,
    `  descent-override: ${percent(brand.descent / scale)};`,
    `  line-gap-override: ${percent(brand.lineGap / scale)};`,
    '}',
  ].join('\n')
}

export async function buildBrandFont(root: string, type: Brand['type']): Promise<BrandFont> {
  const source = await readSource(root, type.file)
  const { text, strong, display } = type.weights
  const weightRange: [number, number] = [text, Math.max(display, 700)]
  const woff2 = await subsetFont(source, FONT_CHARACTERS, {
    targetFormat: 'woff2',
    variationAxes: { wght: { min: weightRange[0], max: weightRange[1] } },
  })
  const instances = await Promise.all(
    [text, display].map(async (weight) => ({
      weight,
      data: await subsetFont(source, FONT_CHARACTERS, {
        targetFormat: 'truetype',
        variationAxes: { wght: weight },
      }),
    })),
  )
  const medium = await measure(
    await subsetFont(source, FONT_CHARACTERS, {
      targetFormat: 'truetype',
      variationAxes: { wght: strong },
    }),
  )
  const [regular, bold] = await Promise.all(instances.map(({ data }) => measure(data)))
  if (!regular || !bold) throw new Error('The brand font could not be measured.')
  // The regular faces stand in for text and, scaled again, for emphasis (a variable font is
  // wider at 500 than at 400, the fallback has no 500); from 550 the bold ones (headings).
  const fallbackFaces = FALLBACKS.flatMap((fallback) => [
    fallbackFace(
      `${type.family} ${fallback.family}`,
      fallback.regular,
      '100 449',
      regular.advance / fallback.advance.regular,
      regular,
    ),
    fallbackFace(
      `${type.family} ${fallback.family}`,
      fallback.regular,
      '450 549',
      medium.advance / fallback.advance.regular,
      medium,
    ),
    fallbackFace(
      `${type.family} ${fallback.family}`,
      fallback.bold,
      '550 900',
      bold.advance / fallback.advance.bold,
      bold,
    ),
  ]).join('\n')
  const stack = [
    `'${type.family}'`,
    ...FALLBACKS.map((fallback) => `'${type.family} ${fallback.family}'`),
    'ui-sans-serif',
    'system-ui',
    'sans-serif',
  ].join(', ')
  return { family: type.family, stack, woff2, weightRange, instances, fallbackFaces }
}
