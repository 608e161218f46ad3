/**
 * Answers that are the same for every caller, kept by this server for a moment (decision 040):
 * the free times change only when a booking, a closed day or the busy calendar changes them,
 * so a second's copy serves every visitor and every flood of reads for one query. Whoever asks
 * while the copy is being made waits for that one query instead of making another. A change
 * made through this server (a booking, a move, a cancellation) forgets the copy at once; one
 * made elsewhere (another server, the desk, the busy calendar) shows within FRESH_MS, and a
 * visitor who picks a time taken meanwhile is told so by the database, which decides.
 */

/** How long a copy serves. */
export const READ_CACHE_FRESH_MS = 1_000

/** The functions whose answer, with no arguments, is the same for everyone. */
export const CACHED_READS: ReadonlySet<string> = new Set(['booking_free_times'])

/**
 * Functions that only read but are declared volatile, so that hosted Supabase runs their POST
 * read-write and can count it (20261128020100_public_call_limits.sql): this server runs them
 * read-only, as it did, and never lines their callers up as it does a write's.
 */
export const READS_DECLARED_VOLATILE: ReadonlySet<string> = new Set([
  'booking_free_times',
  'booking_details',
])

export interface ReadCache {
  /** The copy of `name`'s answer while fresh; else `ask`, once for all who ask meanwhile. */
  read(name: string, ask: () => Promise<string | undefined>): Promise<string | undefined>
  /** Forgets every copy: something they were made from may have changed. */
  forget(): void
}

export const createReadCache = ({
  freshMs = READ_CACHE_FRESH_MS,
  now = () => performance.now(),
}: { freshMs?: number; now?: () => number } = {}): ReadCache => {
  const copies = new Map<string, { body: string | undefined; madeAt: number }>()
  const asking = new Map<string, { generation: number; answer: Promise<string | undefined> }>()
  // A copy made by a query that began before a change is not kept.
  let generation = 0

  return {
    read(name, ask) {
      const copy = copies.get(name)
      if (copy && now() - copy.madeAt < freshMs) return Promise.resolve(copy.body)
      const pending = asking.get(name)
      if (pending && pending.generation === generation) return pending.answer
      const started = generation
      const madeAt = now()
      const answer = ask()
        .then((body) => {
          if (started === generation) copies.set(name, { body, madeAt })
          return body
        })
        .finally(() => {
          if (asking.get(name)?.answer === answer) asking.delete(name)
        })
      asking.set(name, { generation: started, answer })
      return answer
    },
    forget() {
      generation += 1
      copies.clear()
    },
  }
}
