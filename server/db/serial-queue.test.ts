import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPgliteDatabase } from './pglite.ts'
import type { Database } from './database.ts'
import { createSerialQueue } from './serial-queue.ts'

describe('operations taking turns', () => {
  it('run one at a time, in order, each after a turn of the event loop', async () => {
    const inTurn = createSerialQueue()
    const seen: string[] = []
    const all = Promise.all(
      [1, 2, 3].map((n) =>
        inTurn(async () => {
          seen.push(`start ${n}`)
          // What arrives while the first runs gets its turn before the second starts.
          if (n === 1) setImmediate(() => seen.push('other work'))
          await Promise.resolve()
          seen.push(`end ${n}`)
          if (n === 2) throw new Error('the second fails')
          return n
        }).catch((error: Error) => error.message),
      ),
    )
    expect(await all).toEqual([1, 'the second fails', 3])
    expect(seen).toEqual(['start 1', 'end 1', 'other work', 'start 2', 'end 2', 'start 3', 'end 3'])
  })
})

describe('PGlite on the server thread', () => {
  let db: Database
  beforeAll(async () => {
    db = await openPgliteDatabase()
  })
  afterAll(() => db.close())

  it('lets other work run between queued transactions, not only after the last', async () => {
    const done: string[] = []
    const transactions = Array.from({ length: 20 }, (_, n) =>
      db.transaction(async (tx) => {
        await tx.query('select $1::int as n', [n])
        done.push(`transaction ${n}`)
      }),
    )
    // What a request arriving meanwhile gets to run: a turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve))
    done.push('a request in between')
    await Promise.all(transactions)
    const between = done.indexOf('a request in between')
    expect(between).toBeGreaterThan(-1)
    expect(between).toBeLessThan(done.length - 1)
  })
})
