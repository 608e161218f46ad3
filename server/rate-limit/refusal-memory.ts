import { readDatabaseError } from '../db/database.ts'

/**
 * The database's flood refusals (429 with Retry-After), remembered by this server so that a
 * caller it refused is answered again without asking it, until the Retry-After it gave. The
 * database stays the one authority: nothing here refuses anyone it did not refuse, for anything
 * it did not refuse, or for longer than it said (decision 027).
 */

/** What the database threw, rebuilt with Retry-After counting down: read like its own error. */
export class RememberedRefusal extends Error {
  /** PostgREST's "the SQL shaped this answer" code (database-answer.ts reads it). */
  readonly code = 'PGRST'
  constructor(
    message: string,
    /** `{"status": …, "headers": {…}}`, as private.refuse writes it. */
    readonly detail: string,
  ) {
    super(message)
    this.name = 'RememberedRefusal'
  }
}

/** One kind of refusal: the same for every caller it was given to, so entries share it. */
interface Shape {
  message: string
  status: number
  headers: Record<string, string>
  /** The spelling of Retry-After in headers. */
  retryAfter: string
}

interface Entry {
  shape: Shape
  /** When the request that was refused was handed to the database (this server's clock). */
  askedAt: number
  /** askedAt plus the Retry-After it was given: never later than the database said. */
  until: number
}

export interface RefusalMemoryOptions {
  /** Callers remembered at most; past it the oldest answer is forgotten (it is asked again). */
  maxEntries?: number
  /** Milliseconds on a clock that never goes back; tests move it by hand. */
  now?: () => number
}

/** Far more callers than a real flood comes from, and about 2.5 MB (decision 027). */
export const DEFAULT_MAX_REMEMBERED = 10_000

/** Distinct refusal texts kept for sharing; the database writes a handful. */
const MAX_SHAPES = 64

/** The refusal and its Retry-After in seconds, when error is the database's flood refusal. */
const readFloodRefusal = (error: unknown): { shape: Shape; seconds: number } | undefined => {
  const { code, message, detail } = readDatabaseError(error)
  if (code !== 'PGRST' || detail === undefined) return undefined
  let meta: unknown
  try {
    meta = JSON.parse(detail)
  } catch {
    return undefined
  }
  if (typeof meta !== 'object' || meta === null) return undefined
  const { status, headers } = meta as { status?: unknown; headers?: unknown }
  if (status !== 429 || typeof headers !== 'object' || headers === null) return undefined
  const textHeaders: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string') textHeaders[name] = value
  }
  const retryAfter = Object.keys(textHeaders).find((name) => name.toLowerCase() === 'retry-after')
  const delay = retryAfter === undefined ? '' : (textHeaders[retryAfter] ?? '')
  // Only a delay in whole seconds can be counted down; a date or nothing is not remembered.
  if (retryAfter === undefined || !/^\d{1,9}$/.test(delay) || Number(delay) < 1) return undefined
  // The delay is kept apart (and counted down on each answer), so one shape serves them all.
  return {
    shape: { message, status, headers: { ...textHeaders, [retryAfter]: '' }, retryAfter },
    seconds: Number(delay),
  }
}

export interface RefusalMemory {
  /**
   * The refusal the database gave `key` for `scope` while it holds, as it threw it but with
   * Retry-After counting down (whole seconds, rounded up); undefined once it has passed.
   */
  recall(scope: string, key: string | null): RememberedRefusal | undefined
  /**
   * Keeps what the database threw for a request handed to it at `askedAt` (this memory's
   * clock) when it is a flood refusal; anything else is ignored.
   */
  learn(scope: string, key: string | null, error: unknown, askedAt: number): void
  /** This memory's clock. */
  now(): number
  /** Callers remembered (expired ones go when next looked up or pushed out). */
  readonly size: number
}

export const createRefusalMemory = ({
  maxEntries = DEFAULT_MAX_REMEMBERED,
  now = () => performance.now(),
}: RefusalMemoryOptions = {}): RefusalMemory => {
  // Insertion order is age order: the first entry is the oldest answer, evicted first.
  const entries = new Map<string, Entry>()
  const shapes = new Map<string, Shape>()
  // Unknown callers are one bucket in the database ('' there too); no real key is empty.
  const entryKey = (scope: string, key: string | null) => `${scope}\u0000${key ?? ''}`

  const shared = (shape: Shape): Shape => {
    const id = JSON.stringify([shape.status, shape.message, shape.headers])
    const known = shapes.get(id)
    if (known) return known
    if (shapes.size >= MAX_SHAPES) shapes.clear()
    shapes.set(id, shape)
    return shape
  }

  const dropExpiredOldest = (at: number) => {
    for (const [key, entry] of entries) {
      if (entry.until > at) return
      entries.delete(key)
    }
  }

  return {
    recall(scope, key) {
      const id = entryKey(scope, key)
      const entry = entries.get(id)
      if (!entry) return undefined
      const left = Math.ceil((entry.until - now()) / 1000)
      if (left <= 0) {
        entries.delete(id)
        return undefined
      }
      const { shape } = entry
      const headers = { ...shape.headers, [shape.retryAfter]: String(left) }
      return new RememberedRefusal(shape.message, JSON.stringify({ status: shape.status, headers }))
    },

    learn(scope, key, error, askedAt) {
      const refusal = readFloodRefusal(error)
      if (!refusal) return
      const id = entryKey(scope, key)
      const known = entries.get(id)
      // Answers to requests in flight together arrive in any order: the latest question wins.
      if (known && known.askedAt > askedAt) return
      const { shape, seconds } = refusal
      entries.delete(id)
      dropExpiredOldest(now())
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next()
        if (oldest.done) break
        entries.delete(oldest.value)
      }
      entries.set(id, { shape: shared(shape), askedAt, until: askedAt + seconds * 1000 })
    },

    now,

    get size() {
      return entries.size
    },
  }
}
