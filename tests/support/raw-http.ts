import { connect, type Socket } from 'node:net'

export interface RawResponse {
  status: number
  /** Names lowercased. */
  headers: Record<string, string>
  body: string
}

/** How the server ended the connection: a clean close ('end') or an error code (ECONNRESET). */
export type Ending = 'end' | string

export interface RawConnection {
  socket: Socket
  /** Writes and waits until the bytes are handed to the kernel. */
  write(data: string | Buffer): Promise<void>
  /** Writes `data` one byte at a time, `intervalMs` apart, until done or the socket closes. */
  /** Resolves true once every character went out, false when the connection ended first. */
  trickle(data: string, intervalMs: number): Promise<boolean>
  /** The next complete response on this connection (`head`: the request was a HEAD). */
  response(options?: { head?: boolean; timeoutMs?: number }): Promise<RawResponse>
  /** Settles when the server ends the connection: a clean close, or a reset. */
  ended: Promise<Ending>
  /** Socket errors so far (a reset while sending shows up here: ECONNRESET, EPIPE). */
  errors: string[]
  isOpen(): boolean
  /** Bytes received but not part of any response read so far. */
  unread(): string
  close(): void
}

const parseHead = (head: string) => {
  const [statusLine = '', ...lines] = head.split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN)
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { status, headers }
}

/** The end of a chunked body in `data` (offset just past it), or -1 while incomplete. */
const chunkedBody = (data: Buffer, start: number): { body: Buffer; end: number } | undefined => {
  const parts: Buffer[] = []
  let offset = start
  for (;;) {
    const lineEnd = data.indexOf('\r\n', offset)
    if (lineEnd < 0) return undefined
    const size = parseInt(data.subarray(offset, lineEnd).toString('latin1'), 16)
    if (size === 0) {
      const end = data.indexOf('\r\n', lineEnd + 2)
      return end < 0 ? undefined : { body: Buffer.concat(parts), end: end + 2 }
    }
    if (data.length < lineEnd + 2 + size + 2) return undefined
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size))
    offset = lineEnd + 2 + size + 2
  }
}

/**
 * A bare HTTP/1.1 connection, for what fetch hides: slow bodies, several requests on one
 * keep-alive connection, answers the server sends before the request is over, and how
 * the server ends the connection (a reset loses an answer the client has not read yet).
 */
export const openRawConnection = (
  url: string,
  options: { localAddress?: string } = {},
): Promise<RawConnection> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url)
    // Half-open, like an HTTP client still sending its request after the server's answer.
    const socket = connect({ host: hostname, port: Number(port), allowHalfOpen: true, ...options })
    const errors: string[] = []
    let received = Buffer.alloc(0)
    let open = true
    let wake: () => void = () => {}
    let settleEnded: (ending: Ending) => void = () => {}
    const ended = new Promise<Ending>((done) => {
      settleEnded = done
    })
    const finish = (ending: Ending) => {
      open = false
      settleEnded(ending)
      wake()
    }
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk])
      wake()
    })
    socket.on('end', () => finish('end'))
    socket.on('close', () => finish('end'))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      errors.push(error.code ?? error.message)
      finish(error.code ?? error.message)
    })
    socket.once('connect', () => {
      socket.off('error', reject)
      resolve(connection)
    })
    socket.once('error', reject)

    const tryParse = (head: boolean): RawResponse | undefined => {
      const headEnd = received.indexOf('\r\n\r\n')
      if (headEnd < 0) return undefined
      const { status, headers } = parseHead(received.subarray(0, headEnd).toString('latin1'))
      const start = headEnd + 4
      let body: Buffer
      let end: number
      const noBody = head || status === 204 || status === 304 || (status >= 100 && status < 200)
      if (noBody) {
        body = Buffer.alloc(0)
        end = start
      } else if (headers['content-length'] !== undefined) {
        end = start + Number(headers['content-length'])
        if (received.length < end) return undefined
        body = received.subarray(start, end)
      } else if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
        const chunked = chunkedBody(received, start)
        if (!chunked) return undefined
        ;({ body, end } = chunked)
      } else {
        // Delimited by the end of the connection.
        if (open) return undefined
        body = received.subarray(start)
        end = received.length
      }
      received = received.subarray(end)
      return { status, headers, body: body.toString('utf8') }
    }

    const connection: RawConnection = {
      socket,
      write: (data) =>
        new Promise((done, fail) => {
          socket.write(data, (error) => (error ? fail(error) : done()))
        }),
      async trickle(data, intervalMs) {
        for (const char of data) {
          if (!open || socket.destroyed || socket.writableEnded) return false
          socket.write(char)
          await new Promise((done) => setTimeout(done, intervalMs))
        }
        return true
      },
      response: ({ head = false, timeoutMs = 10_000 } = {}) =>
        new Promise((done, fail) => {
          const timer = setTimeout(() => {
            wake = () => {}
            fail(new Error(`No complete response within ${timeoutMs} ms`))
          }, timeoutMs)
          const check = () => {
            const parsed = tryParse(head)
            if (parsed) {
              clearTimeout(timer)
              wake = () => {}
              done(parsed)
            } else if (!open) {
              clearTimeout(timer)
              wake = () => {}
              const got = received.toString('latin1').slice(0, 200)
              fail(new Error(`The connection ended before a complete response (got "${got}")`))
            } else {
              wake = check
            }
          }
          check()
        }),
      ended,
      errors,
      isOpen: () => open,
      unread: () => received.toString('latin1'),
      close: () => socket.destroy(),
    }
  })

/** A request's bytes: method, path, headers and an optional body with its Content-Length. */
export const rawRequest = (
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): string => {
  const all: Record<string, string> = { host: 'localhost', ...headers }
  if (body !== undefined && all['transfer-encoding'] === undefined) {
    all['content-length'] = String(Buffer.byteLength(body))
  }
  const lines = Object.entries(all).map(([name, value]) => `${name}: ${value}\r\n`)
  return `${method} ${path} HTTP/1.1\r\n${lines.join('')}\r\n${body ?? ''}`
}

/** rawRequest with a body of any bytes (compressed, or not UTF-8 at all). */
export const rawRequestBytes = (
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): Buffer =>
  Buffer.concat([
    Buffer.from(
      rawRequest(method, path, { ...headers, 'content-length': String(body.length) }),
      'latin1',
    ),
    body,
  ])

/**
 * Sends a request's head at once and its body in `pieces` parts `intervalMs` apart, as a
 * slow uplink does: an answer given before the body is over must not cost the connection.
 */
export const sendSlowly = async (
  connection: RawConnection,
  request: string,
  pieces = 8,
  intervalMs = 90,
): Promise<void> => {
  const headEnd = request.indexOf('\r\n\r\n') + 4
  await connection.write(request.slice(0, headEnd))
  const body = request.slice(headEnd)
  const size = Math.ceil(body.length / pieces)
  for (let offset = 0; offset < body.length; offset += size) {
    await new Promise((done) => setTimeout(done, intervalMs))
    await connection.write(body.slice(offset, offset + size))
  }
}

/** Resolves within `ms` with how the connection ended, or 'open' if it is still open. */
export const endingWithin = (connection: RawConnection, ms: number): Promise<Ending | 'open'> =>
  Promise.race([
    connection.ended,
    new Promise<'open'>((done) => setTimeout(() => done('open'), ms)),
  ])
