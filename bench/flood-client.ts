// The flooder of bench/flood.ts, in a process of its own so that its sending never shares an
// event loop with the visitors' measured requests: `connections` kept-alive connections, each
// sending its next request as soon as the last is answered, all naming one address in
// X-Forwarded-For (the server trusts one proxy hop), or each a new one (the `many` target,
// for comparison: what remembered refusals cannot help with). Told by its parent when to start
// and stop.
import { Agent, request } from 'node:http'
import { performance } from 'node:perf_hooks'
import { DEV_ANON_KEY } from '../server/settings.ts'

export type FloodTarget = 'rest' | 'rest-same' | 'rest-many' | 'form' | 'form-same' | 'function'

export interface FloodOrder {
  url: string
  connections: number
  target: FloodTarget
  /** The one address every request names (but for rest-many). */
  address: string
}

export type ToFlooder = { type: 'start' } | { type: 'stop' }
export type FromFlooder =
  | { type: 'ready' }
  | { type: 'stopped'; requests: number; seconds: number; statuses: Record<string, number> }

/**
 * Each request a new message, as spam comes: the database merges a message identical to one
 * stored in the last 10 s into that lead (a double click) without counting it, so a flood of
 * one message repeated is answered 201 while such a lead is fresh (the `same` targets).
 */
const leadNumber = (n: number, same: boolean) => (same ? 0 : n)

const requestFor = (order: FloodOrder, n: number) => {
  const many = `172.${16 + ((n >> 16) & 15)}.${(n >> 8) & 255}.${n & 255}`
  const common = { 'x-forwarded-for': order.target === 'rest-many' ? many : order.address }
  const message = `Mensagem de inundação número ${leadNumber(n, order.target.endsWith('-same'))}.`
  if (order.target.startsWith('form')) {
    const body = new URLSearchParams({
      name: 'Inundação',
      email: `inundacao.${n}@example.com`,
      company: '',
      message,
      website: '',
    }).toString()
    return {
      path: '/contato',
      headers: { ...common, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    }
  }
  return {
    path: order.target.startsWith('rest')
      ? '/rest/v1/contact_submissions'
      : '/functions/v1/send-contact-email',
    headers: { ...common, apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Inundação',
      email: `inundacao.${n}@example.com`,
      company: null,
      message,
    }),
  }
}

const flood = (order: FloodOrder) => {
  const agent = new Agent({ keepAlive: true, maxSockets: order.connections })
  let statuses = new Map<string, number>()
  let running = false
  let requests = 0
  let started = 0
  let inFlight = 0
  let onIdle: (() => void) | undefined

  let sent = 0
  // Each loop is one connection of the agent's: it sends when its last answer is in.
  const one = () =>
    new Promise<void>((resolve) => {
      const { path, headers, body } = requestFor(order, (sent += 1))
      const req = request(
        new URL(path, order.url),
        {
          method: 'POST',
          agent,
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume()
          res.on('end', () => {
            const key = String(res.statusCode)
            statuses.set(key, (statuses.get(key) ?? 0) + 1)
            resolve()
          })
        },
      )
      req.on('error', () => {
        statuses.set('error', (statuses.get('error') ?? 0) + 1)
        resolve()
      })
      req.end(body)
    })

  const loop = async () => {
    inFlight += 1
    while (running) {
      await one()
      requests += 1
    }
    inFlight -= 1
    if (inFlight === 0) onIdle?.()
  }

  return {
    start() {
      running = true
      requests = 0
      started = performance.now()
      statuses = new Map()
      for (let n = 0; n < order.connections; n += 1) void loop()
    },
    async stop(): Promise<FromFlooder> {
      running = false
      if (inFlight > 0) await new Promise<void>((resolve) => (onIdle = resolve))
      return {
        type: 'stopped',
        requests,
        seconds: (performance.now() - started) / 1000,
        statuses: Object.fromEntries(statuses),
      }
    },
  }
}

const order = JSON.parse(process.argv[2] ?? '{}') as FloodOrder
const flooder = flood(order)
process.on('message', (message: ToFlooder) => {
  if (message.type === 'start') flooder.start()
  else void flooder.stop().then((report) => process.send?.(report))
})
process.send?.({ type: 'ready' } satisfies FromFlooder)
