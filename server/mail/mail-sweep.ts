import {
  sendDueMail,
  type MailDeliveryDeps,
} from '../../supabase/functions/_shared/mail-delivery.ts'

/**
 * Runs the delivery sweep every `intervalMs` (what pg_cron does for the Edge Function on
 * hosted Supabase); stop() waits for a run in progress. Runs never overlap.
 */
export const startMailSweep = (deps: MailDeliveryDeps, intervalMs: number) => {
  let running: Promise<unknown> = Promise.resolve()
  let busy = false
  const timer = setInterval(() => {
    if (busy) return
    busy = true
    running = sendDueMail(deps)
      .catch((error: unknown) =>
        deps.log?.error('mail_sweep_failed', {
          message: error instanceof Error ? error.message : 'unknown',
        }),
      )
      .finally(() => {
        busy = false
      })
  }, intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
