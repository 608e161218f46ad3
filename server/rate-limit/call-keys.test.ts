import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../tests/support/test-database.ts'
import { TRICKY_ADDRESSES } from '../../tests/support/tricky-addresses.ts'
import type { Database } from '../db/database.ts'
import { createBlockedNetworks } from './blocked-networks.ts'
import { callKeys } from './call-keys.ts'
import { clientKey } from './client-key.ts'

// The keys a call counts under, and whether a block holds a caller, are the database's
// (20261205020000_call_limits_per_prefix.sql): the tally sends these keys and reads answers
// back under them, and a server refuses a blocked caller itself. Here on PGlite; the same
// comparison runs on PostgreSQL 15 in tests/integration/two-servers.test.ts.

let db: Database
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

/** IPv6 addresses whose /64s, /56s and /48s are written every way a cidr can be. */
const ipv6Callers = (): string[] => {
  let seed = 20261205
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed
  }
  const word = () => [0, 0, 1, 0xff, 0x100, 0xff00, 0xffff][next() % 7] ?? next() % 65536
  const random = () => (next() % 3 === 0 ? word() : next() % 65536).toString(16)
  return [
    '::1',
    '::',
    '0:0:0:1::',
    '0:0:0:100::',
    '0:0:1::',
    '1::',
    '2001:db8::1',
    '2001:db8:0:ff00::1',
    '2001:db8:1:100::1',
    'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    ...Array.from(
      { length: 500 },
      () => `${random()}:${random()}:${random()}:${random()}:${random()}::${random()}`,
    ),
  ]
}

describe('the keys a call counts under', () => {
  it("are private.call_limit_keys' for every caller, spelled as PostgreSQL spells a cidr", async () => {
    const inputs = [...TRICKY_ADDRESSES, ...ipv6Callers()]
    const { rows } = await db.query<{ keys: string[] }>(
      `select private.call_limit_keys(private.client_key(raw)) as keys
         from unnest($1::text[]) with ordinality as t(raw, n) order by n`,
      [inputs],
    )
    expect(inputs.map((raw) => callKeys(clientKey(raw)).map(({ key }) => key))).toEqual(
      rows.map((row) => row.keys),
    )
  })

  it('take an IPv4-mapped caller (a dual-stack socket) for its IPv4 address, in its key and its agenda network too', async () => {
    const spellings = [
      '203.0.113.9',
      '::ffff:203.0.113.9',
      '::FFFF:cb00:7109',
      '[::ffff:203.0.113.9]:443',
    ]
    const { rows } = await db.query<{ key: string; network: string }>(
      `select private.client_key(raw) as key, private.client_network(private.client_key(raw)) as network
         from unnest($1::text[]) with ordinality as t(raw, n) order by n`,
      [spellings],
    )
    expect(rows).toEqual(spellings.map(() => ({ key: '203.0.113.9', network: '203.0.113.0/24' })))
    expect(spellings.map((raw) => callKeys(clientKey(raw)))).toEqual(
      spellings.map(() => [{ key: '203.0.113.9', level: 'address' }]),
    )
  })

  it('are held by a block exactly when private.is_network_blocked says so', async () => {
    const blocks = [
      '2001:db8:66::/48',
      '2001:db8:77:100::/56',
      '2001:db8:88:1::/64',
      '2001:db8:99::/32',
      '203.0.113.0/24',
      '198.51.100.9/32',
      '192.0.0.0/16',
      '::/32',
    ]
    await db.exec('delete from private.blocked_networks')
    for (const block of blocks) await db.query('select private.block_network($1)', [block])
    const stored = await db.query<{ network: string }>(
      'select network::text as network from private.blocked_networks order by 1',
    )
    const held = createBlockedNetworks()
    held.learn(
      stored.rows.map((row) => [row.network, null]),
      0,
    )
    const callers = [
      ...TRICKY_ADDRESSES,
      ...ipv6Callers(),
      '2001:db8:66:1::5',
      '2001:db8:66:ffff::5',
      '2001:db8:67::5',
      '2001:db8:77:1ff::5',
      '2001:db8:77:200::5',
      '2001:db8:88:1::5',
      '2001:db8:88:2::5',
      '2001:db8:99:ab:cd::5',
      '203.0.113.77',
      '::ffff:203.0.113.78',
      '198.51.100.9',
      '198.51.100.10',
      '192.0.255.1',
      '::5',
    ]
    const { rows } = await db.query<{ blocked: boolean }>(
      `select private.is_caller_blocked(coalesce(private.client_key(raw), '')) as blocked
         from unnest($1::text[]) with ordinality as t(raw, n) order by n`,
      [callers],
    )
    const inMemory = callers.map((raw) => held.find(clientKey(raw), 1) !== undefined)
    expect(inMemory).toEqual(rows.map((row) => row.blocked))
    expect(inMemory.filter(Boolean).length).toBeGreaterThan(10)
    await db.exec('delete from private.blocked_networks')
  })
})
