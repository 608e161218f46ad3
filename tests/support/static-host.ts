import { readFile, stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
}

const isFile = async (file: string) => (await stat(file).catch(() => undefined))?.isFile() === true

/**
 * A plain static host, as GitHub Pages or a bucket behind a CDN: files as they are, `404.html`
 * with status 404 for anything else, no API and no headers of its own.
 */
export const startStaticHost = async (root: string) => {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://static.host')
      const wanted = path.normalize(decodeURIComponent(url.pathname))
      const candidates = wanted.endsWith('/')
        ? [`${wanted}index.html`]
        : [wanted, `${wanted}.html`, `${wanted}/index.html`]
      for (const candidate of candidates) {
        const file = path.join(root, candidate)
        if (file.startsWith(root) && (await isFile(file))) {
          const type = TYPES[path.extname(file)] ?? 'application/octet-stream'
          response.writeHead(200, { 'Content-Type': type })
          response.end(request.method === 'HEAD' ? undefined : await readFile(file))
          return
        }
      }
      response.writeHead(404, { 'Content-Type': TYPES['.html'] })
      response.end(await readFile(path.join(root, '404.html')))
    })().catch(() => {
      response.writeHead(400)
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
