import { describe, expect, it } from 'vitest'
import {
  burstOf,
  createCallBudget,
  type CallBudgetOptions,
  type TallyAnswer,
} from './call-budget.ts'

// The budget alone, on a clock the test moves: nothing here waits or depends on speed.
const LIMITS = { perMinute: 60, per56PerMinute: 80, per48PerMinute: 100, unknownPerMinute: 600 }
const setup = (options: CallBudgetOptions = {}) => {
  const clock = { ms: 0 }
  const budget = createCallBudget({ limits: LIMITS, now: () => clock.ms, ...options })
  /** Calls `count` times at once; answers how many were let through. */
  const calls = (key: string | null, count: number) =>
    Array.from({ length: count }, () => budget.take(key)).filter((decision) => decision.allowed)
      .length
  return { budget, clock, calls }
}

/** What the tally answers, with these callers and blocks. */
const answer = (
  callers: TallyAnswer['callers'],
  blocks: TallyAnswer['blocks'] = null,
  limits = LIMITS,
): TallyAnswer => ({
  per_minute: limits.perMinute,
  per_56_per_minute: limits.per56PerMinute,
  per_48_per_minute: limits.per48PerMinute,
  unknown_per_minute: limits.unknownPerMinute,
  callers,
  blocks_version: JSON.stringify(blocks),
  blocks,
})

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
      network: false,
      turnKey: '198.51.100.7',
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

  it('holds every /64 of one /56, and of one /48, to one address’s burst, then to its own pace', () => {
    const { budget, clock, calls } = setup()
    // A new /64 for each call, all in one /56; then a new /56 for each call, all in one /48:
    // 15 at once (one address's), not 15 each.
    const holdsRotation = (rotating: () => string, turnKey: string) => {
      const allowed = Array.from({ length: 40 }, () => calls(rotating(), 1)).reduce((a, b) => a + b)
      expect(allowed).toBe(burstOf(60))
      expect(budget.take(rotating())).toMatchObject({ allowed: false, network: true, turnKey })
    }
    let n = 0
    holdsRotation(() => `2001:db8:5:${(n += 1).toString(16)}::/64`, '2001:db8:5::/56')
    let m = 0
    const rotating48 = () => `2001:db8:9:${((m += 1) * 256).toString(16)}::/64`
    holdsRotation(rotating48, '2001:db8:9::/48')
    // Then the /48's own pace, 100 a minute: a call every 0.6 s, not an address's 1 s. A
    // refused call took nothing from the keys that would have let it through.
    clock.ms += 600
    expect(calls(rotating48(), 2)).toBe(1)
    // Another /48, and IPv4 addresses (counted alone, each), are not touched.
    expect(calls('2001:db8:6:1::/64', 100)).toBe(15)
    expect(calls('198.51.100.1', 100)).toBe(15)
    expect(calls('198.51.100.2', 100)).toBe(15)
  })

  it('hands the tally what it counted once, per key, and takes it back when the tally failed', () => {
    const { budget, calls } = setup()
    calls('198.51.100.7', 3)
    calls('2001:db8:7:1::/64', 2)
    expect(budget.drain()).toEqual({
      keys: ['198.51.100.7', '2001:db8:7:1::/64', '2001:db8:7::/56', '2001:db8:7::/48'],
      calls: [3, 2, 2, 2],
    })
    expect(budget.drain()).toEqual({ keys: [], calls: [] })
    budget.restore(['198.51.100.7'], [3])
    expect(budget.drain()).toEqual({ keys: ['198.51.100.7'], calls: [3] })
  })

  it("refuses a key whose calls on every server together fill its minute, until the database's Retry-After", () => {
    const { budget, clock, calls } = setup()
    calls('198.51.100.7', 5)
    budget.drain()
    // The other servers counted 55 more: the window is full for 20 s.
    budget.learn(answer([['198.51.100.7', 60, 20]]))
    expect(budget.take('198.51.100.7')).toMatchObject({ allowed: false, retryAfterSeconds: 20 })
    clock.ms += 19_000
    expect(calls('198.51.100.7', 1)).toBe(0)
    clock.ms += 1_000
    expect(calls('198.51.100.7', 1)).toBe(1)
    // Near the window's end, what this server counted since the tally counts too.
    budget.learn(answer([['198.51.100.7', 58, 0]]))
    expect(calls('198.51.100.7', 10)).toBe(1)
    // A /48 the servers filled together refuses a /64 of it this server never saw.
    calls('2001:db8:8:1::/64', 1)
    budget.learn(answer([['2001:db8:8::/48', 100, 30]]))
    expect(budget.take('2001:db8:8:99::/64')).toMatchObject({
      allowed: false,
      network: true,
      retryAfterSeconds: 30,
    })
  })

  it('refuses every caller inside a block on its first call, takes the limits the database holds, and lets a block end', () => {
    const { budget, clock, calls } = setup()
    expect(budget.blockOf('2001:db8:66:1::/64')).toBeUndefined()
    budget.learn(
      answer(
        [],
        [
          ['2001:db8:66::/48', null],
          ['203.0.113.0/24', 90],
          ['198.51.100.9/32', null],
          ['2001:db8:77:1::/64', null],
        ],
        { ...LIMITS, perMinute: 8 },
      ),
    )
    expect(budget.limits()).toEqual({ ...LIMITS, perMinute: 8 })
    expect(budget.blocksVersion()).toContain('2001:db8:66::/48')
    for (const caller of ['2001:db8:66:1::/64', '2001:db8:66:ffff::/64']) {
      expect(budget.take(caller)).toMatchObject({
        allowed: false,
        reason: 'blocked',
        turnKey: '2001:db8:66::/48',
      })
    }
    expect(budget.take('203.0.113.200')).toMatchObject({ allowed: false, reason: 'blocked' })
    expect(budget.take('198.51.100.9')).toMatchObject({ allowed: false, reason: 'blocked' })
    expect(budget.take('2001:db8:77:1::/64')).toMatchObject({ allowed: false, reason: 'blocked' })
    // Neighbours are not blocked, nor the unknown callers.
    for (const caller of ['2001:db8:67:1::/64', '2001:db8:77:2::/64', '198.51.100.10', null]) {
      expect(calls(caller, 1)).toBe(1)
    }
    // The /24's block ends when the database said; the others hold until lifted.
    clock.ms += 90_000
    expect(calls('203.0.113.200', 1)).toBe(1)
    expect(budget.take('2001:db8:66:1::/64')).toMatchObject({ reason: 'blocked' })
    // A tally that brings no list keeps the one held; one that brings an empty list lifts all.
    budget.learn(answer([], null, { ...LIMITS, perMinute: 8 }))
    expect(budget.blockOf('2001:db8:66:1::/64')).toBe('2001:db8:66::/48')
    budget.learn(answer([], [], { ...LIMITS, perMinute: 8 }))
    expect(calls('2001:db8:66:1::/64', 1)).toBe(1)
    // A new caller's bucket is the new limit's: 8 a minute, 2 at once.
    expect(calls('203.0.113.10', 10)).toBe(2)
  })

  it('remembers at most so many keys, forgetting the one seen longest ago', () => {
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
