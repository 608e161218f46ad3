import type { ReplyClock } from '#shared/support/durations.ts'

/**
 * What the overview shows: its window's sizes and the shapes of its figures. The queries that
 * fill them are in overview-queries.ts; the page and its charts read only these.
 */

/** How many weeks the overview shows, the current one included. */
export const OVERVIEW_WEEKS = 12
/** Rows of the sources and campaigns tables. */
export const TOP_ROWS = 10
/** Meetings listed as the next ones. */
export const NEXT_MEETINGS = 5

export interface WeekFigures {
  /** The week's Monday in the company's time zone, YYYY-MM-DD. */
  week: string
  views: number
  leads: number
  meetings: number
}

export interface SourceFigures {
  /** private.attribution_source's key: '' is direct, '(outras)' past the day's cap. */
  source: string
  views: number
  leads: number
  meetings: number
}

export interface CampaignFigures {
  campaign: string
  leads: number
  meetings: number
}

export interface MailQueue {
  pending: number
  failed: number
  /** Refused for good by the mail server (lead e-mails only, decision 022). */
  refused: number
  oldest: Date | null
}

export interface NextMeeting {
  startsAt: Date
  name: string
  status: 'confirmed' | 'held'
}

/**
 * How the week's leads were answered (decision 051): spam and a booking's own lead aside, and
 * counted from when the visitor wrote. `unanswered` are past their deadline; a lead still
 * within it is in neither count.
 */
export interface AnswerFigures {
  week: string
  answered: number
  answeredInTime: number
  unanswered: number
  /** The median time to the first answer; null without an answer that week. */
  medianSeconds: number | null
}

export interface Overview {
  timeZone: string
  /** The page's promise, in hours (private.reply_settings). */
  promiseHours: number
  /** Which hours it counts (decision 070). */
  replyClock: ReplyClock
  weeks: WeekFigures[]
  answers: AnswerFigures[]
  sources: SourceFigures[]
  campaigns: CampaignFigures[]
  leadMail: MailQueue
  bookingMail: MailQueue
  nextMeetings: NextMeeting[]
}
