import { ipv6Network, parseIpv6 } from './client-key.ts'

/**
 * The keys one public call counts under (decision 058), as private.call_limit_keys makes them
 * (20261205020000_call_limits_per_prefix.sql): a caller from an IPv6 /64 counts under the /64,
 * its /56 (a home's connection) and its /48 (a site, a business line), so that a script taking a
 * new /64 for each call inside its allocation is held to the prefix's budget. An IPv4 address,
 * the unknown callers ('') and any other key count alone. Narrowest first: the order the
 * callers' lines are entered in. The spelling is PostgreSQL's cidr text, since the tally sends
 * these keys to the database and the database's answers come back under them
 * (call-keys.test.ts holds the two together).
 */

export type CallLevel = 'address' | 'home' | 'site' | 'unknown'

export interface CallKey {
  key: string
  level: CallLevel
}

const IPV6_KEY = /^[0-9a-f:]+\/64$/

/** The level a key stands for, read from its spelling as the database reads it. */
export const levelOf = (key: string): CallLevel =>
  key === '' ? 'unknown' : key.endsWith('/56') ? 'home' : key.endsWith('/48') ? 'site' : 'address'

export const callKeys = (clientKey: string | null): CallKey[] => {
  const key = clientKey ?? ''
  if (!IPV6_KEY.test(key)) return [{ key, level: levelOf(key) }]
  const bytes = parseIpv6(key.slice(0, -3))
  if (!bytes) return [{ key, level: 'address' }]
  return [
    { key, level: 'address' },
    { key: ipv6Network(bytes, 56), level: 'home' },
    { key: ipv6Network(bytes, 48), level: 'site' },
  ]
}
