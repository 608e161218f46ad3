import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import { PROJECT_IMAGES_PATH, projectImageFiles } from '../src/lib/project-image-files.ts'
import {
  PROJECT_IMAGES_DIR,
  readProjectImage,
  renderProjectImage,
} from './images/project-images.ts'

type ServerEntry = typeof import('../src/entry-server.tsx')

/**
 * What the build writes beside the pages, made on request from source: the icon sprite and
 * the projects' images at each width (scripts/images/project-images.ts).
 */
async function builtFile(
  server: ViteDevServer,
  pathname: string,
): Promise<{ type: string; body: Buffer | string } | undefined> {
  const entry = (await server.ssrLoadModule('/src/entry-server.tsx')) as ServerEntry
  if (pathname === entry.ICON_SPRITE_URL)
    return { type: 'image/svg+xml', body: entry.iconSpriteSvg }
  for (const image of entry.builtProjectImages()) {
    const file = projectImageFiles(image).find((candidate) => candidate.url === pathname)
    if (!file) continue
    const { kind, data } = await readProjectImage(
      path.join(server.config.root, PROJECT_IMAGES_DIR),
      image,
    )
    return { type: file.type, body: await renderProjectImage(kind, data, image, file) }
  }
  return undefined
}

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
        if (
          url.pathname.startsWith('/assets/icons-') ||
          url.pathname.startsWith(PROJECT_IMAGES_PATH)
        ) {
          builtFile(server, url.pathname).then((file) => {
            if (!file) return next()
            res.setHeader('Content-Type', file.type)
            res.end(file.body)
          }, next)
          return
        }
        const wantsPage =
          req.method === 'GET' &&
          path.extname(url.pathname) === '' &&
          (req.headers.accept ?? '').includes('text/html')
        if (!wantsPage) return next()
        const render = async () => {
          const entry = (await server.ssrLoadModule('/src/entry-server.tsx')) as ServerEntry
          const route = entry.siteRouteFor(url.pathname)
          const template = await readFile(path.join(server.config.root, 'index.html'), 'utf8')
          const html = (await server.transformIndexHtml(url.pathname, template))
            .replace('<!--app-head-->', () => entry.renderSiteHeadTags(route, entry.defaultSiteUrl))
            .replace('<!--page-script-->', `<script type="module" src="/${route.script}"></script>`)
            .replace('<!--app-html-->', () => entry.renderSitePage(route))
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
