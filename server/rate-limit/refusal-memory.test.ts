import { describe, expect, it } from 'vitest'
import { readDatabaseAnswer } from '#shared/db/database-answer.ts'
import { createRefusalMemory } from './refusal-memory.ts'

// The error private.refuse raises, as node-postgres and PGlite hand it over.
const refusal = (retryAfter: string, status = 429, message = 'Muitas mensagens.') =>
  Object.assign(new Error(JSON.stringify({ code: 'PT429', message, details: null, hint: 'h' })), {
    code: 'PGRST',
    detail: JSON.stringify({ status, headers: { 'Retry-After': retryAfter } }),
  })

/** A memory on a clock the test moves. */
const memoryAt = (maxEntries?: number) => {
  const clock = { ms: 1_000 }
  const memory = createRefusalMemory({ maxEntries, now: () => clock.ms })
  return { memory, clock }
}

const recalled = (error: unknown) => {
  const answer = error === undefined ? undefined : readDatabaseAnswer(error)
  return answer === 'unreachable' ? undefined : answer
}

describe('the refusals a server remembers', () => {
  it("repeats the database's refusal with Retry-After counting down, read as the database's", () => {
    const { memory, clock } = memoryAt()
    const asked = refusal('60')
    memory.learn('insert:t', '198.51.100.7', asked, clock.ms)
    clock.ms += 20_400
    const again = recalled(memory.recall('insert:t', '198.51.100.7'))
    expect(again).toEqual({ ...recalled(asked), headers: { 'Retry-After': '40' } })
    expect(again?.status).toBe(429)
  })

  it('counts from when the database was asked, and forgets it when its Retry-After has passed', () => {
    const { memory, clock } = memoryAt()
    const askedAt = clock.ms
    clock.ms += 700 // the database's answer came back later
    memory.learn('insert:t', '198.51.100.7', refusal('2'), askedAt)
    clock.ms = askedAt + 1_999
    expect(recalled(memory.recall('insert:t', '198.51.100.7'))?.headers).toEqual({
      'Retry-After': '1',
    })
    clock.ms = askedAt + 2_000
    expect(memory.recall('insert:t', '198.51.100.7')).toBeUndefined()
    expect(memory.size).toBe(0)
  })

  it('keeps each answer to its own caller and scope; unknown callers are one caller', () => {
    const { memory, clock } = memoryAt()
    memory.learn('insert:t', '198.51.100.7', refusal('60'), clock.ms)
    memory.learn('rpc:book', null, refusal('60'), clock.ms)
    expect(memory.recall('insert:t', '198.51.100.7')).toBeDefined()
    expect(memory.recall('insert:t', '198.51.100.8')).toBeUndefined()
    expect(memory.recall('insert:t', null)).toBeUndefined()
    expect(memory.recall('rpc:book', '198.51.100.7')).toBeUndefined()
    expect(memory.recall('insert:other', '198.51.100.7')).toBeUndefined()
    expect(memory.recall('rpc:book', null)).toBeDefined()
  })

  it('remembers nothing but a 429 with a delay in seconds', () => {
    const { memory, clock } = memoryAt()
    const notRemembered = [
      refusal('60', 400),
      refusal('60', 503),
      refusal('Wed, 21 Oct 2026 07:28:00 GMT'),
      refusal('0'),
      refusal('-5'),
      refusal('1e3'),
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('{}'), { code: 'PGRST', detail: 'not json' }),
      Object.assign(new Error('{}'), { code: 'PGRST', detail: '{"status":429}' }),
      new Error('connect ECONNREFUSED'),
      'a string',
    ]
    for (const error of notRemembered) memory.learn('insert:t', '198.51.100.7', error, clock.ms)
    expect(memory.size).toBe(0)
  })

  it('takes the answer to the latest question when answers arrive out of order', () => {
    const { memory, clock } = memoryAt()
    memory.learn('insert:t', '198.51.100.7', refusal('30'), clock.ms + 10)
    memory.learn('insert:t', '198.51.100.7', refusal('600'), clock.ms)
    expect(recalled(memory.recall('insert:t', '198.51.100.7'))?.headers).toEqual({
      'Retry-After': '31',
    })
  })

  it('holds at most its cap, forgetting the oldest answers first', () => {
    const { memory, clock } = memoryAt(3)
    const callers = [
      '198.51.100.1',
      '198.51.100.2',
      '198.51.100.3',
      '198.51.100.4',
      '2001:db8::/64',
    ]
    for (const caller of callers) memory.learn('insert:t', caller, refusal('60'), clock.ms)
    expect(memory.size).toBe(3)
    expect(callers.map((caller) => memory.recall('insert:t', caller) !== undefined)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ])
  })

  it('stays at its cap under a flood from twenty thousand addresses', () => {
    const { memory, clock } = memoryAt(1_000)
    for (let n = 0; n < 20_000; n += 1) {
      memory.learn(
        'insert:t',
        `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`,
        refusal('600'),
        clock.ms,
      )
    }
    expect(memory.size).toBe(1_000)
    expect(memory.recall('insert:t', '10.0.78.31')).toBeDefined() // the last one
    expect(memory.recall('insert:t', '10.0.0.0')).toBeUndefined()
  })
})
