import { describe, expect, it } from 'vitest'
import type { ScheduleFacts } from './backup-runs.ts'
import { backupIsDue, lastSlot } from './backup-schedule.ts'

const SAO_PAULO = 'America/Sao_Paulo'
const at = (iso: string) => new Date(iso)
const facts = (overrides: Partial<ScheduleFacts> = {}): ScheduleFacts => ({
  firstCheckedAt: at('2026-11-01T00:00:00Z'),
  lastSuccessAt: undefined,
  lastAttemptAt: undefined,
  running: false,
  ...overrides,
})

describe('the backup hour', () => {
  it('is on the company clock, today once it has passed, yesterday before', () => {
    // 03:00 in São Paulo (UTC-3) is 06:00 UTC.
    expect(lastSlot(at('2026-11-28T06:00:00Z'), 3, SAO_PAULO)).toEqual(at('2026-11-28T06:00:00Z'))
    expect(lastSlot(at('2026-11-28T17:42:10Z'), 3, SAO_PAULO)).toEqual(at('2026-11-28T06:00:00Z'))
    expect(lastSlot(at('2026-11-28T05:59:59Z'), 3, SAO_PAULO)).toEqual(at('2026-11-27T06:00:00Z'))
  })

  it('follows a zone whose offset is not whole hours, and one with summer time', () => {
    expect(lastSlot(at('2026-11-28T12:00:00Z'), 3, 'Asia/Kolkata')).toEqual(
      at('2026-11-27T21:30:00Z'),
    )
    // Lisbon: 03:00 is 02:00 UTC in summer, 03:00 UTC in winter.
    expect(lastSlot(at('2026-07-01T12:00:00Z'), 3, 'Europe/Lisbon')).toEqual(
      at('2026-07-01T02:00:00Z'),
    )
    expect(lastSlot(at('2026-12-01T12:00:00Z'), 3, 'Europe/Lisbon')).toEqual(
      at('2026-12-01T03:00:00Z'),
    )
  })
})

describe('whether the day’s backup is due', () => {
  const now = at('2026-11-28T06:05:00Z')

  it('is due from the hour on until one works that day', () => {
    expect(
      backupIsDue(facts({ lastSuccessAt: at('2026-11-27T06:03:00Z') }), now, 3, SAO_PAULO),
    ).toBe(true)
    expect(
      backupIsDue(facts({ lastSuccessAt: at('2026-11-28T06:01:00Z') }), now, 3, SAO_PAULO),
    ).toBe(false)
    expect(backupIsDue(facts({ running: true }), now, 3, SAO_PAULO)).toBe(false)
  })

  it('catches up when the server was down at the hour', () => {
    const afternoon = at('2026-11-28T18:00:00Z')
    const yesterday = facts({ lastSuccessAt: at('2026-11-27T06:02:00Z') })
    expect(backupIsDue(yesterday, afternoon, 3, SAO_PAULO)).toBe(true)
  })

  it('tries a failed one again after an hour, not at every look', () => {
    const failed = facts({
      lastSuccessAt: at('2026-11-27T06:02:00Z'),
      lastAttemptAt: at('2026-11-28T06:00:30Z'),
    })
    expect(backupIsDue(failed, now, 3, SAO_PAULO)).toBe(false)
    expect(backupIsDue(failed, at('2026-11-28T07:01:00Z'), 3, SAO_PAULO)).toBe(true)
  })

  it('waits for the first backup hour on a new installation', () => {
    const fresh = facts({ firstCheckedAt: at('2026-11-28T10:00:00Z') })
    expect(backupIsDue(fresh, at('2026-11-28T15:00:00Z'), 3, SAO_PAULO)).toBe(false)
    expect(backupIsDue(fresh, at('2026-11-29T06:00:00Z'), 3, SAO_PAULO)).toBe(true)
  })
})
