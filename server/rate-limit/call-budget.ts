import { createBlockedNetworks, type BlockAnswer } from './blocked-networks.ts'
import { callKeys, levelOf, type CallLevel } from './call-keys.ts'

/**
 * Every public call a caller makes, counted in this server's memory (decisions 040, 058): reads
 * and writes alike, with no database write per call. A caller is private.client_key of its
 * address (an IPv4 address, an IPv6 /64; '' for every caller whose address is not known,
 * together), and a call from an IPv6 /64 also counts under its /56 and its /48 (call-keys.ts),
 * so that a new /64 for each call buys nothing. Each key has:
 *
 * - a bucket of calls on this server: a quarter of its minute at once (for a /56 or /48, no
 *   more than one address's quarter), refilled at the limit's pace (its calls a minute / 60 a
 *   second), so a flood's first burst is bounded too;
 * - its share of one budget across servers: every server adds what it counted to the database
 *   once a second (call-tally.ts, private.tally_public_calls) and learns every server's total
 *   for the keys it saw. A key past its calls a minute in the last 60 seconds, all servers
 *   together, is refused by each server until its window drains.
 *
 * A call is let through only when every one of its keys may make one, and then counts under
 * each. Before any of that, the caller is looked up in the block list the tally brings
 * (blocked-networks.ts): a blocked network is refused on its first call.
 *
 * N servers give a key at most the limit plus, once, what the other N − 1 admit before their
 * next tally (each at most its bucket: burst + a second's refill); never N limits.
 */

export interface CallLimits {
  /** Calls per 60 seconds for one caller whose address is known (an IPv4 address, a /64). */
  perMinute: number
  /** For all the /64s of one IPv6 /56 together. */
  per56PerMinute: number
  /** For all the /64s of one IPv6 /48 together. */
  per48PerMinute: number
  /** The same for every caller whose address is not known, together. */
  unknownPerMinute: number
}

export type CallDecision =
  | { allowed: true }
  | {
      allowed: false
      /** `limit`: past its calls; `blocked`: a network the company blocked. */
      reason: 'limit' | 'blocked'
      retryAfterSeconds: number
      /** Whether the caller is the unknown callers' one shared bucket. */
      unknown: boolean
      /** Whether its /56 or /48 refused it, not its own address. */
      network: boolean
      /** Whose turn the answer waits for (refusal-queue.ts): the key or block that refused. */
      turnKey: string
    }

/** What private.tally_public_calls (three arguments) answers. */
export interface TallyAnswer {
  per_minute: number
  per_56_per_minute: number
  per_48_per_minute: number
  unknown_per_minute: number
  /** [key, its calls in the window, seconds until it is under its limit]. */
  callers: [string, number, number][]
  /** What names the block list in force; the next tally sends it back. */
  blocks_version: string
  /** The block list, when it is not the one this server said it holds. */
  blocks: BlockAnswer[] | null
}

export interface CallBudget {
  /** Counts one call of this caller when it may make one; otherwise says why and for how long. */
  take(key: string | null): CallDecision
  /** The calls counted since the last drain, per key, for the tally; they are now its. */
  drain(): { keys: string[]; calls: number[] }
  /** Gives back what a tally that failed could not add, for the next one. */
  restore(keys: string[], calls: number[]): void
  /** What the database said: its limits, every server's calls for these keys, the blocks. */
  learn(answer: TallyAnswer): void
  /** The block list's version this server holds (undefined before the first tally). */
  blocksVersion(): string | undefined
  /** The block that holds this caller now, if any (a test's way to see what a server knows). */
  blockOf(key: string | null): string | undefined
  limits(): CallLimits
  /** Keys remembered. */
  readonly size: number
}

export interface CallBudgetOptions {
  /** Until the first tally: the defaults (the database's, unless an operator changed them). */
  limits?: Partial<CallLimits>
  /** Keys remembered at most; past it the least recently seen are forgotten. */
  maxEntries?: number
  /** Milliseconds on a clock that never goes back; tests move it by hand. */
  now?: () => number
}

export const DEFAULT_CALL_LIMITS: CallLimits = {
  perMinute: 120,
  per56PerMinute: 180,
  per48PerMinute: 240,
  unknownPerMinute: 1200,
}

/** About 100 bytes each: a flood from a new address per call costs at most ~1 MB here. */
export const DEFAULT_MAX_CALLERS = 10_000

/** The calls a key may make at once: a quarter of a minute's. */
export const burstOf = (perMinute: number) => Math.max(1, Math.ceil(perMinute / 4))

interface Entry {
  /** Calls it may make now on this server (refilled as time passes). */
  tokens: number
  refilledAt: number
  /** Calls counted since the last drain. */
  unsynced: number
  /** Every server's calls in the window at the last tally. */
  shared: number
  /** Refused until then: the window across servers is full (0: it is not). */
  sharedUntil: number
}

export const createCallBudget = ({
  limits: initial = {},
  maxEntries = DEFAULT_MAX_CALLERS,
  now = () => performance.now(),
}: CallBudgetOptions = {}): CallBudget => {
  let limits: CallLimits = { ...DEFAULT_CALL_LIMITS, ...initial }
  // Insertion order is recency: a key seen again moves to the end; the first is evicted.
  const entries = new Map<string, Entry>()
  const blocks = createBlockedNetworks()
  let blocksVersion: string | undefined

  const limitOfLevel: Record<CallLevel, () => number> = {
    address: () => limits.perMinute,
    home: () => limits.per56PerMinute,
    site: () => limits.per48PerMinute,
    unknown: () => limits.unknownPerMinute,
  }
  const limitOf = (key: string) => limitOfLevel[levelOf(key)]()
  /**
   * Calls a key may make at once: a quarter of its minute, and for a /56 or /48 never more
   * than one address may, so that a new /64 for each call buys no bigger first burst.
   */
  const burstOfKey = (key: string) => {
    const level = levelOf(key)
    const own = burstOf(limitOf(key))
    return level === 'home' || level === 'site' ? Math.min(own, burstOf(limits.perMinute)) : own
  }

  const entryFor = (key: string, at: number): Entry => {
    const known = entries.get(key)
    if (known) {
      entries.delete(key)
      entries.set(key, known)
      return known
    }
    while (entries.size >= maxEntries) {
      const oldest = entries.keys().next()
      if (oldest.done) break
      entries.delete(oldest.value)
    }
    const fresh: Entry = {
      tokens: burstOfKey(key),
      refilledAt: at,
      unsynced: 0,
      shared: 0,
      sharedUntil: 0,
    }
    entries.set(key, fresh)
    return fresh
  }

  /** How long this key must wait before its next call, in ms (0: it may call now). */
  const waitOf = (key: string, entry: Entry, at: number): number => {
    const limit = limitOf(key)
    const perMs = limit / 60_000
    entry.tokens = Math.min(burstOfKey(key), entry.tokens + (at - entry.refilledAt) * perMs)
    entry.refilledAt = at
    if (entry.sharedUntil > at) return entry.sharedUntil - at
    // Past the window with what this server counted since the tally: the next tally says
    // until when; until then, a second.
    if (entry.shared + entry.unsynced >= limit) return 1000
    if (entry.tokens < 1) return (1 - entry.tokens) / perMs
    return 0
  }

  const refused = (
    caller: string,
    reason: 'limit' | 'blocked',
    waitMs: number,
    turnKey: string,
  ): Extract<CallDecision, { allowed: false }> => ({
    allowed: false,
    reason,
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
    unknown: caller === '',
    network: turnKey !== caller,
    turnKey,
  })

  return {
    take(caller) {
      const key = caller ?? ''
      const at = now()
      const block = blocks.find(key, at)
      if (block !== undefined) return refused(key, 'blocked', 60_000, block)
      const counted = callKeys(key).map(({ key: level }) => ({
        key: level,
        entry: entryFor(level, at),
      }))
      // The key that must wait longest answers for all (the widest, when they wait alike).
      let longest: { key: string; waitMs: number } | undefined
      for (const { key: level, entry } of counted) {
        const waitMs = waitOf(level, entry, at)
        if (waitMs > 0 && waitMs >= (longest?.waitMs ?? 0)) longest = { key: level, waitMs }
      }
      if (longest) return refused(key, 'limit', longest.waitMs, longest.key)
      for (const { entry } of counted) {
        entry.tokens -= 1
        entry.unsynced += 1
      }
      return { allowed: true }
    },

    drain() {
      const keys: string[] = []
      const calls: number[] = []
      for (const [key, entry] of entries) {
        if (entry.unsynced === 0) continue
        keys.push(key)
        calls.push(entry.unsynced)
        entry.shared += entry.unsynced
        entry.unsynced = 0
      }
      return { keys, calls }
    },

    restore(keys, calls) {
      keys.forEach((key, index) => {
        const entry = entries.get(key)
        if (!entry) return
        const count = calls[index] ?? 0
        entry.unsynced += count
        entry.shared = Math.max(0, entry.shared - count)
      })
    },

    learn(answer) {
      limits = {
        perMinute: answer.per_minute,
        per56PerMinute: answer.per_56_per_minute,
        per48PerMinute: answer.per_48_per_minute,
        unknownPerMinute: answer.unknown_per_minute,
      }
      const at = now()
      if (answer.blocks) blocks.learn(answer.blocks, at)
      blocksVersion = answer.blocks_version
      for (const [key, recent, retryAfter] of answer.callers) {
        const entry = entries.get(key)
        if (!entry) continue
        // A full window is refused until the database's Retry-After, when it has drained to
        // one call under the limit; the next tally says how it went on.
        entry.shared = retryAfter > 0 ? limitOf(key) - 1 : recent
        entry.sharedUntil = retryAfter > 0 ? at + retryAfter * 1000 : 0
      }
    },

    blocksVersion: () => blocksVersion,

    blockOf: (key) => blocks.find(key ?? '', now()),

    limits: () => ({ ...limits }),

    get size() {
      return entries.size
    },
  }
}
