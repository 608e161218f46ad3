import { alertAfterHoursFor, company } from '#shared/company/company.ts'
import { isPromiseHours } from '#shared/company/company-identity.ts'
import { isReplyClock, type ReplyClock } from '#shared/support/durations.ts'
import type { Queryable } from '../db/database.ts'
import { REPLIES } from '../declared-settings/webhooks-and-replies.ts'

/**
 * The reply promise the server keeps watch over (decision 051): the hours the page promises,
 * when the company is alerted about a lead still unanswered, and whether the weekly summary
 * goes out. The hours are company facts (company.ts); REPLY_PROMISE_HOURS and
 * REPLY_ALERT_AFTER_HOURS override them, in fractions of an hour too, so a test or a trial
 * sees an alert in seconds. REPLY_CLOCK says which hours count (decision 070): the office's
 * (`business`, the default) or every hour (`clock`). WEEKLY_SUMMARY=false turns the summary off.
 */
export interface ReplySettings {
  promiseHours: number
  alertAfterHours: number
  clock: ReplyClock
  weeklySummary: boolean
}

const HOURS = /^\d{1,3}(\.\d{1,6})?$/

/**
 * Reads REPLY_PROMISE_HOURS, REPLY_ALERT_AFTER_HOURS, REPLY_CLOCK and WEEKLY_SUMMARY, listing
 * every problem.
 */
export const readReplySettings = (
  env: Readonly<Record<string, string | undefined>>,
): { reply: ReplySettings; problems: string[] } => {
  const problems: string[] = []
  const hours = (name: string, fallback: number) => {
    const text = env[name]?.trim()
    if (text === undefined || text === '') return fallback
    if (!HOURS.test(text) || !isPromiseHours(Number(text))) {
      problems.push(
        `${name} must be a number of hours above 0 and up to 168, fractions with a dot (got "${text}").`,
      )
      return fallback
    }
    return Number(text)
  }
  const promiseHours = hours('REPLY_PROMISE_HOURS', company.replyPromiseHours)
  // A promise set here without its alert: the alert at five sixths of it, as in company.ts.
  const promiseFromEnv = (env.REPLY_PROMISE_HOURS?.trim() ?? '') !== ''
  const alertAfterHours = hours(
    'REPLY_ALERT_AFTER_HOURS',
    promiseFromEnv ? alertAfterHoursFor(promiseHours) : company.replyAlertAfterHours,
  )
  if (alertAfterHours >= promiseHours) {
    problems.push(
      `REPLY_ALERT_AFTER_HOURS (${alertAfterHours}) must be less than REPLY_PROMISE_HOURS (${promiseHours}): the alert comes before the promise breaks.`,
    )
  }
  const clockText = env.REPLY_CLOCK?.trim().toLowerCase() || REPLIES.settings.REPLY_CLOCK.fallback
  if (!isReplyClock(clockText)) {
    problems.push(`REPLY_CLOCK must be business or clock (got "${env.REPLY_CLOCK}").`)
  }
  const clock = isReplyClock(clockText) ? clockText : REPLIES.settings.REPLY_CLOCK.fallback
  const summaryText = env.WEEKLY_SUMMARY?.trim().toLowerCase()
  if (summaryText && !['true', 'false'].includes(summaryText)) {
    problems.push(`WEEKLY_SUMMARY must be true or false (got "${env.WEEKLY_SUMMARY}").`)
  }
  return {
    reply: { promiseHours, alertAfterHours, clock, weeklySummary: summaryText !== 'false' },
    problems,
  }
}

/** Writes them to private.reply_settings at start, so every server and pg_cron use the same. */
export const applyReplySettings = async (db: Queryable, reply: ReplySettings): Promise<void> => {
  await db.query('select private.apply_reply_settings($1::numeric, $2::numeric, $3, $4)', [
    String(reply.promiseHours),
    String(reply.alertAfterHours),
    reply.weeklySummary,
    reply.clock,
  ])
}
