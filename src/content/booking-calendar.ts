/**
 * The booking calendar's week, as calendars in Brazil draw it: Sunday first. The columns'
 * headings (prerendered) and the days' places (placed by the page's script) both read this,
 * so a company that wants Monday first changes `startsOn` and rotates `days` here.
 */
export const calendarWeek = {
  /** The first column's weekday, as `Date.getUTCDay()` counts: 0 is Sunday. */
  startsOn: 0,
  /** The columns' headings, from the first column on; hidden from screen readers, whose
   * users hear each day's whole date. */
  days: ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'],
} as const
