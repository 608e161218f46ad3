import { parseIpv4, parseIpv6 } from './client-key.ts'

/**
 * The networks the company blocked (decisions 039, 058), held by this server so that every
 * caller is checked at admission, before any query: a blocked /48 is refused on the first call
 * from any /64 inside it. The call tally (call-tally.ts) brings the list whenever it changed,
 * and the desk's own changes at once. A caller is blocked as private.is_network_blocked says:
 * when a block holds its client key whole (an IPv4 address, an IPv6 /64).
 */

/** A block as the tally answers it: the network as PostgreSQL writes a cidr, and its seconds left (null: until lifted). */
export type BlockAnswer = [network: string, secondsLeft: number | null]

export interface BlockedNetworks {
  /** Replaces the list with the database's (`at`: now, on the caller's clock). */
  learn(blocks: BlockAnswer[], at: number): void
  /** The block that holds this client key at `at`, or undefined. */
  find(clientKey: string | null, at: number): string | undefined
  readonly size: number
}

interface Parsed {
  family: 4 | 6
  bytes: number[]
  bits: number
}

const parseNetwork = (text: string): Parsed | undefined => {
  const [address = '', bitsText] = text.split('/')
  const v4 = parseIpv4(address)
  const bytes = v4 ?? parseIpv6(address)
  if (!bytes) return undefined
  const family = v4 ? 4 : 6
  const bits = bitsText === undefined ? bytes.length * 8 : Number(bitsText)
  if (!Number.isInteger(bits) || bits < 0 || bits > bytes.length * 8) return undefined
  return { family, bytes, bits }
}

/** The first `bits` of the address, as hex (the rest dropped): a block's identity at its width. */
const prefixOf = (bytes: number[], bits: number): string => {
  let text = ''
  for (let index = 0; index * 8 < bits; index += 1) {
    const kept = Math.min(8, bits - index * 8)
    const byte = (bytes[index] ?? 0) & (0xff << (8 - kept)) & 0xff
    text += byte.toString(16).padStart(2, '0')
  }
  return text
}

interface Block {
  network: string
  /** On the caller's clock; Infinity until lifted. */
  until: number
}

/** The blocks of one family and width, by their prefix. */
interface Width {
  family: 4 | 6
  bits: number
  blocks: Map<string, Block>
}

export const createBlockedNetworks = (): BlockedNetworks => {
  // A handful of widths (/24, /48, /56, /64...): a caller is looked up once per width.
  let widths = new Map<string, Width>()
  let size = 0

  return {
    learn(blocks, at) {
      const next = new Map<string, Width>()
      let count = 0
      for (const [network, secondsLeft] of blocks) {
        const parsed = parseNetwork(network)
        if (!parsed) continue
        const id = `${parsed.family}/${parsed.bits}`
        let width = next.get(id)
        if (!width) {
          width = { family: parsed.family, bits: parsed.bits, blocks: new Map() }
          next.set(id, width)
        }
        const until = secondsLeft === null ? Number.POSITIVE_INFINITY : at + secondsLeft * 1000
        width.blocks.set(prefixOf(parsed.bytes, parsed.bits), { network, until })
        count += 1
      }
      widths = next
      size = count
    },

    find(clientKey, at) {
      if (size === 0 || !clientKey) return undefined
      // A client key is an IPv4 address or an IPv6 /64; a block must hold it whole.
      const caller = parseNetwork(clientKey)
      if (!caller) return undefined
      for (const width of widths.values()) {
        if (width.family !== caller.family || width.bits > caller.bits) continue
        const block = width.blocks.get(prefixOf(caller.bytes, width.bits))
        if (block && block.until > at) return block.network
      }
      return undefined
    },

    get size() {
      return size
    },
  }
}
