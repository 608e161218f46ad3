import { describe, expect, it } from 'vitest'
import { localDay, slotTime } from './slot-times.ts'

const COMPANY = 'America/Sao_Paulo'
// 9h in São Paulo on Wednesday 2027-03-10, and on Wednesday 2027-04-07 (Lisbon on summer time).
const NINE_IN_MARCH = '2027-03-10T12:00:00Z'
const NINE_IN_APRIL = '2027-04-07T12:00:00Z'

describe("a free time on the visitor's clock", () => {
  it('reads plainly in the company’s own zone, naming no zone', () => {
    expect(slotTime(NINE_IN_MARCH, COMPANY, COMPANY)).toEqual({
      weekday: 'quarta-feira',
      date: '10/03/2027',
      time: '09:00',
      zone: null,
    })
    // Another zone with the same clock needs no name either.
    expect(slotTime(NINE_IN_MARCH, 'America/Bahia', COMPANY).zone).toBeNull()
  })

  it.each([
    ['America/Manaus', NINE_IN_MARCH, '08:00', 'GMT-4', /Amazonas/],
    ['America/Noronha', NINE_IN_MARCH, '10:00', 'GMT-2', /Noronha/],
    ['America/Rio_Branco', NINE_IN_MARCH, '07:00', 'GMT-5', /Acre/],
    ['Europe/Lisbon', NINE_IN_MARCH, '12:00', 'GMT', /Europa Ocidental/],
    ['Europe/Lisbon', NINE_IN_APRIL, '13:00', 'GMT+1', /Europa Ocidental/],
  ])(
    'shows 9h on a company clock of UTC−3 to a visitor in %s (%s) as %s, naming the zone',
    (zone, instant, time, offset, name) => {
      const shown = slotTime(instant, zone, COMPANY)
      expect(shown.time).toBe(time)
      expect(shown.zone?.offset).toBe(offset)
      expect(shown.zone?.name).toMatch(name)
    },
  )

  it.each([
    ['UTC', '12:00', 'GMT'],
    ['Etc/GMT+3', '09:00', 'GMT-3'],
  ])(
    'names a zone that has no name of its own (%s) by its offset alone, once',
    (zone, time, offset) => {
      // Against a company in Manaus (GMT-4), so that both clocks differ from the company's.
      const shown = slotTime(NINE_IN_MARCH, zone, 'America/Manaus')
      expect(shown.time).toBe(time)
      expect(shown.zone).toEqual({ name: offset, offset })
    },
  )

  it("gives the visitor's own date when their day has already turned", () => {
    // 17h30 in São Paulo is 05h30 the next morning in Tokyo.
    expect(slotTime('2027-03-10T20:30:00Z', 'Asia/Tokyo', COMPANY)).toMatchObject({
      weekday: 'quinta-feira',
      date: '11/03/2027',
      time: '05:30',
    })
    expect(localDay('2027-03-10T20:30:00Z', 'Asia/Tokyo')).toBe('2027-03-11')
    expect(localDay('2027-03-10T20:30:00Z', COMPANY)).toBe('2027-03-10')
  })
})
