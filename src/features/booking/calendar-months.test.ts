import { calendarMonths } from './calendar-months.ts'

const SUNDAY = 0
const MONDAY = 1

/** A month's cells as a calendar shows them: '·' for an empty cell, else the day of the month. */
const drawn = (cells: (string | null)[]) => cells.map((cell) => cell?.slice(8) ?? '·').join(' ')

describe('the booking calendar’s months', () => {
  it('draws the weeks from the first day’s to the last one’s, split where a month ends', () => {
    // Monday 30 November to Friday 18 December 2026, on a Sunday-first calendar.
    const months = calendarMonths(['2026-11-30', '2026-12-02', '2026-12-18'], SUNDAY)
    expect(months.map((month) => month.month)).toEqual(['2026-11', '2026-12'])
    expect(drawn(months[0]?.cells ?? [])).toBe('29 30')
    expect(drawn(months[1]?.cells ?? [])).toBe(
      '· · 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19',
    )
  })

  it('puts each day in its weekday’s column whatever day the week starts on', () => {
    const [month] = calendarMonths(['2027-03-10', '2027-03-12'], MONDAY)
    // Wednesday the 10th is the third column of a Monday-first week, which began on the 8th.
    expect(drawn(month?.cells ?? [])).toBe('08 09 10 11 12 13 14')
    const [sundayFirst] = calendarMonths(['2027-03-10'], SUNDAY)
    expect(drawn(sundayFirst?.cells ?? [])).toBe('07 08 09 10 11 12 13')
  })

  it('never reaches into a month with none of the days, across a year’s end too', () => {
    // Friday 1 January 2027: its week began in December, which has nothing to show.
    const months = calendarMonths(['2026-12-31', '2027-01-01'], SUNDAY)
    expect(months.map((month) => [month.month, drawn(month.cells)])).toEqual([
      ['2026-12', '27 28 29 30 31'],
      ['2027-01', '· · · · · 01 02'],
    ])
    expect(calendarMonths(['2027-01-01'], SUNDAY).map((month) => month.month)).toEqual(['2027-01'])
  })

  it('draws nothing when there are no days', () => {
    expect(calendarMonths([], SUNDAY)).toEqual([])
  })
})
