import { Hono, type Context } from 'hono'
import type { Representation, StaticFile, StaticSite } from '../static-site.ts'

/** The prerendered 404 page: served only with a 404 status, never as a page of its own. */
const NOT_FOUND_PAGE = '/404.html'

const ALLOW = 'GET, HEAD, OPTIONS'

// Hashed file names change whenever their content does, so they may be cached for good;
// everything else is revalidated (cheaply, by ETag) so a new deploy shows at once.
const cacheControlFor = (urlPath: string) =>
  urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'

const resolve = (site: StaticSite, urlPath: string): [string, StaticFile] | undefined => {
  const candidates = urlPath.endsWith('/')
    ? [`${urlPath}index.html`]
    : [urlPath, `${urlPath}.html`, `${urlPath}/index.html`]
  for (const candidate of candidates) {
    // "/404", "/404.html", "/%34%30%34"… all name the 404 page, which must never answer 200.
    if (candidate === NOT_FOUND_PAGE) return undefined
    const file = site.get(candidate)
    if (file) return [candidate, file]
  }
  return undefined
}

type Coding = 'br' | 'gzip' | 'identity'

/** Accept-Encoding (RFC 9110 §12.5.3) as coding → quality; names are case-insensitive. */
const parseAcceptEncoding = (header: string): Map<string, number> => {
  const accepted = new Map<string, number>()
  for (const item of header.split(',')) {
    const [name = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase())
    if (name === '') continue
    const q = params.find((param) => param.startsWith('q='))
    const quality = q === undefined ? 1 : Number(q.slice(2))
    accepted.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(quality) ? quality : 0)
  }
  return accepted
}

/**
 * The representation to send: the client's highest-quality coding among those we hold,
 * brotli before gzip before none on a tie. Without Accept-Encoding, or when nothing is
 * acceptable, the uncompressed bytes (every client can read them).
 */
const pickRepresentation = (c: Context, file: StaticFile): [Coding, Representation] => {
  const header = c.req.header('accept-encoding')
  if (header === undefined) return ['identity', file.identity]
  const accepted = parseAcceptEncoding(header)
  const wildcard = accepted.get('*')
  // Unlisted, identity stays acceptable but comes last (RFC 9110 §12.5.3 only says when it
  // is excluded); unlisted codings take the wildcard's quality.
  const quality = (coding: Coding) =>
    accepted.get(coding) ?? wildcard ?? (coding === 'identity' ? Number.MIN_VALUE : 0)
  const held: [Coding, Representation | undefined][] = [
    ['br', file.brotli],
    ['gzip', file.gzip],
    ['identity', file.identity],
  ]
  let best: [Coding, Representation] = ['identity', file.identity]
  let bestQuality = 0
  for (const [coding, representation] of held) {
    if (representation && quality(coding) > bestQuality) {
      best = [coding, representation]
      bestQuality = quality(coding)
    }
  }
  return best
}

/**
 * If-None-Match (RFC 9110 §13.1.2): `*`, or a list of entity tags compared weakly (W/ is
 * ignored) with the ETag of the representation that would be sent.
 */
const noneMatch = (header: string | undefined, etag: string): boolean => {
  if (header === undefined) return false
  if (header.trim() === '*') return true
  const tags = header.match(/(?:W\/)?"[^"]*"/g) ?? []
  return tags.some((tag) => tag.replace(/^W\//, '') === etag)
}

const send = (c: Context, urlPath: string, file: StaticFile, status: 200 | 404) => {
  const [coding, representation] = pickRepresentation(c, file)
  c.header('Cache-Control', status === 404 ? 'no-cache' : cacheControlFor(urlPath))
  c.header('Vary', 'Accept-Encoding')
  // The page's own policy as a header too, where frame-ancestors (which a <meta> cannot
  // carry) keeps it out of other sites' frames. A 304 carries it as well: the browser puts a
  // 304's headers on the copy it kept (RFC 9111 §4.3.4), and the default policy for non-pages
  // would leave a revisited page with neither its styles nor its scripts.
  if (file.contentSecurityPolicy) {
    c.header('Content-Security-Policy', `${file.contentSecurityPolicy}; frame-ancestors 'none'`)
  }
  if (status === 200) {
    c.header('ETag', representation.etag)
    if (noneMatch(c.req.header('if-none-match'), representation.etag)) return c.body(null, 304)
  }
  c.header('Content-Type', file.contentType)
  if (coding !== 'identity') c.header('Content-Encoding', coding)
  c.header('Content-Length', String(representation.body.length))
  if (c.req.method === 'HEAD') return c.body(null, status)
  return c.body(new Uint8Array(representation.body), status)
}

/** The prerendered 404 page with a real 404 status, so crawlers never index a missing URL. */
export const sendNotFoundPage = (c: Context, site: StaticSite) => {
  const page = site.get(NOT_FOUND_PAGE)
  if (page) return send(c, NOT_FOUND_PAGE, page, 404)
  return c.text('Not Found', 404)
}

export const createStaticRoutes = (site: StaticSite) => {
  const app = new Hono()
  app.all('*', (c) => {
    let urlPath: string
    try {
      urlPath = decodeURIComponent(c.req.path)
    } catch {
      return sendNotFoundPage(c, site)
    }
    const found = resolve(site, urlPath)
    if (!found) return sendNotFoundPage(c, site)
    if (c.req.method === 'GET' || c.req.method === 'HEAD') {
      return send(c, found[0], found[1], 200)
    }
    c.header('Allow', ALLOW)
    if (c.req.method === 'OPTIONS') return c.body(null, 204)
    return c.text('Method Not Allowed', 405)
  })
  return app
}
