import { describe, expect, it } from 'vitest'
import { burstOf, createCallBudget, type CallBudgetOptions } from './call-budget.ts'

// The budget alone, on a clock the test moves: nothing here waits or depends on speed.
const setup = (options: CallBudgetOptions = {}) => {
  const clock = { ms: 0 }
  const budget = createCallBudget({
    limits: { perMinute: 60, unknownPerMinute: 600 },
    now: () => clock.ms,
    ...options,
  })
  /** Calls `count` times at once; answers how many were let through. */
  const calls = (key: string | null, count: number) =>
    Array.from({ length: count }, () => budget.take(key)).filter((decision) => decision.allowed)
      .length
  return { budget, clock, calls }
}

describe('the calls budget of one server', () => {
  it('lets a caller make a quarter of its minute at once, then one call per second of its pace', () => {
    const { budget, clock, calls } = setup()
    expect(burstOf(60)).toBe(15)
    expect(calls('198.51.100.7', 100)).toBe(15)
    const refused = budget.take('198.51.100.7')
    expect(refused).toEqual({
      allowed: false,
      reason: 'limit',
      retryAfterSeconds: 1,
      unknown: false,
    })
    clock.ms += 1_000
    expect(calls('198.51.100.7', 10)).toBe(1)
    clock.ms += 5_000
    expect(calls('198.51.100.7', 10)).toBe(5)
    // Another caller, and the unknown callers together, have buckets of their own.
    expect(calls('2001:db8:1::/64', 100)).toBe(15)
    expect(calls(null, 1_000)).toBe(150)
    expect(budget.take(null)).toMatchObject({ allowed: false, unknown: true })
  })

  it('hands the tally what it counted once, and takes it back when the tally failed', () => {
    const { budget, calls } = setup()
    calls('198.51.100.7', 3)
    calls('198.51.100.8', 2)
    expect(budget.drain()).toEqual({ keys: ['198.51.100.7', '198.51.100.8'], calls: [3, 2] })
    expect(budget.drain()).toEqual({ keys: [], calls: [] })
    budget.restore(['198.51.100.7'], [3])
    expect(budget.drain()).toEqual({ keys: ['198.51.100.7'], calls: [3] })
  })

  it("refuses a caller whose calls on every server together fill its minute, until the database's Retry-After", () => {
    const { budget, clock, calls } = setup()
    calls('198.51.100.7', 5)
    budget.drain()
    // The other servers counted 55 more: the window is full for 20 s.
    budget.learn({
      per_minute: 60,
      unknown_per_minute: 600,
      callers: [['198.51.100.7', 60, 20, false]],
    })
    expect(budget.take('198.51.100.7')).toMatchObject({ allowed: false, retryAfterSeconds: 20 })
    clock.ms += 19_000
    expect(calls('198.51.100.7', 1)).toBe(0)
    clock.ms += 1_000
    expect(calls('198.51.100.7', 1)).toBe(1)
    // Near the window's end, what this server counted since the tally counts too.
    budget.learn({
      per_minute: 60,
      unknown_per_minute: 600,
      callers: [['198.51.100.7', 58, 0, false]],
    })
    expect(calls('198.51.100.7', 10)).toBe(1)
  })

  it('takes the limits the database holds, and refuses a blocked network for a minute', () => {
    const { budget, clock, calls } = setup()
    calls('203.0.113.9', 1)
    budget.learn({
      per_minute: 8,
      unknown_per_minute: 600,
      callers: [['203.0.113.9', 1, 0, true]],
    })
    expect(budget.limits()).toEqual({ perMinute: 8, unknownPerMinute: 600 })
    expect(budget.take('203.0.113.9')).toEqual({
      allowed: false,
      reason: 'blocked',
      retryAfterSeconds: 60,
      unknown: false,
    })
    clock.ms += 60_000
    expect(calls('203.0.113.9', 1)).toBe(1)
    // A new caller's bucket is the new limit's: 8 a minute, 2 at once.
    expect(calls('203.0.113.10', 10)).toBe(2)
  })

  it('remembers at most so many callers, forgetting the one seen longest ago', () => {
    const { budget, calls } = setup({ maxEntries: 3 })
    for (const key of ['a', 'b', 'c']) calls(key, 15)
    calls('a', 1)
    calls('d', 1)
    expect(budget.size).toBe(3)
    // b was forgotten: a full bucket again; a was kept: still empty.
    expect(calls('b', 20)).toBe(15)
    expect(calls('a', 1)).toBe(0)
  })
})
