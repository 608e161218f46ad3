/**
 * Everything visual the build draws from brand.ts, as a Vite plugin so `npm run dev` and
 * `npm run build` agree: the tokens and the font (src/styles/brand/, which globals.css
 * imports and git ignores), the favicon, and `theme-color` in the page's head.
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'
import { brand } from '#shared/company/brand.ts'
import { brandPalettes } from '#shared/company/brand-palette.ts'
import { assertReadablePalette, faviconSvg, themeColorTags } from './brand-head.ts'
import { buildBrandFont } from './brand-font.ts'
import { brandStylesheet } from './brand-stylesheet.ts'

/** Where the generated stylesheet and font live, beside globals.css, which imports them. */
export const BRAND_STYLES_DIR = path.join('src', 'styles', 'brand')

const fontFileName = (family: string) => `${family.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.woff2`

const writeIfChanged = async (file: string, content: string | Buffer) => {
  const current = await readFile(file).catch(() => undefined)
  if (current && Buffer.compare(current, Buffer.from(content)) === 0) return
  await writeFile(file, content)
}

/** What the generated files depend on: brand.ts's values and the code that turns them into CSS. */
async function generationKey(root: string): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(brand))
  const sources = [
    'scripts/brand/brand-font.ts',
    'scripts/brand/brand-stylesheet.ts',
    'supabase/functions/_shared/company/brand-palette.ts',
    'supabase/functions/_shared/company/brand-css.ts',
    'supabase/functions/_shared/company/colour.ts',
  ]
  for (const source of sources) hash.update(await readFile(path.join(root, source)))
  return hash.digest('hex').slice(0, 16)
}

/** Writes src/styles/brand/ from brand.ts; skipped when nothing it depends on changed. */
export async function writeBrandStyles(root: string): Promise<void> {
  assertReadablePalette()
  const dir = path.join(root, BRAND_STYLES_DIR)
  const stylesheet = path.join(dir, 'brand.css')
  const key = await generationKey(root)
  const existing = await readFile(stylesheet, 'utf8').catch(() => '')
  if (existing.includes(`brand ${key} `)) return
  const font = await buildBrandFont(root, brand.type)
  const fontName = fontFileName(brand.type.family)
  await mkdir(dir, { recursive: true })
  await writeIfChanged(path.join(dir, fontName), font.woff2)
  const css = brandStylesheet(brand, brandPalettes(brand), font, `./${fontName}`)
  await writeIfChanged(stylesheet, `/* brand ${key} */\n${css}`)
}

export function brandAssets(): Plugin {
  let root = process.cwd()
  return {
    name: 'brand-assets',
    // Before Tailwind compiles globals.css, which imports what this writes.
    enforce: 'pre',
    configResolved(config) {
      root = config.root
    },
    async buildStart() {
      await writeBrandStyles(root)
    },
    transformIndexHtml(html) {
      return html.replace('<!--brand-head-->', () => themeColorTags())
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'favicon.svg', source: faviconSvg() })
    },
    configureServer(server) {
      server.middlewares.use('/favicon.svg', (_request, response) => {
        response.setHeader('Content-Type', 'image/svg+xml')
        response.end(faviconSvg())
      })
    },
  }
}
