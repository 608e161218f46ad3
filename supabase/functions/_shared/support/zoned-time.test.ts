import { describe, expect, it } from 'vitest'
import { isKnownTimeZone, wallClockToEpochMs } from './zoned-time.ts'

const at = (zone: string, hour: number, minute = 0, day = 28) =>
  new Date(
    wallClockToEpochMs({ year: 2027, month: 3, day, hour, minute, second: 0 }, zone),
  ).toISOString()

describe('a wall-clock time in a time zone', () => {
  it('is the instant that zone shows it, on either side of a change of offset', () => {
    expect(at('America/Sao_Paulo', 9)).toBe('2027-03-28T12:00:00.000Z')
    // Lisbon moves from +00:00 to +01:00 at 01:00 UTC on 28 March 2027.
    expect(at('Europe/Lisbon', 0, 30)).toBe('2027-03-28T00:30:00.000Z')
    expect(at('Europe/Lisbon', 14)).toBe('2027-03-28T13:00:00.000Z')
  })

  it('moves a time the clock skips forward by the gap, and takes the first of a repeated one', () => {
    // 28 March 2027: Lisbon's clocks skip from 01:00 to 02:00; 01:30 reads as 02:30 would.
    expect(at('Europe/Lisbon', 1, 30)).toBe('2027-03-28T01:30:00.000Z')
    // 31 October 2027: Lisbon shows 01:30 twice, at 00:30 UTC and 01:30 UTC.
    expect(at('Europe/Lisbon', 1, 30, 31).replace('03-31', '10-31')).toBeDefined()
    const repeated = wallClockToEpochMs(
      { year: 2027, month: 10, day: 31, hour: 1, minute: 30, second: 0 },
      'Europe/Lisbon',
    )
    expect(new Date(repeated).toISOString()).toBe('2027-10-31T00:30:00.000Z')
  })

  it('knows IANA names and not Windows ones', () => {
    expect(isKnownTimeZone('America/New_York')).toBe(true)
    expect(isKnownTimeZone('Eastern Standard Time')).toBe(false)
  })
})
