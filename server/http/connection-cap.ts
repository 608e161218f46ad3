import { isIPv6 } from 'node:net'

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i

/** The eight groups of an IPv6 address, "::" expanded and any zone (%eth0) dropped. */
const ipv6Groups = (address: string): string[] => {
  const [head = '', tail] = address.split('%')[0]?.toLowerCase().split('::') ?? []
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0')
  return [...left, ...zeros, ...right].map((group) => group.replace(/^0+(?=.)/, ''))
}

/**
 * What the cap counts a connection against. IPv4 (also when mapped into IPv6) is the
 * address itself; IPv6 is the /64 network, because one visitor's ISP hands them a whole /64
 * and any address in it is theirs to use.
 */
export const connectionKey = (address: string | undefined): string => {
  if (address === undefined) return 'unknown'
  const mapped = IPV4_MAPPED.exec(address)?.[1]
  if (mapped) return mapped
  if (!isIPv6(address.split('%')[0] ?? '')) return address
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`
}

export const isLoopback = (key: string): boolean => /^127\./.test(key) || key === '0:0:0:0::/64'

export interface ConnectionCapLimits {
  maxConnectionsPerAddress: number
  maxLoopbackConnections: number
}

/** Counts open connections per client address and says whether one more may open. */
export const createConnectionCap = (limits: ConnectionCapLimits) => {
  const open = new Map<string, number>()
  return {
    /** Counts the connection until it closes; false (not counted) when over the cap. */
    admit(address: string | undefined, onClose: (listener: () => void) => void): boolean {
      const key = connectionKey(address)
      const limit = isLoopback(key)
        ? limits.maxLoopbackConnections
        : limits.maxConnectionsPerAddress
      const count = open.get(key) ?? 0
      if (count >= limit) return false
      open.set(key, count + 1)
      onClose(() => {
        const left = (open.get(key) ?? 1) - 1
        if (left > 0) open.set(key, left)
        else open.delete(key)
      })
      return true
    },
  }
}
