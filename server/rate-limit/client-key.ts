/**
 * The key the database's flood limits count a caller under, computed here exactly as
 * `private.client_key` computes it (supabase/migrations/20261122000200_contact_guard.sql): an
 * IPv4 address, or an IPv6 /64 written as PostgreSQL writes a cidr; null when the text is not
 * read as one address (every such caller shares one bucket). A server remembers the
 * database's refusals under this key, so it must never join two callers the database keeps
 * apart: server/rate-limit/client-key.test.ts holds the two side by side over tricky inputs.
 *
 * The parsing follows PostgreSQL's inet input (src/port/inet_net_pton.c), quirks included:
 * `1.2.3.4.` is 1.2.3.4, and inside IPv6 `::ffff:1..2.3` is 1.0.2.3 and `::ffff:1.2.3` is
 * 1.2.3.0. The Node server only ever hands it canonical addresses (server/proxy-trust.ts), but
 * the two must agree on whatever they are given.
 */

const HEX = /^[0-9a-f]$/i
const DIGIT = /^[0-9]$/

/** PostgreSQL's IPv4 inet input: four decimal octets up to 255, leading zeros allowed. */
export const parseIpv4 = (text: string): number[] | undefined => {
  const match = /^([0-9]+)\.([0-9]+)\.([0-9]+)\.([0-9]+)\.?$/.exec(text)
  if (!match) return undefined
  const octets = match.slice(1, 5).map((part) => Number(part))
  return octets.every((octet) => octet <= 255) ? octets : undefined
}

/**
 * The dotted IPv4 tail of an IPv6 address (getv4): no leading zeros, at most four octets, an
 * empty octet is 0, and octets not written stay 0. Writes into bytes at offset; false if not.
 */
const readEmbeddedIpv4 = (text: string, bytes: number[], offset: number): boolean => {
  let written = 0
  let value = 0
  let digits = 0
  for (const ch of text) {
    if (DIGIT.test(ch)) {
      if (digits++ !== 0 && value === 0) return false
      value = value * 10 + Number(ch)
      if (value > 255) return false
      continue
    }
    if (ch !== '.' || written > 3) return false
    bytes[offset + written++] = value
    value = 0
    digits = 0
  }
  if (digits === 0 || written > 3) return false
  bytes[offset + written] = value
  return true
}

/** PostgreSQL's IPv6 inet input (inet_cidr_pton_ipv6, without a /prefix): 16 bytes. */
export const parseIpv6 = (text: string): number[] | undefined => {
  const bytes = Array<number>(16).fill(0)
  let at = 0
  let gap = -1
  let index = 0
  if (text[0] === ':') {
    if (text[1] !== ':') return undefined
    index = 1
  }
  let token = index
  let value = 0
  let digits = 0
  let pending = false
  while (index < text.length) {
    const ch = text[index++] as string
    if (HEX.test(ch)) {
      value = (value << 4) | Number.parseInt(ch, 16)
      if (++digits > 4) return undefined
      pending = true
      continue
    }
    if (ch === ':') {
      token = index
      if (!pending) {
        if (gap >= 0) return undefined
        gap = at
        continue
      }
      if (index === text.length || at + 2 > 16) return undefined
      bytes[at++] = (value >> 8) & 0xff
      bytes[at++] = value & 0xff
      pending = false
      digits = 0
      value = 0
      continue
    }
    if (ch === '.' && at + 4 <= 16 && readEmbeddedIpv4(text.slice(token), bytes, at)) {
      at += 4
      pending = false
      break
    }
    return undefined
  }
  if (pending) {
    if (at + 2 > 16) return undefined
    bytes[at++] = (value >> 8) & 0xff
    bytes[at++] = value & 0xff
  }
  if (gap >= 0) {
    if (at === 16) return undefined
    const moved = bytes.slice(gap, at)
    bytes.fill(0, gap, 16)
    bytes.splice(16 - moved.length, moved.length, ...moved)
    at = 16
  }
  return at === 16 ? bytes : undefined
}

const isIpv4Mapped = (bytes: number[]) =>
  bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff

/**
 * The network of `bits` (at most 64) as `network(set_masklen(address, bits))::text` writes it:
 * the low 64 bits are zero, so the zero run PostgreSQL compresses is always the trailing one.
 */
export const ipv6Network = (bytes: number[], bits = 64): string => {
  const words = [0, 1, 2, 3].map((word) => {
    const value = ((bytes[word * 2] ?? 0) << 8) | (bytes[word * 2 + 1] ?? 0)
    const kept = Math.min(16, Math.max(0, bits - word * 16))
    return kept === 0 ? 0 : value & (0xffff << (16 - kept)) & 0xffff
  })
  let kept = words.length
  while (kept > 0 && words[kept - 1] === 0) kept -= 1
  return `${words
    .slice(0, kept)
    .map((word) => word.toString(16))
    .join(':')}::/${bits}`
}

/** PostgreSQL's btrim(text): spaces only, not tabs or line breaks. */
const trimSpaces = (text: string) => text.replace(/^ +| +$/g, '')

export const clientKey = (raw: string | null | undefined): string | null => {
  let candidate = trimSpaces(raw ?? '')
  candidate = /^\[(.*)\](:[0-9]+)?$/s.exec(candidate)?.[1] ?? candidate
  candidate = /^([0-9.]+):[0-9]+$/.exec(candidate)?.[1] ?? candidate
  if (!/^[0-9A-Fa-f.:]+$/.test(candidate)) return null
  if (!candidate.includes(':')) return parseIpv4(candidate)?.join('.') ?? null
  const bytes = parseIpv6(candidate)
  if (!bytes) return null
  if (isIpv4Mapped(bytes)) return bytes.slice(12).join('.')
  return ipv6Network(bytes)
}
