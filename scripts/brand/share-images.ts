/**
 * The image a shared link shows (WhatsApp, LinkedIn, Slack, X): one 1200 × 630 PNG per listed
 * page, drawn at build time from brand.ts (the dark surface, the accent, the typeface, the
 * logo's mark, the name's motif) with the page's own headline (src/content/share-cards.ts). satori lays the card
 * out as SVG, resvg paints it; both run only here, never on the server or in the browser.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import satori from 'satori'
import type { Brand } from '#shared/company/brand.ts'
import { logoMarkSvg } from '#shared/company/brand-css.ts'
import { brandMark, nameMotif } from '#shared/company/brand-motif.ts'
import { brandPalettes } from '#shared/company/brand-palette.ts'
import type { BrandFont } from './brand-font.ts'

export interface ShareImageRequest {
  /** Where under dist/ the PNG goes, e.g. /og/home.png. */
  path: string
  heading: string
  highlight?: string
}

export interface ShareImageLook {
  width: number
  height: number
  eyebrow: string
  logoWords: readonly string[]
  /** The site's address, written small at the bottom. */
  siteUrl: string
}

/** satori's element shape: what JSX would make, written out (this file is not a component). */
interface Node {
  type: string
  props: { style?: Record<string, string | number>; children?: unknown; [key: string]: unknown }
}
const node = (
  type: string,
  style: Node['props']['style'],
  children?: unknown,
  more = {},
): Node => ({
  type,
  props: { style, children, ...more },
})

function card(brand: Brand, look: ShareImageLook, request: ShareImageRequest): Node {
  const { light, dark } = brandPalettes(brand)
  const mark = `data:image/svg+xml;base64,${Buffer.from(logoMarkSvg(brandMark(brand, look.logoWords), light.accent, light.onAccent)).toString('base64')}`
  const [first, ...rest] = look.logoWords
  const heading = [request.heading, request.highlight].join(' ').length
  // Long headlines step down so every one fits in three lines.
  const size = heading > 40 ? 72 : 88
  // The company's name in the page's motif (the hero's punched tapes), small in the corner:
  // a set bit lit in its word's colour, the others as quiet dots.
  const motif = nameMotif(look.logoWords.join(' '))
  const dotSize = Math.max(8, Math.min(14, Math.floor(150 / Math.max(1, motif.rows) - 6)))
  const wordColour = (word: number) => (word % 2 === 0 ? light.nightAccent : dark.second)
  return node(
    'div',
    {
      width: look.width,
      height: look.height,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      // satori counts padding outside the given size: the box is drawn that much smaller.
      padding: 72,
      boxSizing: 'border-box',
      color: light.onNight,
      backgroundColor: light.night,
      backgroundImage: `radial-gradient(circle at 85% 15%, ${light.accent}55 0%, ${light.night}00 55%)`,
      fontFamily: brand.type.family,
    },
    [
      node('div', { display: 'flex', alignItems: 'center', gap: 20, fontSize: 36 }, [
        node('img', { width: 60, height: 60 }, undefined, { src: mark, width: 60, height: 60 }),
        node('div', { display: 'flex', gap: 12 }, [
          node('span', { fontWeight: brand.type.weights.display }, first),
          node('span', { color: light.onNightMuted }, rest.join(' ')),
        ]),
      ]),
      node('div', { display: 'flex', flexDirection: 'column', gap: 24 }, [
        node(
          'div',
          {
            display: 'flex',
            alignItems: 'center',
            gap: 14,
            fontSize: 28,
            color: light.onNightMuted,
          },
          [
            node('div', { width: 12, height: 12, borderRadius: 6, backgroundColor: light.accent }),
            look.eyebrow,
          ],
        ),
        node(
          'div',
          {
            display: 'flex',
            flexWrap: 'wrap',
            maxWidth: 930,
            fontSize: size,
            lineHeight: 1.04,
            fontWeight: brand.type.weights.display,
            letterSpacing: `${parseFloat(brand.type.displayTracking) * size}px`,
          },
          [
            node('span', { marginRight: size * 0.25 }, request.heading),
            request.highlight ? node('span', { color: light.nightAccent }, request.highlight) : '',
          ],
        ),
      ]),
      node('div', { display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between' }, [
        node('span', { fontSize: 26, color: light.onNightMuted }, new URL(look.siteUrl).host),
        node(
          'div',
          { display: 'flex', alignItems: 'flex-start', gap: dotSize * 2 },
          motif.tapes.map((tape) =>
            node(
              'div',
              { display: 'flex', flexDirection: 'column', gap: dotSize * 0.6 },
              tape.map(({ bits, word }) =>
                node(
                  'div',
                  { display: 'flex', gap: dotSize * 0.6 },
                  bits.map((set) =>
                    node('div', {
                      width: dotSize,
                      height: dotSize,
                      borderRadius: dotSize / 2,
                      backgroundColor: set ? wordColour(word) : light.nightLine,
                    }),
                  ),
                ),
              ),
            ),
          ),
        ),
      ]),
    ],
  )
}

/** Draws every card and writes it under `distDir`; returns the files written. */
export async function writeShareImages(
  distDir: string,
  brand: Brand,
  font: BrandFont,
  look: ShareImageLook,
  requests: readonly ShareImageRequest[],
): Promise<string[]> {
  const fonts = font.instances.map(({ weight, data }) => ({
    name: brand.type.family,
    data,
    weight: weight as 400 | 600,
    style: 'normal' as const,
  }))
  const written: string[] = []
  for (const request of requests) {
    // satori takes React elements; these plain objects are what React.createElement returns.
    const svg = await satori(
      card(brand, look, request) as unknown as Parameters<typeof satori>[0],
      {
        width: look.width,
        height: look.height,
        fonts,
      },
    )
    const png = new Resvg(svg, { fitTo: { mode: 'width', value: look.width } }).render().asPng()
    const file = path.join(distDir, request.path)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, png)
    written.push(request.path)
  }
  return written
}
