// One of two ways to serve the built site, alone in its process, for bench/static-serving.ts:
//   ours  — server/routes/static.ts on server/static-site.ts (the whole build in memory,
//           compressed once at start), as the Node server runs it;
//   hono  — @hono/node-server's serveStatic (files from disk, precompressed .br/.gz beside
//           them) with hono/etag, and only each file's own headers added by our code.
// Both behind the server's own HTTP layer and site-wide headers, without the API, the request
// log or a database. Run: node dist-server/bench-static-server.js ours|hono <root>
import { readdir, readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { etag, RETAINED_304_HEADERS } from 'hono/etag'
import { createHttpServer } from '../server/http/http-server.ts'
import { createStaticRoutes } from '../server/routes/static.ts'
import {
  createSecurityHeaders,
  NON_PAGE_POLICY,
  pagePolicyHeader,
} from '../server/security-headers.ts'
import { settingsFrom } from '../server/settings.ts'
import {
  ASSET_CACHE_CONTROL,
  loadStaticSite,
  REVALIDATE_CACHE_CONTROL,
} from '../server/static-site.ts'

const [mode, root = 'dist'] = process.argv.slice(2)

type Env = { Variables: { file?: string } }

/** The candidate: what adopting serveStatic would take, written as we would keep it. */
async function honoServeStatic(): Promise<Hono<Env>> {
  // Each page's policy from its <meta>, read once; serveStatic knows nothing of it.
  const policies = new Map<string, string>()
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue
    const file = path.join(entry.parentPath, entry.name)
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(
      await readFile(file, 'utf8'),
    )?.[1]
    if (meta) policies.set(path.resolve(file), pagePolicyHeader(meta))
  }
  const remember: (file: string, c: Context<Env>) => void = (file, c) => {
    c.set('file', path.resolve(file.replace(/\.(br|gz|zst)$/, '')))
  }
  // After everything else (etag's 304 included), so no early answer can leave them out.
  const fileHeaders: MiddlewareHandler<Env> = async (c, next) => {
    await next()
    const file = c.get('file')
    if (file === undefined) return
    const relative = `/${path.relative(root, file)}`
    c.res.headers.set(
      'Cache-Control',
      relative.startsWith('/assets/') ? ASSET_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL,
    )
    c.res.headers.set('Content-Security-Policy', policies.get(file) ?? NON_PAGE_POLICY)
    c.res.headers.set('Vary', 'Accept-Encoding')
  }
  const notFoundPage = serveStatic<Env>({
    root,
    path: '404.html',
    precompressed: true,
    onFound: remember,
  })
  const sendNotFound = async (c: Context<Env>) => {
    const page = await notFoundPage(c, async () => undefined)
    const res = page ?? c.res
    return new Response(res.body, { status: 404, headers: res.headers })
  }
  const app = new Hono<Env>()
  app.use(
    '*',
    createSecurityHeaders(() => false),
  )
  app.use('*', fileHeaders)
  // The 404 page never answers 200, under any name of its own.
  app.use('*', async (c, next) => {
    const name = decodeURIComponent(c.req.path).replace(/\/$/, '')
    return name === '/404' || name === '/404.html' ? sendNotFound(c) : next()
  })
  app.use('*', etag({ retainedHeaders: [...RETAINED_304_HEADERS] }))
  app.use('*', serveStatic({ root, precompressed: true, onFound: remember }))
  // /privacidade and /privacidade/ both find the folder's index.html by themselves.
  app.all('*', async (c) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return sendNotFound(c)
    c.header('Allow', 'GET, HEAD, OPTIONS')
    return c.req.method === 'OPTIONS' ? c.body(null, 204) : c.text('Method Not Allowed', 405)
  })
  return app
}

async function ours(): Promise<Hono> {
  const app = new Hono()
  app.use(
    '*',
    createSecurityHeaders(() => false),
  )
  app.route('/', createStaticRoutes(await loadStaticSite(root)))
  return app
}

const app = mode === 'hono' ? await honoServeStatic() : mode === 'ours' ? await ours() : undefined
if (!app) throw new Error('Usage: bench-static-server.js ours|hono <root>')
const { server } = createHttpServer(app.fetch, settingsFrom({}).http, '127.0.0.1')
server.listen(0, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
