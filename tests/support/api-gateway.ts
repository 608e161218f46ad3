import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ApiGateway {
  /** What the site is built with as VITE_SUPABASE_URL. */
  url: string
  /** Where each request goes from now on: the origin of the server that answers `path`. */
  routeTo(route: (path: string) => string): void
  stop(): Promise<void>
}

/**
 * One origin in front of several servers, as a Supabase project's gateway is (PostgREST and
 * each Edge Function behind one URL): every request, body and answer passed on as they are.
 * It listens before the servers behind it start, so a build can name it first.
 */
export const startApiGateway = async (): Promise<ApiGateway> => {
  let route: ((path: string) => string) | undefined
  const server: Server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/'
    if (!route) {
      outgoing.writeHead(503).end()
      return
    }
    const upstream = request(
      new URL(path, route(path)),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    upstream.on('error', () => outgoing.headersSent || outgoing.writeHead(502).end())
    incoming.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    routeTo(next) {
      route = next
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
