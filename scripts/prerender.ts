/**
 * Writes the static pages from the SSR bundle: every text of the landing page is in
 * dist/index.html before any JavaScript runs, and unknown paths get dist/404.html. Each page
 * loads one external module script (no inline script, so a strict `script-src 'self'` policy
 * holds) that weighs a few KB and carries no React: React comes with an island, on demand.
 * Run after `vite build` and the SSR build (scripts/build.ts does both).
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { transformSync } from 'esbuild'
import { CONTACT_TEMPLATE_FILE } from '../server/paths.ts'
import { brand as look } from '#shared/company/brand.ts'
import type { ShareCard } from '../src/content/share-cards.ts'
import type { ProjectImage } from '../src/content/projects/project.ts'
import type { ListedPageKind, PageKind, PageRoute, SiteRoute } from '../src/routes.ts'
import { buildBrandFont } from './brand/brand-font.ts'
import { writeShareImages } from './brand/share-images.ts'
import { withPolicy } from './content-security-policy.ts'
import { inlineIconSymbols } from './icon-symbols.ts'
import { PROJECT_IMAGES_DIR, writeProjectImages } from './images/project-images.ts'
import { pageCssCompiler, type PageCss } from './page-css.ts'
import { CLIENT_MANIFEST, SSR_BUILD_DIR } from './page-scripts.ts'

/** DESIGN.md: the first screen's HTML + critical CSS must arrive in one round trip. */
export const HTML_BUDGET_GZIP = 14 * 1024
/** DESIGN.md: script before any interaction (AstroWind ships 5.6 KB). */
export const CRITICAL_JS_BUDGET_GZIP = 10 * 1024

interface ServerEntry {
  renderPage(kind: PageKind): string
  renderContactTemplate(): string
  CONTACT_TEMPLATE_SLOTS: Record<string, string>
  contactRefusalTexts: Record<string, string>
  renderHeadTags(kind: PageKind, siteUrl: string, options?: { refused?: boolean }): string
  renderRobotsTxt(siteUrl: string): string
  renderSitemapXml(siteUrl: string, paths: readonly string[]): string
  defaultSiteUrl: string
  pageRoutes: readonly PageRoute[]
  siteRoutes: readonly SiteRoute[]
  renderSitePage(route: SiteRoute): string
  renderSiteHeadTags(route: SiteRoute, siteUrl: string): string
  projectShareImages(): Array<{ path: string } & ShareCard>
  builtProjectImages(): ProjectImage[]
  ICON_SPRITE_URL: string
  iconSpriteSvg: string
  iconSymbols: string
  isListed(kind: PageKind): kind is ListedPageKind
  brand: { logoWords: readonly string[] }
  shareCards: Record<ListedPageKind, ShareCard>
  shareImage: {
    width: number
    height: number
    eyebrow: string
    path(kind: ListedPageKind): string
  }
}

/** The part of Vite's build manifest the prerender reads: keys are source paths or chunk ids. */
type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>

export interface PrerenderReport {
  pages: Array<{
    file: string
    gzipBytes: number
    /** The page's CSS is in it; `below` when only the first screen's is, the rest linked after. */
    cssInlined: boolean | 'above'
    /** The icons' symbols are in it, rather than asked for from the sprite file. */
    iconsInlined: boolean
    /** The page script and the chunks it imports statically: all that runs before interaction. */
    scriptFiles: string[]
    scriptGzipBytes: number
  }>
}

export const gzipSize = (text: string | Buffer) => gzipSync(text, { level: 9 }).length

const stylesheetLink = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/

/**
 * Where a page's first screen ends (src/components/styles-below.tsx): the CSS of what comes
 * before it is in the page, and the site's stylesheet is linked here, for the rest.
 */
export const STYLES_BELOW_MARKER = '<div data-styles-below="" hidden=""></div>'

/**
 * Puts the page's own CSS in the page, replacing the site's render-blocking stylesheet, while
 * the page stays in budget. A page too heavy for that (the landing page) keeps in it only the
 * CSS of its first screen, up to STYLES_BELOW_MARKER, and links the site's stylesheet there: a
 * stylesheet in the body holds back the painting of what follows it, never of what precedes
 * it, so the first screen paints at once and nothing below is ever seen unstyled (decision 044).
 */
async function inlineCss(
  html: string,
  scripts: readonly string[],
  pageCss: PageCss,
): Promise<[string, boolean | 'above']> {
  const match = stylesheetLink.exec(html)
  if (!match?.[0]) return [html, false]
  const link = match[0]
  const head = html.indexOf('</head>')
  const below = html.indexOf(STYLES_BELOW_MARKER)
  if (below === -1) {
    const css = await pageCss(html.slice(head), scripts)
    const inlined = html.replace(link, () => `<style>${css}</style>`)
    return gzipSize(inlined) <= HTML_BUDGET_GZIP ? [inlined, true] : [html, false]
  }
  // Tailwind's banner comment stays in the stylesheet linked below, not in the page's copy.
  const css = (await pageCss(html.slice(head, below), [])).replace(/^\/\*![^*]*\*\/\s*/, '')
  const split = html
    .replace(STYLES_BELOW_MARKER, () => link)
    .replace(link, () => `<style>${css}</style>`)
  return [split, 'above']
}

/** A page script's chunks and every chunk it may import later, on use, each once. */
export function reachableScriptFiles(manifest: Manifest, script: string): string[] {
  const files: string[] = []
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.includes(`/${chunk.file}`)) return
    files.push(`/${chunk.file}`)
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])])
      visit(imported)
  }
  visit(script)
  return files
}

/** A page script's file followed by every chunk it imports statically, each once. */
export function staticScriptFiles(manifest: Manifest, script: string): string[] {
  const files: string[] = []
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the client build's manifest.`)
    if (files.includes(`/${chunk.file}`)) return
    files.push(`/${chunk.file}`)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(script)
  return files
}

/** The brand's own font face, which the page's loader adds once the page is painted. */
export interface BrandFontFace {
  family: string
  url: string
  /** Its weight range, as @font-face writes it ('400 700'). */
  weight: string
}

/**
 * The brand font's @font-face as the site's stylesheet carries it (for the dev server, and so
 * Vite hashes the file): taken out of every page's CSS and out of that stylesheet, whose every
 * request before the first paint Lighthouse's simulation counts as needed for it, and handed
 * to the page's loader instead.
 */
export function takeBrandFontFace(
  css: string,
  family: string,
): [string, BrandFontFace | undefined] {
  let face: BrandFontFace | undefined
  const rule = new RegExp(`@font-face\\{font-family:["']?${family}["']?;[^}]*\\}`, 'g')
  const rest = css.replace(rule, (whole) => {
    const url = /url\(([^)]+)\)/.exec(whole)?.[1]?.replace(/["']/g, '')
    const weight = /font-weight:([^;}]+)/.exec(whole)?.[1]?.trim()
    if (url && weight) face = { family, url, weight }
    return ''
  })
  return [rest, face]
}

/**
 * A pick in the phone menu (a popover, src/sections/site-header.tsx) closes it. A link cannot
 * close a popover, so this is script, and it lives here, not in the page script: that one
 * starts only after the first paint and may never arrive (a lost connection, a blocked file),
 * while this runs as soon as the page is parsed. The guard keeps browsers without popovers,
 * where the menu is hidden anyway, from failing on the selector at every click.
 */
export const closeMenuOnPick =
  "if (HTMLElement.prototype.hidePopover) document.addEventListener('click', ({ target }) => target.closest?.('[popover]:popover-open a[href]')?.closest('[popover]').hidePopover())"

/**
 * The page script starts once the browser has painted the page's text (first-contentful-paint;
 * on `load` where there is no paint timing). The page is complete without it, and a slow phone
 * should spend its first second drawing: with the script as a deferred module Lighthouse's
 * mobile run put LCP far behind a bare page's (docs/benchmarks/lighthouse.md), and its
 * simulation counts any script that arrives before the paint. This small loader, which also
 * closes the phone menu on a pick (`closeMenuOnPick`), is the page's only inline script; its
 * hash is in the page's Content-Security-Policy. `data-page-script` names the files the loader
 * brings in (the page script and the chunks it imports), for the size checks.
 */
export function pageScriptLoader(files: readonly string[], font?: BrandFontFace): string {
  const [entry] = files
  // The brand's font, asked for once the page is painted (decision 044): until it arrives, and
  // without JavaScript, the text is in its metric-matched fallback, so nothing moves. The face
  // joins the document once loaded: a face added while loading makes the browser lay out all
  // the page's text again at once, and again when it arrives (decision 087). Once both the
  // font and the page script have come, a `brandfont` event on `window` offers the face to the
  // page script, which lays it out in turns (src/page-scripts/brand-font.ts, decision 102);
  // where nothing takes it, or the script failed, the loader adds it. No `display` or
  // `format()`: a face added once loaded is never drawn while loading, and it has one source.
  const loadFont = font
    ? `const face = new FontFace(${JSON.stringify(font.family)}, ${JSON.stringify(`url(${font.url})`)}, { weight: ${JSON.stringify(font.weight)} }); Promise.all([face.load(), page.catch(() => 0)]).then(() => dispatchEvent(new CustomEvent('brandfont', { detail: face, cancelable: true })) && document.fonts.add(face), () => {})`
    : ''
  const code = [
    closeMenuOnPick,
    `const start = () => setTimeout(() => { const page = import(${JSON.stringify(entry)}); ${loadFont} })`,
    "const painted = (list) => list.getEntriesByName('first-contentful-paint').length > 0",
    "if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) addEventListener('load', start, { once: true })",
    "else new PerformanceObserver((list, observer) => painted(list) && (observer.disconnect(), start())).observe({ type: 'paint', buffered: true })",
  ].join('\n')
  // Minified: it sits in every page's first 14 KB, which the home page fills to the byte.
  const minified = transformSync(code, {
    minify: true,
    format: 'esm',
    target: 'es2022',
  }).code.trim()
  return `<script type="module" data-page-script="${files.join(' ')}">${minified}</script>`
}

export async function prerender(
  root: string,
  siteUrl?: string,
  backendUrl = '/',
): Promise<PrerenderReport> {
  const distDir = path.join(root, 'dist')
  const serverEntry = path.join(root, SSR_BUILD_DIR, 'entry-server.js')
  if (!existsSync(serverEntry)) throw new Error(`Missing ${serverEntry}: run the SSR build first.`)
  const entry = (await import(pathToFileURL(serverEntry).href)) as ServerEntry
  const manifest = JSON.parse(await readFile(path.join(root, CLIENT_MANIFEST), 'utf8')) as Manifest
  const site = siteUrl || entry.defaultSiteUrl
  const template = await readFile(path.join(distDir, 'index.html'), 'utf8')
  const siteCssFile = stylesheetLink.exec(template)?.[1]
  if (!siteCssFile) throw new Error('dist/index.html links no stylesheet.')
  const siteCss = await readFile(path.join(distDir, siteCssFile), 'utf8')
  const [siteCssWithoutFont, font] = takeBrandFontFace(siteCss, look.type.family)
  if (!font) throw new Error(`The site's stylesheet has no @font-face for ${look.type.family}.`)
  await writeFile(path.join(distDir, siteCssFile), siteCssWithoutFont)
  const compile = await pageCssCompiler(root, siteCss)
  const pageCss: PageCss = async (html, scripts) =>
    takeBrandFontFace(await compile(html, scripts), look.type.family)[0]

  /** A page as the browser gets it: head tags, body, its script, inlined CSS and its policy. */
  const renderDocument = async (route: SiteRoute, head: string, body: string) => {
    const scriptFiles = staticScriptFiles(manifest, route.script)
    const html = template
      .replace('<!--app-head-->', () => head)
      .replace('<!--page-script-->', () => pageScriptLoader(scriptFiles, font))
      .replace('<!--app-html-->', () => body)
    const scripts = await Promise.all(
      reachableScriptFiles(manifest, route.script).map((file) =>
        readFile(path.join(distDir, file), 'utf8'),
      ),
    )
    const [styledHtml, cssInlined] = await inlineCss(html, scripts, pageCss)
    // The icons' symbols in the page while it stays in budget: asked for while the page is
    // read, the sprite file ends before the first paint, and Lighthouse's simulation counts it
    // as needed for the largest paint, a round trip more (decision 100).
    const page = withPolicy(styledHtml, backendUrl)
    const withIcons = inlineIconSymbols(page, entry.ICON_SPRITE_URL, entry.iconSymbols)
    return withIcons && gzipSize(withIcons) <= HTML_BUDGET_GZIP
      ? { html: withIcons, cssInlined, iconsInlined: true, scriptFiles }
      : { html: page, cssInlined, iconsInlined: false, scriptFiles }
  }

  const pages: PrerenderReport['pages'] = []
  for (const route of entry.siteRoutes) {
    const {
      html: finalHtml,
      cssInlined,
      iconsInlined,
      scriptFiles,
    } = await renderDocument(
      route,
      entry.renderSiteHeadTags(route, site),
      entry.renderSitePage(route),
    )
    const outFile = path.join(distDir, route.file)
    await mkdir(path.dirname(outFile), { recursive: true })
    await writeFile(outFile, finalHtml)
    const scripts = await Promise.all(scriptFiles.map((file) => readFile(path.join(distDir, file))))
    pages.push({
      file: route.file,
      gzipBytes: gzipSize(finalHtml),
      cssInlined,
      iconsInlined,
      scriptFiles,
      scriptGzipBytes: scripts.reduce((sum, script) => sum + gzipSize(script), 0),
    })
  }

  // The Node server's copy of the contact page for a refused form (server/contact-page.ts):
  // the same page with placeholders where the server writes what was typed and why it was
  // refused. Beside the server, never in dist/, which static hosts publish as it is.
  const contact = entry.pageRoutes.find((route) => route.kind === 'contact')
  if (contact) {
    const { html } = await renderDocument(
      contact,
      entry.renderHeadTags('contact', site, { refused: true }),
      entry.renderContactTemplate(),
    )
    const templateFile = path.join(root, CONTACT_TEMPLATE_FILE)
    await mkdir(path.dirname(templateFile), { recursive: true })
    await writeFile(
      templateFile,
      `${JSON.stringify({ html, slots: entry.CONTACT_TEMPLATE_SLOTS, texts: entry.contactRefusalTexts })}\n`,
    )
  }

  // The icons' file, for the pages that draw them from it (src/components/icon-sprite.tsx).
  await writeFile(path.join(distDir, entry.ICON_SPRITE_URL), entry.iconSpriteSvg)

  // The projects' images at the widths their pages offer.
  await writeProjectImages(path.join(root, PROJECT_IMAGES_DIR), distDir, entry.builtProjectImages())

  // The image each listed page's link preview shows, named in its head tags.
  const { shareCards, shareImage } = entry
  await writeShareImages(
    distDir,
    look,
    await buildBrandFont(root, look.type),
    { ...shareImage, logoWords: entry.brand.logoWords, siteUrl: site },
    [
      ...entry.siteRoutes
        .flatMap((route) => (route.kind === 'project' ? [] : [route.kind]))
        .filter(entry.isListed)
        .map((kind) => ({ path: shareImage.path(kind), ...shareCards[kind] })),
      ...entry.projectShareImages(),
    ],
  )

  await writeFile(path.join(distDir, 'robots.txt'), entry.renderRobotsTxt(site))
  const indexable = entry.siteRoutes
    .filter((r) => r.kind === 'project' || entry.isListed(r.kind))
    .map((r) => r.url)
  await writeFile(path.join(distDir, 'sitemap.xml'), entry.renderSitemapXml(site, indexable))

  return { pages }
}

export function formatReport(report: PrerenderReport): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
  return report.pages
    .map((p) =>
      [
        `  ${p.file}: ${kb(p.gzipBytes)} gzip, ${p.gzipBytes} of ${HTML_BUDGET_GZIP} bytes (HTML${p.cssInlined === 'above' ? " + the first screen's CSS, the rest linked below it" : p.cssInlined ? ' + inlined CSS' : ', CSS linked'}${p.iconsInlined ? " + the icons' symbols" : ''}; budget ${kb(HTML_BUDGET_GZIP)})`,
        `    script before interaction: ${kb(p.scriptGzipBytes)} gzip in ${p.scriptFiles.length} file(s) (budget ${kb(CRITICAL_JS_BUDGET_GZIP)})`,
      ].join('\n'),
    )
    .join('\n')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const report = await prerender(root, process.env.SITE_URL)
  console.log(`Prerendered:\n${formatReport(report)}`)
}
