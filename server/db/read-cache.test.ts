import { describe, expect, it } from 'vitest'
import { createReadCache } from './read-cache.ts'

// The copies alone, with a database that answers when told and a clock the test moves.
const setup = () => {
  const clock = { ms: 0 }
  const reads = createReadCache({ freshMs: 1_000, now: () => clock.ms })
  const database = { queries: 0, version: 1, waiting: [] as (() => void)[] }
  /** A query that answers the version as it is when it is answered, once released. */
  const ask = () => {
    database.queries += 1
    return new Promise<string>((resolve) =>
      database.waiting.push(() => resolve(`v${database.version}`)),
    )
  }
  const release = () => {
    for (const answer of database.waiting.splice(0)) answer()
  }
  return { reads, clock, database, ask, release }
}

describe('answers the same for every caller', () => {
  it('asks the database once for everyone who asks while it answers, and serves the copy a second', async () => {
    const { reads, clock, database, ask, release } = setup()
    const first = Array.from({ length: 50 }, () => reads.read('booking_free_times', ask))
    expect(database.queries).toBe(1)
    release()
    expect(new Set(await Promise.all(first))).toEqual(new Set(['v1']))
    clock.ms += 999
    expect(await reads.read('booking_free_times', ask)).toBe('v1')
    expect(database.queries).toBe(1)
    clock.ms += 1
    const later = reads.read('booking_free_times', ask)
    expect(database.queries).toBe(2)
    release()
    expect(await later).toBe('v1')
  })

  it('forgets the copy when something changes, and keeps none made by a query begun before', async () => {
    const { reads, database, ask, release } = setup()
    const before = reads.read('booking_free_times', ask)
    // A booking changes the free times while the read is under way.
    database.version = 2
    reads.forget()
    const after = reads.read('booking_free_times', ask)
    expect(database.queries).toBe(2)
    release()
    await Promise.all([before, after])
    expect(await reads.read('booking_free_times', ask)).toBe('v2')
    expect(database.queries).toBe(2)
  })

  it('keeps no copy of a refusal: the next caller asks again', async () => {
    const { reads } = setup()
    let queries = 0
    const failing = () => {
      queries += 1
      return Promise.reject(new Error('database unreachable'))
    }
    await expect(reads.read('booking_free_times', failing)).rejects.toThrow('unreachable')
    await expect(reads.read('booking_free_times', failing)).rejects.toThrow('unreachable')
    expect(queries).toBe(2)
  })
})
