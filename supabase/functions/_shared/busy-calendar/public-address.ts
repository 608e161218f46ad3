import ipaddr from 'ipaddr.js'

/**
 * Whether a host a server was sent to by someone else (a calendar feed's redirect) is on the
 * public internet: every address it resolves to must be. Otherwise the server would make
 * requests for a stranger inside its own network: its loopback (the server's own API and
 * desk, a database's HTTP port), the cloud's metadata service (169.254.169.254), the office
 * network. The IANA special-purpose registries are ipaddr.js's; what is public is decided here:
 * - IPv4: only ipaddr.js's "unicast" (not private, loopback, link-local, shared (CGNAT),
 *   documentation, benchmarking, multicast, reserved…);
 * - IPv6: only global unicast (2000::/3) that ipaddr.js calls "unicast" (not documentation,
 *   ORCHID, Teredo, 6to4…). An IPv4 address written in IPv6 (mapped ::ffff:a.b.c.d, the NAT64
 *   prefix 64:ff9b::/96 that DNS64 networks answer with, 6to4 2002::/16) is judged by the
 *   IPv4 address it carries; the other translated and compatible forms are refused outright.
 */

export type ResolveHost = (hostname: string) => Promise<string[]>

const isPublicIpv4 = (address: ipaddr.IPv4) => address.range() === 'unicast'

/** The IPv4 address an IPv6 one carries in its last 32 bits (or bits 16–48 for 6to4). */
const carriedIpv4 = (address: ipaddr.IPv6, from: number): ipaddr.IPv4 => {
  const bytes = address.toByteArray()
  return new ipaddr.IPv4(bytes.slice(from, from + 4))
}

const NAT64 = ipaddr.parseCIDR('64:ff9b::/96')
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3')

const isPublicIpv6 = (address: ipaddr.IPv6): boolean => {
  if (address.isIPv4MappedAddress()) return isPublicIpv4(address.toIPv4Address())
  if (address.match(NAT64)) return isPublicIpv4(carriedIpv4(address, 12))
  if (address.range() === '6to4') return isPublicIpv4(carriedIpv4(address, 2))
  return address.match(GLOBAL_UNICAST) && address.range() === 'unicast'
}

/** An address as DNS or a URL gives it (IPv6 with or without brackets); false if not one. */
export const isPublicAddress = (text: string): boolean => {
  const bare = text.replace(/^\[(.*)\]$/, '$1')
  // A zone (fe80::1%eth0) names an interface of this machine: never public.
  if (bare.includes('%') || !ipaddr.isValid(bare)) return false
  const address = ipaddr.parse(bare)
  return address.kind() === 'ipv4'
    ? isPublicIpv4(address as ipaddr.IPv4)
    : isPublicIpv6(address as ipaddr.IPv6)
}

export type HostCheck = 'public' | 'private' | 'unresolvable'

/**
 * Checks a URL's hostname: an address is judged as it is; `localhost` and its subdomains are
 * this machine by definition (RFC 6761), whatever a resolver says; any other name is resolved
 * and every address it has must be public, since the client may connect to any of them.
 */
export const checkPublicHost = async (
  hostname: string,
  resolve: ResolveHost,
): Promise<HostCheck> => {
  const bare = hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase()
  if (ipaddr.isValid(bare)) return isPublicAddress(bare) ? 'public' : 'private'
  if (bare === 'localhost' || bare.endsWith('.localhost')) return 'private'
  let addresses: string[]
  try {
    addresses = await resolve(bare)
  } catch {
    return 'unresolvable'
  }
  if (addresses.length === 0) return 'unresolvable'
  return addresses.every(isPublicAddress) ? 'public' : 'private'
}
