import { freeDays, visitorTimeZone } from './free-days.ts'
import { dayLabel } from './slot-times.ts'

// 9h, 9h30 and 17h30 in São Paulo on Wednesday 2027-03-10, and 9h on Thursday the 11th.
const SLOTS = [
  '2027-03-10T12:00:00Z',
  '2027-03-10T12:30:00Z',
  '2027-03-10T20:30:00Z',
  '2027-03-11T12:00:00Z',
]

describe("the free times by the visitor's day", () => {
  it('puts each time under its day, in order, for a visitor in the company’s zone', () => {
    expect(freeDays(SLOTS, 'America/Sao_Paulo')).toEqual([
      { day: '2027-03-10', slots: SLOTS.slice(0, 3) },
      { day: '2027-03-11', slots: SLOTS.slice(3) },
    ])
  })

  it('moves a time to the next day where the visitor’s day has already turned', () => {
    // 17h30 in São Paulo is 05h30 on Thursday in Tokyo, and 9h is 21h the same day.
    expect(freeDays(SLOTS, 'Asia/Tokyo')).toEqual([
      { day: '2027-03-10', slots: SLOTS.slice(0, 2) },
      { day: '2027-03-11', slots: SLOTS.slice(2) },
    ])
  })

  it('has no days when there are no free times', () => {
    expect(freeDays([], 'America/Manaus')).toEqual([])
  })

  it("names a day as a visitor reads it, the same whatever the visitor's zone", () => {
    expect(dayLabel('2027-03-10')).toEqual({
      weekday: 'qua.',
      date: '10/03',
      name: 'quarta-feira, 10 de março',
    })
    expect(dayLabel('2028-02-29').name).toBe('terça-feira, 29 de fevereiro')
  })
})

describe("the visitor's time zone", () => {
  afterEach(() => vi.restoreAllMocks())

  it('is the one the browser reports', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    expect(visitorTimeZone('America/Sao_Paulo')).toBe(zone)
  })

  it("is the company's when the browser reports none", () => {
    const options = Intl.DateTimeFormat().resolvedOptions()
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...options,
      timeZone: '',
    })
    expect(visitorTimeZone('America/Sao_Paulo')).toBe('America/Sao_Paulo')
  })
})
