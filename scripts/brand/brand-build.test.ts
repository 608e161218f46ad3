/**
 * What the build makes of brand.ts, read from `npm run build`'s output: the favicon and
 * `theme-color`, the font (its size and the characters it keeps), each page's CSS (in the page,
 * the landing page's first screen only), and the share image every listed page names.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import * as bookingMessages from '../../src/content/booking-messages.ts'
import * as bookingPage from '../../src/content/booking-page.ts'
import * as contactErrors from '../../src/content/contact-errors.ts'
import * as contactInfo from '../../src/content/contact-info.ts'
import * as contactPages from '../../src/content/contact-pages.ts'
import * as contact from '../../src/content/contact.ts'
import * as differentiators from '../../src/content/differentiators.ts'
import * as privacy from '../../src/content/privacy.ts'
import * as proof from '../../src/content/proof.ts'
import * as services from '../../src/content/services.ts'
import * as site from '../../src/content/site.ts'
import { shareCards, shareImage } from '../../src/content/share-cards.ts'
import { isListed, pageRoutes } from '../../src/routes.ts'
import { brand } from '#shared/company/brand.ts'
import { nameMotif } from '#shared/company/brand-motif.ts'
import { brandPalettes } from '#shared/company/brand-palette.ts'
import {
  darkThemeDeclarations,
  darkThemeRulesBeyondColours,
} from '../../tests/support/dark-theme-rules.ts'
import { pngColours, pngSize } from '../../tests/support/png.ts'
import { FONT_CHARACTERS } from './font-characters.ts'

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist')
const { light, dark } = brandPalettes(brand)

function readBuilt(file: string): Document {
  const full = path.join(distDir, file)
  if (!existsSync(full)) throw new Error(`${full} is missing: run \`npm run build\` first.`)
  return new DOMParser().parseFromString(readFileSync(full, 'utf8'), 'text/html')
}

const meta = (doc: Document, key: string) =>
  doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content')

describe("the brand's mark and colour in the browser's chrome", () => {
  it('gives every page the favicon drawn from the logo in the accent, and theme-color the accent', () => {
    const favicon = readFileSync(path.join(distDir, 'favicon.svg'), 'utf8')
    expect(favicon).toContain(`fill="${light.accent}"`)
    expect(favicon).toContain(light.onAccent)
    for (const route of pageRoutes) {
      const doc = readBuilt(route.file)
      expect(doc.querySelector('link[rel="icon"]')?.getAttribute('href'), route.file).toBe(
        '/favicon.svg',
      )
      const colours = [...doc.querySelectorAll('meta[name="theme-color"]')].map((tag) => [
        tag.getAttribute('media'),
        tag.getAttribute('content'),
      ])
      expect(colours, route.file).toEqual(
        light.accent === dark.accent
          ? [[null, light.accent]]
          : [
              ['(prefers-color-scheme: light)', light.accent],
              ['(prefers-color-scheme: dark)', dark.accent],
            ],
      )
    }
  })
})

describe('the typeface', () => {
  const fonts = readdirSync(path.join(distDir, 'assets')).filter((file) => file.endsWith('.woff2'))

  it('is one variable WOFF2 of at most 30 KB, served by the site, swapped in with metric-matched fallbacks', () => {
    expect(fonts).toHaveLength(1)
    const [font] = fonts
    expect(readFileSync(path.join(distDir, 'assets', font ?? '')).length).toBeLessThanOrEqual(
      30 * 1024,
    )
    for (const route of pageRoutes) {
      const doc = readBuilt(route.file)
      const css = doc.querySelector('style')?.textContent ?? ''
      // The page's loader asks for the face once the page is painted (decision 044), and it
      // joins the page once loaded (decisions 087 and 101)...
      const loader = doc.querySelector('script[data-page-script]')?.textContent ?? ''
      expect(loader, route.file).toContain(
        `new FontFace("${brand.type.family}","url(/assets/${font})"`,
      )
      expect(css).not.toMatch(new RegExp(`font-family:["']?${brand.type.family}["']?;src:url`))
      // ...and until then the text is in fallbacks scaled to its metrics.
      expect(css).toMatch(new RegExp(`font-family:\\s*["']?${brand.type.family} Fallback`))
      expect(css).toMatch(/size-adjust:\s*\d/)
      expect(css).toMatch(/ascent-override:\s*\d/)
    }
  })

  it("keeps every character the pages and the site's copy use", () => {
    const used = new Set<string>()
    for (const route of pageRoutes) {
      const doc = readBuilt(route.file)
      for (const el of doc.querySelectorAll('script, style')) el.remove()
      for (const char of doc.body.textContent ?? '') used.add(char)
      for (const el of doc.querySelectorAll('[placeholder]'))
        for (const char of el.getAttribute('placeholder') ?? '') used.add(char)
    }
    const strings = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(strings)
          : []
    const copy: unknown[] = [
      bookingMessages,
      bookingPage,
      contactErrors,
      contactInfo,
      contactPages,
      contact,
    ]
    copy.push(differentiators, privacy, proof, services, site)
    for (const text of strings(copy)) for (const char of text) used.add(char)
    const missing = [...used].filter((char) => !/\s/.test(char) && !FONT_CHARACTERS.includes(char))
    expect(missing, 'characters drawn in the fallback: add them to FONT_CHARACTERS').toEqual([])
  })
})

describe("each page's CSS", () => {
  it('is in the page, the landing page keeping only its first screen and linking the rest after it', () => {
    for (const route of pageRoutes) {
      const html = readFileSync(path.join(distDir, route.file), 'utf8')
      expect(gzipSync(html, { level: 9 }).length, route.file).toBeLessThanOrEqual(14 * 1024)
      const head = html.slice(0, html.indexOf('</head>'))
      expect(head, route.file).toContain('<style>')
      expect(head, route.file).not.toContain('rel="stylesheet"')
    }
    const landing = readFileSync(path.join(distDir, 'index.html'), 'utf8')
    const link = landing.indexOf('rel="stylesheet"')
    expect(link).toBeGreaterThan(landing.indexOf('id="home"'))
    expect(link).toBeLessThan(landing.indexOf('id="services"'))
  })

  // The browser tests check the dark theme's contrast alone (decision 098): what else a page
  // is (its structure, its layout) no colour scheme may change.
  it('changes nothing but custom properties, and so colours alone, in the dark theme', () => {
    expect(
      darkThemeRulesBeyondColours('@media (prefers-color-scheme:dark){.x{display:none}}'),
    ).toEqual(['display:none'])
    const sheets = [
      ...readdirSync(path.join(distDir, 'assets'))
        .filter((file) => file.endsWith('.css'))
        .map((file) => [file, readFileSync(path.join(distDir, 'assets', file), 'utf8')]),
      ...pageRoutes.map((route) => [
        route.file,
        readFileSync(path.join(distDir, route.file), 'utf8').match(
          /<style>([\s\S]*?)<\/style>/,
        )?.[1] ?? '',
      ]),
    ]
    for (const [file, css] of sheets) {
      expect(darkThemeDeclarations(css ?? '').length, `${file}: its dark theme`).toBeGreaterThan(0)
      expect(darkThemeRulesBeyondColours(css ?? ''), file).toEqual([])
    }
  })
})

describe('the share images', () => {
  it("name each listed page's own 1200 × 630 PNG, with its text alternative, and a large card", () => {
    for (const route of pageRoutes) {
      const doc = readBuilt(route.file)
      if (!isListed(route.kind)) {
        expect(meta(doc, 'og:image'), route.file).toBeUndefined()
        continue
      }
      const image = meta(doc, 'og:image') ?? ''
      expect(image, route.file).toBe(
        `${new URL(meta(doc, 'og:url') ?? '').origin}${shareImage.path(route.kind)}`,
      )
      expect(meta(doc, 'og:image:width')).toBe('1200')
      expect(meta(doc, 'og:image:height')).toBe('630')
      expect(meta(doc, 'og:image:type')).toBe('image/png')
      expect(meta(doc, 'og:image:alt')).toBe(shareImage.alt(shareCards[route.kind]))
      expect(meta(doc, 'twitter:card')).toBe('summary_large_image')
      expect(meta(doc, 'twitter:image')).toBe(image)
      const png = readFileSync(path.join(distDir, shareImage.path(route.kind)))
      expect(pngSize(png), route.file).toEqual({ width: 1200, height: 630 })
      expect(png.length).toBeLessThan(300 * 1024)
    }
  })

  it("show the company's name in its motif: the second word's set bits in the second colour", () => {
    const png = readFileSync(path.join(distDir, shareImage.path('home')))
    const second = brandPalettes(brand).dark.second.toLowerCase()
    const setBits = nameMotif(site.brand.logoWords.join(' '))
      .tapes.flat()
      .filter((row) => row.word % 2 === 1)
      .flatMap((row) => row.bits.filter(Boolean)).length
    // Each set bit is a round dot of at least 8 px across: some 40 pixels of solid colour.
    expect(setBits).toBeGreaterThan(0)
    expect(pngColours(png).get(second) ?? 0).toBeGreaterThan(setBits * 40)
  })
})
