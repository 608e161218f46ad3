import type { Context } from 'hono'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Queryable } from '#shared/db/run-query.ts'
import { createRefusalGuard, refusalScopes, type RefusalGuardOptions } from './refusal-guard.ts'
import { createRefusalMemory, RememberedRefusal } from './refusal-memory.ts'

// The guard alone, between a route and its database: requests are plain objects naming their
// caller, the database a function that counts its transactions and answers as told. Turns are
// taken on fake timers, so nothing here waits or depends on the machine's speed.
const scope = refusalScopes.insert('contact_submissions')
const refusal = (retryAfter: string) =>
  Object.assign(new Error('{"code":"PT429","message":"Muitas mensagens."}'), {
    code: 'PGRST',
    detail: JSON.stringify({ status: 429, headers: { 'Retry-After': retryAfter } }),
  })
const from = (address: string | undefined) => ({ address }) as unknown as Context

const setup = (options: RefusalGuardOptions) => {
  const clock = { ms: 0 }
  const memory = createRefusalMemory({ now: () => clock.ms })
  const guard = createRefusalGuard(
    memory,
    (c) => (c as unknown as { address: string | undefined }).address,
    options,
  )
  const database = { transactions: 0, answer: undefined as Error | undefined }
  const inTransaction = <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
    database.transactions += 1
    if (database.answer) return Promise.reject(database.answer)
    return fn({ query: async () => ({ rows: [] }) })
  }
  const run = (address: string | undefined) =>
    guard
      .transactions(
        from(address),
        scope,
        inTransaction,
      )(async () => 'stored')
      .catch((error: unknown) => error)
  /** Sends `count` requests from one address at once; `settled` fills as they are answered. */
  const flood = (address: string, count: number) => {
    const settled: unknown[] = []
    const all = Promise.all(
      Array.from({ length: count }, () => run(address).then((answer) => settled.push(answer))),
    )
    return { settled, all }
  }
  return { guard, clock, database, run, flood }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the refusal guard', () => {
  it("learns the database's refusal and answers it again without a transaction", async () => {
    const { database, run } = setup({ perSecond: 0 })
    database.answer = refusal('60')
    expect(await run('198.51.100.7')).toBe(database.answer)
    const again = await run('[::ffff:198.51.100.7]:80')
    expect(again).toBeInstanceOf(RememberedRefusal)
    expect(database.transactions).toBe(1)
    database.answer = undefined
    expect(await run('198.51.100.8')).toBe('stored')
    expect(await run(undefined)).toBe('stored')
  })

  it("answers a lone refused request at once, and a flood's one at a time, perSecond at most", async () => {
    const { database, run, flood } = setup({ perSecond: 10 })
    database.answer = refusal('60')
    await run('198.51.100.7')
    const { settled, all } = flood('198.51.100.7', 3)
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toHaveLength(1)
    // Another caller does not wait behind this one.
    expect(await run('198.51.100.8')).toBeInstanceOf(Error)
    await vi.advanceTimersByTimeAsync(100)
    expect(settled).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(100)
    await all
    expect(settled.every((answer) => answer instanceof RememberedRefusal)).toBe(true)
    expect(database.transactions).toBe(2)
  })

  it('keeps none waiting past its longest wait: those leave at a moment in its last half', async () => {
    const { database, run, flood } = setup({ perSecond: 1, maxWaitMs: 2_000, random: () => 0 })
    database.answer = refusal('60')
    await run('198.51.100.7')
    // Turns at 0, 1 and 2 s; the fourth would be at 3 s, past 2 s: it leaves at 1 s.
    const { settled, all } = flood('198.51.100.7', 4)
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(settled).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(1_000)
    await all
    expect(settled).toHaveLength(4)
  })

  it('holds at most its cap of answers waiting; the rest leave at once', async () => {
    const { database, run, flood } = setup({ perSecond: 10, maxWaiting: 2 })
    database.answer = refusal('60')
    await run('198.51.100.7')
    const { settled, all } = flood('198.51.100.7', 5)
    await vi.advanceTimersByTimeAsync(0)
    // The first's turn is now; two wait for theirs; the cap sends the other two at once.
    expect(settled).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(200)
    await all
    expect(settled).toHaveLength(5)
    expect(database.transactions).toBe(1)
  })

  it('asks the database again when the refusal ends while the answer waits', async () => {
    const { clock, database, run, flood } = setup({ perSecond: 1 })
    database.answer = refusal('1')
    await run('198.51.100.7')
    database.answer = undefined
    const { settled, all } = flood('198.51.100.7', 2)
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toEqual([expect.any(RememberedRefusal)])
    clock.ms = 1_000
    await vi.advanceTimersByTimeAsync(1_000)
    await all
    expect(settled[1]).toBe('stored')
    expect(database.transactions).toBe(2)
  })

  it("puts one caller's questions in line, so a flood's first burst costs the database one refusal", async () => {
    const { database, flood, run } = setup({ perSecond: 0 })
    database.answer = refusal('60')
    const { settled, all } = flood('198.51.100.7', 50)
    await all
    expect(database.transactions).toBe(1)
    expect(settled.filter((answer) => answer instanceof RememberedRefusal)).toHaveLength(49)
    // Other callers are not in that line.
    database.answer = undefined
    expect(await Promise.all([run('198.51.100.8'), run('198.51.100.9')])).toEqual([
      'stored',
      'stored',
    ])
  })

  it('answers only the limited query from memory, and learns from all of them', async () => {
    const { guard } = setup({ perSecond: 0 })
    let calls = 0
    const query = guard.queries(
      from('198.51.100.9'),
      scope,
      async () => {
        calls += 1
        if (calls === 1) throw refusal('60')
        return { rows: [{ ok: true }] }
      },
      (sql) => sql === 'claim',
    )
    await expect(query('record', [])).rejects.toMatchObject({ code: 'PGRST' })
    expect(await guard.recall(from('198.51.100.9'), scope)).toBeInstanceOf(RememberedRefusal)
    await expect(query('claim', [])).rejects.toBeInstanceOf(RememberedRefusal)
    // What a request records after its claim is never refused halfway.
    expect(await query('record', [])).toEqual({ rows: [{ ok: true }] })
    expect(calls).toBe(2)
  })
})
