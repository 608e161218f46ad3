import {
  claimStaleSubmissions,
  markSubmissionFailed,
  markSubmissionNotified,
  type RunQuery,
} from '../../supabase/functions/_shared/pending-submissions.ts'
import { renderContactEmail } from '../../supabase/functions/_shared/render-contact-email.ts'
import type { Logger } from '../log.ts'
import type { SendEmail } from '../mail/mailer.ts'

/** Rows younger than this are left to the function the browser calls right after saving. */
export const RETRY_MIN_AGE_MINUTES = 2

/** Sends what the function could not (mail server down, visitor closed the tab); returns how many were sent. */
export const retryPendingNotifications = async (
  query: RunQuery,
  sendEmail: SendEmail,
  log: Logger,
  minAgeMinutes = RETRY_MIN_AGE_MINUTES,
): Promise<number> => {
  let sent = 0
  for (const submission of await claimStaleSubmissions(query, minAgeMinutes)) {
    const result = await sendEmail(renderContactEmail(submission))
    if (result.ok) {
      await markSubmissionNotified(query, submission.id)
      sent += 1
    } else {
      await markSubmissionFailed(query, submission.id)
      log.error('notification_retry_failed', { id: submission.id, reason: result.reason })
    }
  }
  return sent
}

/** Runs the retry every `intervalMs`; stop() waits for a run in progress to finish. */
export const startRetryLoop = (
  query: RunQuery,
  sendEmail: SendEmail,
  log: Logger,
  intervalMs = 60_000,
) => {
  let running: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    running = retryPendingNotifications(query, sendEmail, log).catch((error: unknown) =>
      log.error('notification_retry_error', { message: String(error) }),
    )
  }, intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
