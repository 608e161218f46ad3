import { describe, expect, it } from 'vitest'
import {
  describeDuration,
  describeHours,
  describeHoursShort,
  describePromiseHours,
} from './durations.ts'

describe('durations in Portuguese', () => {
  it('word a wait rounded down, from minutes to days', () => {
    expect(describeDuration(30_000)).toBe('menos de 1 min')
    expect(describeDuration(45 * 60_000)).toBe('45 min')
    expect(describeDuration((3 * 60 + 12) * 60_000)).toBe('3 h 12 min')
    expect(describeDuration((23 * 60 + 59) * 60_000)).toBe('23 h 59 min')
    expect(describeDuration(52 * 3_600_000)).toBe('2 dias e 4 h')
  })

  it('word the reply promise in full and beside an icon, whatever hours the company promises', () => {
    expect([24, 12, 1, 48].map(describeHours)).toEqual([
      '24 horas',
      '12 horas',
      '1 hora',
      '48 horas',
    ])
    expect([24, 12, 1].map(describeHoursShort)).toEqual(['24h', '12h', '1h'])
    expect(describeHours(0.5)).toBe('30 min')
    expect(describeHoursShort(1.5)).toBe('1 h 30 min')
  })

  it('word the promise for the company with the clock it runs on: "úteis" in office hours', () => {
    expect(describePromiseHours(24, 'business')).toBe('24 horas úteis')
    expect(describePromiseHours(1, 'business')).toBe('1 hora útil')
    expect(describePromiseHours(0.5, 'business')).toBe('30 min de expediente')
    expect(describePromiseHours(24, 'clock')).toBe('24 horas')
    expect(describePromiseHours(0.5, 'clock')).toBe('30 min')
  })
})
