import { readForNav } from '../layout/nav-reading.ts'
import { countMeetingsToday } from './agenda-store.ts'

/**
 * For every page (a GET outside /api/), how many meetings there are today, for the nav: one
 * count on the bookings' start index.
 */
export const countMeetingsForNav = readForNav('meetingsToday', countMeetingsToday)
