import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { DIST_DIR } from '../../server/paths.ts'
import type { SiteRoute } from '../../src/routes.ts'
import { siteRoutes } from '../../src/site-routes.ts'

/** Paths no page has, each answered with the 404 page: a word, a folder, an asset, its own name. */
export const UNKNOWN_PATHS = [
  '/pagina-que-nao-existe',
  '/pagina-que-nao-existe/',
  '/assets/nao-existe.js',
  '/404',
  '/404.html',
  '/%34%30%34',
]

export interface SitePage {
  route: SiteRoute
  /** Every address that shows this page; the first is the one the site links to. */
  addresses: string[]
  /** The policy the build wrote into the page's <meta>. */
  policy: string
}

const requireBuild = () => {
  if (!existsSync(path.join(DIST_DIR, 'index.html'))) {
    throw new Error(`${DIST_DIR}/index.html is missing: run \`npm run build\` first.`)
  }
}

/** `index.html` → `/`; `a/index.html` → `/a`, `/a/`, `/a/index.html`; `b.html` → `/b`, `/b.html`. */
const addressesOf = (route: SiteRoute): string[] => {
  if (route.file === 'index.html') return ['/', '/index.html']
  const folder = /^(.*)\/index\.html$/.exec(route.file)?.[1]
  const all = folder
    ? [`/${folder}`, `/${folder}/`, `/${route.file}`]
    : [`/${route.file.replace(/\.html$/, '')}`, `/${route.file}`]
  // The address the site links to first, as routes.ts spells it.
  return [route.url, ...all.filter((address) => address !== route.url)]
}

const policyOf = (file: string): string => {
  const html = readFileSync(path.join(DIST_DIR, file), 'utf8')
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1]
  if (!policy) throw new Error(`dist/${file} carries no Content-Security-Policy <meta>`)
  return policy
}

/**
 * The pages of `src/site-routes.ts` (the fixed ones and the projects'), as the build wrote them
 * to dist/, so a page added there is covered here without another line. The 404 page has no
 * address of its own.
 */
export function sitePages(): { pages: SitePage[]; notFound: SitePage } {
  requireBuild()
  const all = siteRoutes.map((route) => ({
    route,
    addresses: route.kind === 'not-found' ? UNKNOWN_PATHS : addressesOf(route),
    policy: policyOf(route.file),
  }))
  const notFound = all.find((page) => page.route.kind === 'not-found')
  if (!notFound) throw new Error('src/routes.ts has no not-found page')
  return { pages: all.filter((page) => page !== notFound), notFound }
}

/** Every file in dist/ that is not a page (assets, robots.txt, sitemap.xml, the icon…). */
export function siteFiles(): string[] {
  requireBuild()
  return readdirSync(DIST_DIR, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.html'))
    .map((entry) => `/${path.relative(DIST_DIR, path.join(entry.parentPath, entry.name))}`)
    .sort()
}
