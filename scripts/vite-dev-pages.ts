import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'

type ServerEntry = typeof import('../src/entry-server.tsx')

/**
 * `npm run dev`: answers page requests the way the build prerenders them (scripts/prerender.ts),
 * rendered from source on each request, with the page's script served by Vite from source.
 * Unknown paths get the not-found page with status 404, as in production.
 */
export function devPages(): Plugin {
  return {
    name: 'site:dev-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost')
        const wantsPage =
          req.method === 'GET' &&
          path.extname(url.pathname) === '' &&
          (req.headers.accept ?? '').includes('text/html')
        if (!wantsPage) return next()
        const render = async () => {
          const entry = (await server.ssrLoadModule('/src/entry-server.tsx')) as ServerEntry
          const route = entry.pageRouteFor(url.pathname)
          const template = await readFile(path.join(server.config.root, 'index.html'), 'utf8')
          const html = (await server.transformIndexHtml(url.pathname, template))
            .replace('<!--app-head-->', () =>
              entry.renderHeadTags(route.kind, entry.defaultSiteUrl),
            )
            .replace('<!--page-script-->', `<script type="module" src="/${route.script}"></script>`)
            .replace('<!--app-html-->', () => entry.renderPage(route.kind))
          res.statusCode = route.kind === 'not-found' ? 404 : 200
          res.setHeader('Content-Type', 'text/html; charset=utf-8')
          res.end(html)
        }
        render().catch((error: unknown) => {
          if (error instanceof Error) server.ssrFixStacktrace(error)
          next(error)
        })
      })
    },
  }
}
