import { describe, expect, it } from 'vitest'
import { createCallerQueues } from './caller-queues.ts'

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe("a caller's line", () => {
  it('lets two of one caller’s calls run at once and the rest wait their turn, in order', async () => {
    const lines = createCallerQueues(2)
    const started: number[] = []
    const leaves: (() => void)[] = []
    for (let n = 0; n < 5; n += 1) {
      void lines.enter('198.51.100.7').then((leave) => {
        started.push(n)
        leaves[n] = leave
      })
    }
    await settle()
    expect(started).toEqual([0, 1])
    // Another caller, and the unknown callers, have lines of their own.
    const other = await lines.enter('198.51.100.8')
    const unknown = await lines.enter(null)
    leaves[1]?.()
    await settle()
    expect(started).toEqual([0, 1, 2])
    leaves[0]?.()
    leaves[0]?.() // leaving twice frees one place, not two
    await settle()
    expect(started).toEqual([0, 1, 2, 3])
    for (const n of [2, 3]) leaves[n]?.()
    await settle()
    expect(started).toEqual([0, 1, 2, 3, 4])
    leaves[4]?.()
    other()
    unknown()
    expect(lines.size).toBe(0)
  })
})
