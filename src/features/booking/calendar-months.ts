/** A month of the booking calendar: its days, each in its weekday's column. */
export interface CalendarMonth {
  /** 'YYYY-MM' */
  month: string
  /** 'YYYY-MM-DD' for a day; null for an empty cell before the month's first day shown. */
  cells: (string | null)[]
}

const DAY_MS = 86_400_000

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`)
const dayOf = (date: Date) => date.toISOString().slice(0, 10)
const column = (date: Date, weekStartsOn: number) => (date.getUTCDay() - weekStartsOn + 7) % 7

/**
 * The weeks a month-style calendar shows for these days ('YYYY-MM-DD', in order): from the
 * week of the first to the week of the last, split where a month ends, each month's first
 * row padded to its weekday's column. Weeks outside that span are not drawn: nothing past the
 * horizon is on offer, and a greyed fortnight there would read as a full agenda.
 */
export function calendarMonths(days: readonly string[], weekStartsOn: number): CalendarMonth[] {
  const first = days[0]
  const last = days.at(-1)
  if (first === undefined || last === undefined) return []
  const firstDate = dateOf(first)
  const lastDate = dateOf(last)
  // The whole first and last weeks, but never into a month with nothing of the span in it.
  const start = Math.max(
    firstDate.getTime() - column(firstDate, weekStartsOn) * DAY_MS,
    Date.UTC(firstDate.getUTCFullYear(), firstDate.getUTCMonth(), 1),
  )
  const end = Math.min(
    lastDate.getTime() + (6 - column(lastDate, weekStartsOn)) * DAY_MS,
    Date.UTC(lastDate.getUTCFullYear(), lastDate.getUTCMonth() + 1, 0),
  )
  const months: CalendarMonth[] = []
  for (let time = start; time <= end; time += DAY_MS) {
    const date = new Date(time)
    const day = dayOf(date)
    let month = months.at(-1)
    if (month?.month !== day.slice(0, 7)) {
      month = {
        month: day.slice(0, 7),
        cells: Array.from({ length: column(date, weekStartsOn) }, () => null),
      }
      months.push(month)
    }
    month.cells.push(day)
  }
  return months
}
