/**
 * Every public call a caller makes, counted in this server's memory (decision 040): reads and
 * writes alike, with no database write per call. Each caller (private.client_key: an IPv4
 * address, an IPv6 /64; '' for every caller whose address is not known, together) has:
 *
 * - a bucket of calls on this server: `burst` at once, refilled at the limit's pace
 *   (calls_per_minute / 60 a second), so a flood's first burst is bounded too;
 * - its share of one budget across servers: every server adds what it counted to the database
 *   once a second (call-tally.ts, private.tally_public_calls) and learns every server's total
 *   for the callers it saw. A caller past calls_per_minute in the last 60 seconds, all servers
 *   together, is refused by each server until its window drains.
 *
 * N servers give a caller at most the limit plus, once, what the other N − 1 admit before
 * their next tally (each at most its bucket: burst + a second's refill); never N limits.
 */

export interface CallLimits {
  /** Calls per 60 seconds for one caller whose address is known. */
  perMinute: number
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
    }

/** What private.tally_public_calls answers. */
export interface TallyAnswer {
  per_minute: number
  unknown_per_minute: number
  /** [client key, its calls in the window, seconds until it is under the limit, blocked]. */
  callers: [string, number, number, boolean][]
}

export interface CallBudget {
  /** Counts one call of this caller when it may make one; otherwise says why and for how long. */
  take(key: string | null): CallDecision
  /** The calls counted since the last drain, per caller, for the tally; they are now its. */
  drain(): { keys: string[]; calls: number[] }
  /** Gives back what a tally that failed could not add, for the next one. */
  restore(keys: string[], calls: number[]): void
  /** What the database said: its limits and every server's calls for these callers. */
  learn(answer: TallyAnswer): void
  limits(): CallLimits
  /** Callers remembered. */
  readonly size: number
}

export interface CallBudgetOptions {
  /** Until the first tally: the defaults (the database's, unless an operator changed them). */
  limits?: CallLimits
  /** Callers remembered at most; past it the least recently seen are forgotten. */
  maxEntries?: number
  /** How long a blocked caller is refused before the database is asked again, in ms. */
  blockedForMs?: number
  /** Milliseconds on a clock that never goes back; tests move it by hand. */
  now?: () => number
}

export const DEFAULT_CALL_LIMITS: CallLimits = { perMinute: 120, unknownPerMinute: 1200 }

/** About 100 bytes each: a flood from a new address per call costs at most ~1 MB here. */
export const DEFAULT_MAX_CALLERS = 10_000

const BLOCKED_FOR_MS = 60_000

/** The calls a caller may make at once: a quarter of a minute's. */
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
  blockedUntil: number
}

export const createCallBudget = ({
  limits: initial = DEFAULT_CALL_LIMITS,
  maxEntries = DEFAULT_MAX_CALLERS,
  blockedForMs = BLOCKED_FOR_MS,
  now = () => performance.now(),
}: CallBudgetOptions = {}): CallBudget => {
  let limits = { ...initial }
  // Insertion order is recency: a caller seen again moves to the end; the first is evicted.
  const entries = new Map<string, Entry>()

  const limitOf = (key: string) => (key === '' ? limits.unknownPerMinute : limits.perMinute)

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
      tokens: burstOf(limitOf(key)),
      refilledAt: at,
      unsynced: 0,
      shared: 0,
      sharedUntil: 0,
      blockedUntil: 0,
    }
    entries.set(key, fresh)
    return fresh
  }

  const refused = (
    key: string,
    reason: 'limit' | 'blocked',
    waitMs: number,
  ): Extract<CallDecision, { allowed: false }> => ({
    allowed: false,
    reason,
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
    unknown: key === '',
  })

  return {
    take(caller) {
      const key = caller ?? ''
      const at = now()
      const entry = entryFor(key, at)
      const limit = limitOf(key)
      const perMs = limit / 60_000
      entry.tokens = Math.min(burstOf(limit), entry.tokens + (at - entry.refilledAt) * perMs)
      entry.refilledAt = at
      if (entry.blockedUntil > at) return refused(key, 'blocked', entry.blockedUntil - at)
      if (entry.sharedUntil > at) return refused(key, 'limit', entry.sharedUntil - at)
      // Past the window with what this server counted since the tally: the next tally says
      // until when; until then, a second.
      if (entry.shared + entry.unsynced >= limit) return refused(key, 'limit', 1000)
      if (entry.tokens < 1) return refused(key, 'limit', (1 - entry.tokens) / perMs)
      entry.tokens -= 1
      entry.unsynced += 1
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
      limits = { perMinute: answer.per_minute, unknownPerMinute: answer.unknown_per_minute }
      const at = now()
      for (const [key, recent, retryAfter, blocked] of answer.callers) {
        const entry = entries.get(key)
        if (!entry) continue
        // A full window is refused until the database's Retry-After, when it has drained to
        // one call under the limit; the next tally says how it went on.
        entry.shared = retryAfter > 0 ? limitOf(key) - 1 : recent
        entry.sharedUntil = retryAfter > 0 ? at + retryAfter * 1000 : 0
        entry.blockedUntil = blocked ? at + blockedForMs : 0
      }
    },

    limits: () => ({ ...limits }),

    get size() {
      return entries.size
    },
  }
}
