import type { Context } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../tests/support/test-database.ts'
import { createTestApp } from '../tests/support/test-app.ts'
import type { createApp } from './app.ts'
import {
  createClientAddress,
  normalizeAddress,
  parseTrustProxy,
  type TrustProxy,
} from './proxy-trust.ts'
import { applyContactLimits } from './db/contact-limits.ts'
import type { Database } from './db/database.ts'
import { DEV_ANON_KEY } from './settings.ts'

const trust = (text: string): TrustProxy => {
  const parsed = parseTrustProxy(text)
  if ('problem' in parsed) throw new Error(parsed.problem)
  return parsed
}

/** A request as Hono hands it over: the socket's address and the headers. */
const request = (remoteAddress: string, forwardedFor?: string) =>
  ({
    env: { incoming: { socket: { remoteAddress } } },
    req: { header: (name: string) => (name === 'x-forwarded-for' ? forwardedFor : undefined) },
  }) as unknown as Context

describe('normalizeAddress', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['198.051.100.007', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['::FFFF:198.51.100.7', '198.51.100.7'],
    // The same address in hex, as URL writes it: the IPv4 address too (decision 058).
    ['::ffff:c633:6407', '198.51.100.7'],
    ['[0:0:0:0:0:FFFF:C633:6407]:443', '198.51.100.7'],
    ['198.51.100.7:443', '198.51.100.7'],
    ['[2001:DB8::1]:443', '2001:db8::1'],
    ['2001:0db8:0000::0001', '2001:db8::1'],
  ])('reads %s as %s', (raw, expected) => {
    expect(normalizeAddress(raw)).toBe(expected)
  })

  it.each([
    '0xc6.0x33.0x64.0x7',
    '3325256711',
    '198.51.100.256',
    'unknown',
    '',
    '1.2.3',
    'fe80::1%eth0',
  ])('does not take %j for an address', (raw) => {
    expect(normalizeAddress(raw)).toBeUndefined()
  })
})

describe('which address counts', () => {
  it('without TRUST_PROXY: the socket, and never a loopback peer or a forwarded header', () => {
    const address = createClientAddress(trust('false'))
    expect(address(request('203.0.113.9', '198.51.100.1'))).toBe('203.0.113.9')
    expect(address(request('::ffff:203.0.113.9'))).toBe('203.0.113.9')
    expect(address(request('127.0.0.1', '198.51.100.1'))).toBeUndefined()
    expect(address(request('::1'))).toBeUndefined()
  })

  it('with trusted proxy addresses: the first hop from the right that is not a proxy', () => {
    const address = createClientAddress(trust('loopback,10.0.0.0/8'))
    expect(address(request('127.0.0.1', 'forged, 198.51.100.1, 10.1.2.3'))).toBe('198.51.100.1')
    // A caller that reaches the port directly cannot choose its address.
    expect(address(request('203.0.113.9', '198.51.100.1'))).toBe('203.0.113.9')
    // Only proxies in the chain, or garbage where an address should be: unknown.
    expect(address(request('127.0.0.1', '10.0.0.1'))).toBeUndefined()
    expect(address(request('127.0.0.1', 'junk'))).toBeUndefined()
  })

  it('TRUST_PROXY=true trusts loopback and private networks', () => {
    const address = createClientAddress(trust('true'))
    expect(address(request('192.168.1.10', '198.51.100.1'))).toBe('198.51.100.1')
    expect(address(request('203.0.113.9', '198.51.100.1'))).toBe('203.0.113.9')
  })

  it('with a hop count: that many entries from the right, unknown when there are fewer', () => {
    const address = createClientAddress(trust('2'))
    expect(address(request('10.0.0.1', 'forged, 198.51.100.1, 10.0.0.2'))).toBe('198.51.100.1')
    expect(address(request('10.0.0.1'))).toBeUndefined()
  })

  it('refuses a TRUST_PROXY it cannot read', () => {
    expect(parseTrustProxy('10.0.0.0/33')).toHaveProperty('problem')
    expect(parseTrustProxy('proxy.internal')).toHaveProperty('problem')
  })
})

// Through the real insert path and the migration's limits (10 per address, and a shared cap
// for callers whose address is unknown).
describe('the flood limits in the database', () => {
  let db: Database
  let app: ReturnType<typeof createApp>
  let forwardedFor = ''
  beforeAll(async () => {
    db = await createTestDatabase()
    await applyContactLimits(db, { RATE_LIMIT_UNKNOWN_ADDRESSES: 15 })
    // app.request() has no socket: stand in for a trusted proxy at 10.0.0.1.
    const behindProxy = createClientAddress(trust('10.0.0.0/8'))
    app = createTestApp(db, {
      clientAddress: () => behindProxy(request('10.0.0.1', forwardedFor)),
    })
  })
  afterAll(() => db.close())

  let sequence = 0
  const submitFrom = async (address: string) => {
    forwardedFor = address
    sequence += 1
    const response = await app.request('/rest/v1/contact_submissions', {
      method: 'POST',
      headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Visitante ${sequence}`,
        email: `visitante${sequence}@example.com`,
        company: null,
        message: `Mensagem ${sequence}`,
      }),
    })
    return response
  }

  it('counts one IPv4 address written six ways as one, and says when to come back', async () => {
    const spellings = [
      '198.51.100.7',
      '198.051.100.7',
      '::ffff:198.51.100.7',
      '198.51.100.7:5000',
      '[::ffff:198.51.100.7]:443',
      '198.51.100.007',
    ]
    for (let n = 0; n < 10; n++) {
      expect((await submitFrom(spellings[n % spellings.length] ?? '')).status).toBe(201)
    }
    const refused = await submitFrom('198.051.100.07')
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ code: 'PT429' })
    // The window is 10 minutes and every counted row is seconds old.
    const wait = Number(refused.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(540)
    expect(wait).toBeLessThanOrEqual(600)
    // Another visitor behind the same proxy is not affected.
    expect((await submitFrom('203.0.113.8')).status).toBe(201)
  })

  it('gives callers of unknown address one shared cap', async () => {
    const statuses: number[] = []
    for (let n = 0; n < 20; n++) statuses.push((await submitFrom(`garbage-${n}`)).status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(15)
    expect(statuses.slice(15)).toEqual([429, 429, 429, 429, 429])
  })
})
