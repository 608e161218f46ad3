// The flooder of bench/flood.ts, in a process of its own so that its sending never shares an
// event loop with the visitors' measured requests: `connections` kept-alive connections, each
// sending its next request as soon as the last is answered, all naming one address in
// X-Forwarded-For (the server trusts one proxy hop), or each a new one (the `rest-many` target,
// for comparison: what per-caller limits cannot help with), or each a new IPv6 /64 of one /48
// (`rotate-48`: what decision 058's per-prefix limits hold). Any public call can be the target,
// and the desk with made-up session cookies (`desk-cookies`). Told by its parent when to start
// and stop.
import { randomBytes } from 'node:crypto'
import { Agent, request } from 'node:http'
import { performance } from 'node:perf_hooks'
import { DEV_ANON_KEY } from '../server/settings.ts'

/** Every public call a flood can repeat (decision 040), and the contact form's variants. */
export const FLOOD_TARGETS = [
  // No flood at all: "flood" phases like the quiet ones, to show what the machine's drift alone
  // makes of a ratio (an A/A comparison).
  'none',
  'rest',
  'rest-same',
  'rest-many',
  'form',
  'form-same',
  'function',
  'free-times',
  'details',
  'book',
  'reschedule',
  'cancel',
  'page-view',
  'booking-email',
  'feed',
  'table-get',
  // booking_details with random tokens (a query each), each from a new /64 of one /48.
  'rotate-48',
  // The desk's pages with a made-up session cookie each time, from one address (decision 058).
  'desk-cookies',
] as const
export type FloodTarget = (typeof FLOOD_TARGETS)[number]

/** The targets `all` runs: one of each public call (the variants are for the form's flood). */
export const ALL_CALLS: FloodTarget[] = [
  'rest',
  'form',
  'function',
  'free-times',
  'details',
  'book',
  'reschedule',
  'cancel',
  'page-view',
  'booking-email',
  'feed',
  'table-get',
  'rotate-48',
  'desk-cookies',
]

export interface FloodOrder {
  url: string
  connections: number
  target: FloodTarget
  /** The one address every request names (but for rest-many; rotate-48 takes its /48 from it). */
  address: string
}

/** `address`: the one address this flood phase names (a new one each phase, by default). */
export type ToFlooder = { type: 'start'; address?: string } | { type: 'stop' }
export type FromFlooder =
  | { type: 'ready' }
  | { type: 'stopped'; requests: number; seconds: number; statuses: Record<string, number> }

interface FloodRequest {
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body: string
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex')

/**
 * Each request a new message, as spam comes: the database merges a message identical to one
 * stored in the last 10 s into that lead (a double click) without counting it, so a flood of
 * one message repeated is answered 201 while such a lead is fresh (the `same` targets).
 */
const leadNumber = (n: number, same: boolean) => (same ? 0 : n)

const json = (path: string, body: unknown, headers: Record<string, string>): FloodRequest => ({
  method: 'POST',
  path,
  headers: { ...headers, apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

/** The /48 a phase's address names: 198.51.C.D is 2001:db8:CCDD::/48. */
const slash48Of = (address: string) => {
  const [, , c = 0, d = 0] = address.split('.').map(Number)
  return `2001:db8:${((c << 8) | d).toString(16)}`
}

const DESK_PATHS = ['/painel', '/painel/contatos', '/painel/agenda', '/painel/api/sessao']

const requestFor = (order: FloodOrder, n: number): FloodRequest => {
  const many = `172.${16 + ((n >> 16) & 15)}.${(n >> 8) & 255}.${n & 255}`
  const rotated = `${slash48Of(order.address)}:${(n & 0xffff).toString(16)}::1`
  const from =
    order.target === 'rest-many' ? many : order.target === 'rotate-48' ? rotated : order.address
  const common = { 'x-forwarded-for': from }
  const message = `Mensagem de inundação número ${leadNumber(n, order.target.endsWith('-same'))}.`
  const lead = { name: 'Inundação', email: `inundacao.${n}@example.com`, company: null, message }
  switch (order.target) {
    case 'form':
    case 'form-same':
      return {
        method: 'POST',
        path: '/contato',
        headers: { ...common, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...lead, company: '', website: '' }).toString(),
      }
    case 'function':
      return json('/functions/v1/send-contact-email', lead, common)
    case 'free-times':
      return json('/rest/v1/rpc/booking_free_times', {}, common)
    case 'desk-cookies':
      // A session cookie of the right shape (a token and a MAC), made up.
      return {
        method: 'GET',
        path: DESK_PATHS[n % DESK_PATHS.length] ?? '/painel',
        headers: {
          ...common,
          cookie: `painel_sessao=${randomBytes(32).toString('base64url')}.${randomBytes(32).toString('base64url')}`,
        },
        body: '',
      }
    case 'details':
    case 'rotate-48':
      return json('/rest/v1/rpc/booking_details', { token: hex(32) }, common)
    case 'book':
      // A time long past: each refusal is worked out by the database (slot_unavailable).
      return json(
        '/rest/v1/rpc/book_meeting',
        {
          starts_at: '2026-01-05T12:00:00Z',
          name: 'Inundação',
          email: `inundacao.${n}@example.com`,
          note: 'Reunião falsa.',
          time_zone: 'America/Sao_Paulo',
          form_trap: '',
          form_elapsed_ms: 60_000,
        },
        common,
      )
    case 'reschedule':
      return json(
        '/rest/v1/rpc/reschedule_booking',
        { token: hex(32), starts_at: '2030-01-07T12:00:00Z' },
        common,
      )
    case 'cancel':
      return json('/rest/v1/rpc/cancel_booking', { token: hex(32) }, common)
    case 'page-view':
      // A new junk source each time, as the flood that took the day's source slots.
      return {
        method: 'POST',
        path: `/rest/v1/rpc/count_page_view?apikey=${DEV_ANON_KEY}`,
        headers: { ...common, 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({ page: '/', device: 'phone', utm_source: `lixo-${n}` }),
      }
    case 'booking-email':
      return json('/functions/v1/send-booking-email', { token: hex(32) }, common)
    case 'feed':
      return {
        method: 'GET',
        path: `/painel/agenda.ics?chave=${hex(32)}`,
        headers: common,
        body: '',
      }
    case 'table-get':
      return {
        method: 'GET',
        path: '/rest/v1/contact_submissions',
        headers: { ...common, apikey: DEV_ANON_KEY },
        body: '',
      }
    default:
      return json('/rest/v1/contact_submissions', lead, common)
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
      const { method, path, headers, body } = requestFor(order, (sent += 1))
      const req = request(
        new URL(path, order.url),
        {
          method,
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
    start(address?: string) {
      if (address !== undefined) order.address = address
      running = true
      requests = 0
      started = performance.now()
      statuses = new Map()
      if (order.target === 'none') return
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

// Only when run as the flooder (fork), not when bench/flood.ts imports the target list.
if (process.send) {
  const order = JSON.parse(process.argv[2] ?? '{}') as FloodOrder
  const flooder = flood(order)
  process.on('message', (message: ToFlooder) => {
    if (message.type === 'start') flooder.start(message.address)
    else void flooder.stop().then((report) => process.send?.(report))
  })
  process.send({ type: 'ready' } satisfies FromFlooder)
}
