/**
 * Writes the static pages from the SSR bundle: every text of the landing page is in
 * dist/index.html before any JavaScript runs, and unknown paths get dist/404.html.
 * Run after `vite build` and the SSR build (scripts/build.ts does both).
 */
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

/** Where the build puts the SSR bundle that only this step uses (never deployed). */
export const SSR_BUILD_DIR = 'node_modules/.cache/prerender'

/** DESIGN.md: the first screen's HTML + critical CSS must arrive in one round trip. */
export const HTML_BUDGET_GZIP = 14 * 1024
export const CRITICAL_JS_BUDGET_GZIP = 90 * 1024

interface ServerEntry {
  renderPage(url: string): string
  renderHeadTags(page: 'home' | 'not-found', siteUrl: string): string
  renderRobotsTxt(siteUrl: string): string
  renderSitemapXml(siteUrl: string, paths: readonly string[]): string
  defaultSiteUrl: string
  prerenderTargets: ReadonlyArray<{ url: string; file: string; kind: 'home' | 'not-found' }>
}

export interface PrerenderReport {
  pages: Array<{ file: string; gzipBytes: number; cssInlined: boolean }>
  criticalJsGzipBytes: number
}

export const gzipSize = (text: string | Buffer) => gzipSync(text, { level: 9 }).length

const stylesheetLink = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/

/** Swaps the render-blocking stylesheet for an inline copy while the page stays in budget. */
async function inlineCss(html: string, distDir: string): Promise<[string, boolean]> {
  const match = stylesheetLink.exec(html)
  if (!match?.[1]) return [html, false]
  const css = await readFile(path.join(distDir, match[1]), 'utf8')
  const inlined = html.replace(match[0], () => `<style>${css}</style>`)
  return gzipSize(inlined) <= HTML_BUDGET_GZIP ? [inlined, true] : [html, false]
}

const entryScript = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/

/**
 * Starts the app only once the browser has painted the page's text (first-contentful-paint). The prerendered page is complete
 * without it, and a slow phone should spend its first second drawing text, not compiling React:
 * Lighthouse's mobile run measured FCP/LCP 1.27 s with the entry script in <head>, ~0.7 s like
 * this. The form stays safe meanwhile (its button is disabled until hydration, and what was
 * typed is kept).
 */
function startAfterFirstPaint(html: string): string {
  return html.replace(entryScript, (_tag, src: string) =>
    [
      '<script type="module">',
      `const start = () => setTimeout(() => import(${JSON.stringify(src)}))`,
      "const fcp = (list) => list.getEntriesByName('first-contentful-paint').length > 0",
      "if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) addEventListener('load', start, { once: true })",
      'else new PerformanceObserver((list, observer) => fcp(list) && (observer.disconnect(), start())).observe({ type: "paint", buffered: true })',
      '</script>',
    ].join('\n'),
  )
}

/** Entry script plus the chunks it preloads: what must download before the page is interactive. */
async function criticalJsSize(html: string, distDir: string): Promise<number> {
  const sources = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '')
  const sizes = await Promise.all(
    [...new Set(sources)].map(async (file) => gzipSize(await readFile(path.join(distDir, file)))),
  )
  return sizes.reduce((sum, size) => sum + size, 0)
}

export async function prerender(root: string, siteUrl?: string): Promise<PrerenderReport> {
  const distDir = path.join(root, 'dist')
  const serverEntry = path.join(root, SSR_BUILD_DIR, 'entry-server.js')
  if (!existsSync(serverEntry)) throw new Error(`Missing ${serverEntry}: run the SSR build first.`)
  const entry = (await import(pathToFileURL(serverEntry).href)) as ServerEntry
  const site = siteUrl || entry.defaultSiteUrl
  const template = await readFile(path.join(distDir, 'index.html'), 'utf8')

  const pages: PrerenderReport['pages'] = []
  for (const target of entry.prerenderTargets) {
    const html = template
      .replace('<!--app-head-->', () => entry.renderHeadTags(target.kind, site))
      .replace('<!--app-html-->', () => entry.renderPage(target.url))
    const [finalHtml, cssInlined] = await inlineCss(startAfterFirstPaint(html), distDir)
    await writeFile(path.join(distDir, target.file), finalHtml)
    pages.push({ file: target.file, gzipBytes: gzipSize(finalHtml), cssInlined })
  }
  await writeFile(path.join(distDir, 'robots.txt'), entry.renderRobotsTxt(site))
  const indexable = entry.prerenderTargets.filter((t) => t.kind === 'home').map((t) => t.url)
  await writeFile(path.join(distDir, 'sitemap.xml'), entry.renderSitemapXml(site, indexable))

  return { pages, criticalJsGzipBytes: await criticalJsSize(template, distDir) }
}

export function formatReport(report: PrerenderReport): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
  const lines = report.pages.map(
    (p) =>
      `  ${p.file}: ${kb(p.gzipBytes)} gzip (HTML${p.cssInlined ? ' + inlined CSS' : ', CSS linked'}; budget ${kb(HTML_BUDGET_GZIP)})`,
  )
  lines.push(
    `  critical-path JS: ${kb(report.criticalJsGzipBytes)} gzip (budget ${kb(CRITICAL_JS_BUDGET_GZIP)})`,
  )
  return lines.join('\n')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const report = await prerender(root, process.env.SITE_URL)
  console.log(`Prerendered:\n${formatReport(report)}`)
}
