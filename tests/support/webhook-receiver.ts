import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** One request a receiver got, as it arrived (the body is the exact bytes, as text). */
export interface ReceivedRequest {
  path: string
  headers: Record<string, string>
  body: string
  /** The status it was answered with; undefined while it is still open (or never answered). */
  status?: number
  /** When it arrived, and when it ended (answered, or given up by the sender), in ms. */
  arrivedAt: number
  endedAt?: number
}

/**
 * How the receiver answers its next requests:
 * - answer: this status (and Retry-After, and a body), at once;
 * - slow: this status after `ms`;
 * - hang: never, until the sender gives up or the receiver stops.
 */
export type Behaviour =
  | { kind: 'answer'; status: number; retryAfter?: string; body?: string }
  | { kind: 'slow'; ms: number; status: number }
  | { kind: 'hang' }

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>, without a path: any path is served. */
  url: string
  received: ReceivedRequest[]
  /** Requests received and not answered yet (hanging, or slow and still waiting). */
  open(): number
  /** The next requests get these, in turn; the last one stays for every request after. */
  behave(...behaviours: Behaviour[]): void
  /** Closes the port (senders get "connection refused"); up() opens it again. */
  down(): Promise<void>
  up(): Promise<void>
  stop(): Promise<void>
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })

/**
 * A real HTTP server on loopback standing in for n8n, Slack or a CRM: it records every request
 * and answers as told. Its port stays the same across down()/up().
 */
export const startWebhookReceiver = async (): Promise<WebhookReceiver> => {
  let behaviours: Behaviour[] = [{ kind: 'answer', status: 200 }]
  const received: ReceivedRequest[] = []
  const sockets = new Set<Socket>()
  const waiting = new Set<ServerResponse>()
  let port = 0

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const entry: ReceivedRequest = {
      path: request.url ?? '',
      headers: Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      ),
      body: await readBody(request),
      arrivedAt: Date.now(),
    }
    response.once('close', () => {
      entry.endedAt ??= Date.now()
    })
    received.push(entry)
    const behaviour = (behaviours.length > 1 ? behaviours.shift() : behaviours[0]) ?? {
      kind: 'answer',
      status: 200,
    }
    const answer = (status: number, headers: Record<string, string> = {}, body = 'ok') => {
      waiting.delete(response)
      if (response.destroyed) return
      entry.status = status
      response.writeHead(status, { 'content-type': 'text/plain', ...headers })
      response.end(body)
    }
    if (behaviour.kind !== 'answer') {
      waiting.add(response)
      // The sender gave up (its timeout): the request is no longer open.
      response.once('close', () => waiting.delete(response))
    }
    if (behaviour.kind === 'hang') return
    if (behaviour.kind === 'slow') {
      setTimeout(() => answer(behaviour.status), behaviour.ms)
      return
    }
    answer(
      behaviour.status,
      behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {},
      behaviour.body,
    )
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy())
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        port = (server.address() as AddressInfo).port
        resolve()
      })
    })
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      waiting.clear()
      server.close(() => resolve())
    })
  await listen()

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    open: () => waiting.size,
    behave(...next) {
      behaviours = next.length > 0 ? next : [{ kind: 'answer', status: 200 }]
    },
    down: close,
    up: listen,
    stop: close,
  }
}
