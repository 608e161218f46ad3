import { Hono, type Context } from 'hono'
import type { StaticFile, StaticSite } from '../static-site.ts'

// Hashed file names change whenever their content does, so they may be cached for good;
// everything else is revalidated (cheaply, by ETag) so a new deploy shows at once.
const cacheControlFor = (urlPath: string) =>
  urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'

const resolve = (site: StaticSite, urlPath: string): [string, StaticFile] | undefined => {
  const candidates = urlPath.endsWith('/')
    ? [`${urlPath}index.html`]
    : [urlPath, `${urlPath}.html`, `${urlPath}/index.html`]
  for (const candidate of candidates) {
    const file = site.get(candidate)
    if (file) return [candidate, file]
  }
  return undefined
}

const pickEncoding = (c: Context, file: StaticFile): ['br' | 'gzip' | null, Buffer] => {
  const accepted = c.req.header('accept-encoding') ?? ''
  if (file.brotli && /\bbr\b/.test(accepted)) return ['br', file.brotli]
  if (file.gzip && /\bgzip\b/.test(accepted)) return ['gzip', file.gzip]
  return [null, file.body]
}

const send = (c: Context, urlPath: string, file: StaticFile, status: 200 | 404) => {
  c.header('Content-Type', file.contentType)
  c.header('Cache-Control', status === 404 ? 'no-cache' : cacheControlFor(urlPath))
  c.header('ETag', file.etag)
  c.header('Vary', 'Accept-Encoding')
  if (status === 200 && c.req.header('if-none-match') === file.etag) return c.body(null, 304)
  const [encoding, body] = pickEncoding(c, file)
  if (encoding) c.header('Content-Encoding', encoding)
  c.header('Content-Length', String(body.length))
  if (c.req.method === 'HEAD') return c.body(null, status)
  return c.body(new Uint8Array(body), status)
}

/** The prerendered 404 page with a real 404 status, so crawlers never index a missing URL. */
export const sendNotFoundPage = (c: Context, site: StaticSite) => {
  const page = site.get('/404.html')
  if (page) return send(c, '/404.html', page, 404)
  return c.text('Not Found', 404)
}

export const createStaticRoutes = (site: StaticSite) => {
  const app = new Hono()
  app.on(['GET', 'HEAD'], '*', (c) => {
    let urlPath: string
    try {
      urlPath = decodeURIComponent(c.req.path)
    } catch {
      return sendNotFoundPage(c, site)
    }
    const found = urlPath === '/404.html' ? undefined : resolve(site, urlPath)
    return found ? send(c, found[0], found[1], 200) : sendNotFoundPage(c, site)
  })
  return app
}
