import { Server, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { createAdaptorServer } from '@hono/node-server'
import type { HttpLimits } from '../settings.ts'
import { createConnectionCap } from './connection-cap.ts'
import { createLingeringCloser } from './lingering-close.ts'

/**
 * How much of a refused request's body is read and thrown away so the connection can carry
 * the next request. Far above any body the API accepts (64 KB) and far below what would make
 * discarding a cost; a larger remainder closes the connection (gracefully) instead.
 */
export const DISCARD_LIMIT_BYTES = 1024 * 1024

type Fetch = Parameters<typeof createAdaptorServer>[0]['fetch']

/**
 * An answer written straight to the socket, for refusals that happen before there is a
 * request to answer (over the connection cap, unreadable or too slow headers). Plain text:
 * the path, and so the API's error format, is not known yet; supabase-js shows the text as
 * the error's message, and `*` lets the browser read it.
 */
const rawResponse = (status: number, text: string, headers: Record<string, string> = {}) => {
  const lines = Object.entries({
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
    ...headers,
  }).map(([name, value]) => `${name}: ${value}\r\n`)
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('')}\r\n${text}`
}

/** Node's parser and timeout errors → the answer the client gets (none for a lost socket). */
const answerForClientError = (code: string | undefined): [number, string] | undefined => {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'Request header fields too large.']
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return [413, 'Chunk extensions too large.']
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request took too long to arrive.']
  if (code?.startsWith('HPE_') || code?.startsWith('ERR_HTTP')) return [400, 'Bad request.']
  return undefined
}

export interface HttpServer {
  server: Server
  /** Destroys the connections still lingering after a refusal; for shutdown. */
  destroyLingering(): void
}

/**
 * The Node HTTP server the app runs on, with the limits that keep one client from holding
 * what others need (docs/decisions/010-http-limits.md):
 * - time limits for the headers, for the whole request and for an idle keep-alive connection;
 * - a cap on simultaneous connections per client address (the socket's; a proxy is one);
 * - every refusal leaves the connection usable (the unread body is discarded) or, when that
 *   would cost too much, closes it without losing the answer.
 */
export const createHttpServer = (fetch: Fetch, limits: HttpLimits, hostname: string) => {
  const created = createAdaptorServer({
    fetch,
    hostname,
    // Node's own handling of an unread body (read it, then reuse the connection) is what we
    // want; the adapter's would destroy the socket 500 ms after the answer.
    autoCleanupIncoming: false,
    serverOptions: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks the two request timeouts on this interval (30 s by default, so a 10 s
      // limit could take 40 s to apply).
      connectionsCheckingInterval: Math.max(
        10,
        Math.min(1_000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)),
      ),
    },
  })
  if (!(created instanceof Server)) throw new Error('Expected an HTTP/1.1 server.')
  const server = created
  const closer = createLingeringCloser()
  const cap = createConnectionCap(limits)

  // Over the cap, a connection never reaches Node's HTTP machinery: it gets a 429 and is
  // closed. Node registers that machinery as the server's one 'connection' listener.
  const [httpConnection, ...others] = server.listeners('connection')
  if (!httpConnection || others.length > 0) throw new Error('Unexpected connection listeners.')
  server.removeAllListeners('connection')
  server.on('connection', (socket: Socket) => {
    if (cap.admit(socket.remoteAddress, (listener) => socket.once('close', listener))) {
      httpConnection.call(server, socket)
      return
    }
    socket.on('error', () => {})
    socket.write(
      rawResponse(429, 'Too many connections from your address; close some and try again.', {
        'Retry-After': '1',
      }),
    )
    closer.close(socket)
  })

  const inFlight = new WeakMap<Duplex, ServerResponse>()
  // Sockets whose current request was answered before its body had arrived: a timeout on
  // that body must not write a second answer.
  const answeredEarly = new WeakSet<Duplex>()

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const { socket } = req
    inFlight.set(socket, res)
    res.once('close', () => inFlight.delete(socket))
    res.once('finish', () => {
      inFlight.delete(socket)
      if (req.complete) return
      // Refused before its body was read (401, 404, 413, 415…): read the rest and drop it so
      // the connection can carry the next request; a proxy reuses it for other visitors.
      answeredEarly.add(socket)
      req.once('end', () => answeredEarly.delete(socket))
      if (Number(req.headers['content-length'] ?? 0) > DISCARD_LIMIT_BYTES) {
        closer.close(socket)
        return
      }
      let discarded = 0
      req.removeAllListeners('data')
      req.on('data', (chunk: Buffer) => {
        discarded += chunk.length
        if (discarded > DISCARD_LIMIT_BYTES) closer.close(socket)
      })
      req.resume()
    })
  })

  // Node's default answers these and destroys the socket at once, which resets a client
  // still sending (a 70 KB header): the client never reads its 431. Answer, then linger.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (closer.isClosing(socket)) return
    const answer = answerForClientError(error.code)
    if (!answer || !socket.writable) {
      socket.destroy()
      return
    }
    const answered = inFlight.get(socket)?.headersSent === true || answeredEarly.has(socket)
    if (!answered) socket.write(rawResponse(...answer))
    closer.close(socket)
  })

  return { server, destroyLingering: closer.destroyAll } satisfies HttpServer
}
