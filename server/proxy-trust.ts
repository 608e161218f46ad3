import { BlockList, isIPv4, isIPv6 } from 'node:net'
import type { Context } from 'hono'

/**
 * Whom X-Forwarded-For may be believed from (TRUST_PROXY):
 * - none: nobody; the socket's address counts (a loopback peer is unknown: a local proxy
 *   nobody declared would otherwise make every visitor one address);
 * - hops: exactly that many proxies stand in front and nothing reaches the port directly;
 * - addresses: only these peers are proxies (a direct caller cannot pick its address).
 */
export type TrustProxy =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'addresses'; list: BlockList; description: string }

const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  private: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
}

/**
 * An address as one canonical string, or undefined when it is not plainly one: brackets and a
 * port are dropped, IPv4-mapped IPv6 becomes IPv4 however it is written (a dual-stack socket
 * gives `::ffff:203.0.113.9`), `198.051.100.7` is 198.51.100.7 (as
 * PostgreSQL reads it). Hex, octal or integer spellings are not addresses.
 */
export const normalizeAddress = (raw: string | undefined): string | undefined => {
  let candidate = (raw ?? '').trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(candidate)
  if (bracketed?.[1]) candidate = bracketed[1]
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(candidate)
  if (withPort?.[1]) candidate = withPort[1]
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(candidate)
  if (mapped?.[1]) candidate = mapped[1]
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(candidate)) {
    const canonical = candidate
      .split('.')
      .map((part) => String(Number(part)))
      .join('.')
    return isIPv4(canonical) ? canonical : undefined
  }
  // A zone (fe80::1%eth0) passes isIPv6 but is no address URL takes, nor the database.
  if (!isIPv6(candidate) || candidate.includes('%')) return undefined
  const hostname = new URL(`http://[${candidate}]/`).hostname.slice(1, -1)
  // URL writes an IPv4-mapped address in hex (::ffff:c633:6407): it is the IPv4 address.
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(hostname)
  if (hex) {
    const [high, low] = [hex[1], hex[2]].map((word) => Number.parseInt(word ?? '0', 16))
    return [(high ?? 0) >> 8, (high ?? 0) & 255, (low ?? 0) >> 8, (low ?? 0) & 255].join('.')
  }
  return hostname
}

const familyOf = (address: string) => (isIPv4(address) ? 'ipv4' : 'ipv6')

/** Reads TRUST_PROXY: false, true (loopback and private networks), a hop count, or a list. */
export const parseTrustProxy = (text: string): TrustProxy | { problem: string } => {
  const value = text.trim().toLowerCase()
  if (['', 'false', '0', 'no'].includes(value)) return { kind: 'none' }
  if (/^\d+$/.test(value)) return { kind: 'hops', hops: Number(value) }
  const entries = value === 'true' ? ['loopback', 'private'] : value.split(',').map((e) => e.trim())
  const list = new BlockList()
  for (const entry of entries.filter(Boolean)) {
    const named = NAMED_RANGES[entry]
    if (named) {
      for (const [network, prefix, family] of named) list.addSubnet(network, prefix, family)
      continue
    }
    const [address, prefixText] = entry.split('/')
    const normalized = normalizeAddress(address)
    const maxPrefix = normalized && isIPv4(normalized) ? 32 : 128
    const prefix = prefixText === undefined ? maxPrefix : Number(prefixText)
    if (!normalized || !Number.isInteger(prefix) || prefix < 0 || prefix > maxPrefix) {
      return {
        problem: `TRUST_PROXY: "${entry}" is not an address, a network (10.0.0.0/8) or loopback/private.`,
      }
    }
    list.addSubnet(normalized, prefix, familyOf(normalized))
  }
  return { kind: 'addresses', list, description: entries.join(',') }
}

const socketAddress = (c: Context): string | undefined => {
  const env: unknown = c.env
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return undefined
  const incoming = (env as { incoming: { socket?: { remoteAddress?: string } } }).incoming
  return incoming.socket?.remoteAddress
}

const LOOPBACK = new BlockList()
for (const [network, prefix, family] of NAMED_RANGES.loopback ?? []) {
  LOOPBACK.addSubnet(network, prefix, family)
}

const isIn = (list: BlockList, address: string) => list.check(address, familyOf(address))

/** Whether the peer of this request is a proxy whose forwarded headers may be believed. */
const fromTrustedProxy = (trust: TrustProxy, socket: string | undefined): boolean =>
  trust.kind === 'hops' ||
  (trust.kind === 'addresses' && socket !== undefined && isIn(trust.list, socket))

/**
 * Whether the visitor reached us over HTTPS: directly, or through a trusted proxy that says so
 * in X-Forwarded-Proto (the first entry is what the visitor's browser used). Decides HSTS and
 * the lead desk's Secure cookies; a caller that reaches the port directly cannot claim HTTPS.
 */
export const createIsHttps =
  (trust: TrustProxy) =>
  (c: Context): boolean =>
    new URL(c.req.url).protocol === 'https:' ||
    (fromTrustedProxy(trust, normalizeAddress(socketAddress(c))) &&
      c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https')

/**
 * The address the database's limits count against, or undefined when it is not known (then
 * all such callers share one cap). Only hops a trusted proxy added to X-Forwarded-For are
 * read: the visitor writes everything before them.
 */
export const createClientAddress =
  (trust: TrustProxy) =>
  (c: Context): string | undefined => {
    const socket = normalizeAddress(socketAddress(c))
    if (socket === undefined) return undefined
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean)
    if (trust.kind === 'hops') {
      // The socket is the nearest proxy; the client is `hops` entries further out.
      const chain = [...forwarded, socket]
      const index = chain.length - 1 - trust.hops
      return index < 0 ? undefined : normalizeAddress(chain[index])
    }
    if (trust.kind === 'addresses' && fromTrustedProxy(trust, socket)) {
      for (const hop of forwarded.reverse()) {
        const address = normalizeAddress(hop)
        if (address === undefined) return undefined
        if (!isIn(trust.list, address)) return address
      }
      return undefined
    }
    return isIn(LOOPBACK, socket) ? undefined : socket
  }
