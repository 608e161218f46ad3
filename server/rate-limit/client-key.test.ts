import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../tests/support/test-database.ts'
import type { Database } from '../db/database.ts'
import { normalizeAddress } from '../proxy-trust.ts'
import { TRICKY_ADDRESSES as TRICKY } from '../../tests/support/tricky-addresses.ts'
import { clientKey } from './client-key.ts'

// A server refuses a caller again under this key without asking the database, so it must be
// the database's own key for every text either side may be given: private.client_key is asked
// for each input below, in one query, and the two must agree exactly.

let db: Database
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

const databaseKeys = async (inputs: string[]): Promise<(string | null)[]> => {
  const { rows } = await db.query<{ key: string | null }>(
    'select private.client_key(raw) as key from unnest($1::text[]) with ordinality as t(raw, n) order by n',
    [inputs],
  )
  return rows.map((row) => row.key)
}

/**
 * The same strings each time: half a seeded mix of the pieces addresses are made of, half
 * addresses in the usual shapes with random parts (octets past 255 included).
 */
const generated = (count: number): string[] => {
  const pieces = ['0', '1', '7', '00', '01', '255', '256', 'a', 'F', 'ffff', '12345', ':', '::']
  const more = ['.', '..', '[', ']', ':80', ' ', 'db8', '2001', '0:0', '1.2.3.4']
  const all = [...pieces, ...more]
  let seed = 20261124
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed
  }
  const word = () => (next() % 65536).toString(16)
  const octet = () => String(next() % 300)
  const v4 = () => `${octet()}.${octet()}.${octet()}.${octet()}`
  const shapes = [
    v4,
    () => `${v4()}:${next() % 70000}`,
    () => `::ffff:${v4()}`,
    () => `[::ffff:${v4()}]:443`,
    () => `${word()}:${word()}::${word()}`,
    () => `${word()}:0:0:${word()}:${word()}:0:0:0`,
    () => `[${word()}::${word()}]:${next() % 70000}`,
    () => `0:0:0:0:0:ffff:${word()}:${word()}`,
    () => `${word()}::`,
    () => `0:${word()}::${word()}:${v4()}`,
  ]
  return Array.from({ length: count }, (_, index) => {
    if (index % 2) return (shapes[next() % shapes.length] as () => string)()
    let text = ''
    for (let n = 1 + (next() % 9); n > 0; n -= 1) text += all[next() % all.length]
    return text
  })
}

describe('the client key, computed here', () => {
  it('is the database key for tricky addresses and for garbage', async () => {
    const expected = await databaseKeys(TRICKY)
    expect(TRICKY.map(clientKey)).toEqual(expected)
    // The inputs reach every kind of answer the database gives.
    expect(expected).toContain('198.51.100.7')
    expect(expected).toContain('2001:db8::/64')
    expect(expected).toContain(null)
  })

  it('is the database key for 3 000 generated strings', async () => {
    const inputs = generated(3_000)
    const expected = await databaseKeys(inputs)
    const differing = inputs.filter((input, n) => clientKey(input) !== expected[n])
    expect(differing).toEqual([])
    expect(expected.filter((key) => key !== null).length).toBeGreaterThan(1_000)
  })

  it('is the database key for every address the server hands the database', async () => {
    const trusted = TRICKY.map(normalizeAddress).filter((address) => address !== undefined)
    expect(trusted.length).toBeGreaterThan(20)
    expect(trusted.map(clientKey)).toEqual(await databaseKeys(trusted))
  })

  it('joins one address written several ways, and one /64, and nothing else', () => {
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7')
    expect(clientKey('[::ffff:198.51.100.7]:8080')).toBe('198.51.100.7')
    expect(clientKey('2001:db8::1')).toBe(clientKey('[2001:DB8::ffff]:443'))
    expect(clientKey('2001:db8::1')).not.toBe(clientKey('2001:db8:0:1::1'))
    expect(clientKey('198.51.100.7')).not.toBe(clientKey('198.51.100.8'))
    expect(clientKey(undefined)).toBeNull()
    expect(clientKey('garbage')).toBeNull()
  })
})
