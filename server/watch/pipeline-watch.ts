import {
  sendDueCompanyAlerts,
  type CompanyAlertDeps,
} from '#shared/alerts/company-alert-delivery.ts'
import { sendDueLeadReplies, type LeadReplyDeps } from '../desk/leads/replies/lead-replies.ts'
import { reportFailure, startRepeatingJob } from '../jobs/repeating-job.ts'
import type { Logger } from '../log.ts'

export interface PipelineWatchDeps {
  alerts: CompanyAlertDeps
  replies: LeadReplyDeps
  log: Logger
}

/**
 * The Node server's watch (what pg_cron and the watch-pipeline Edge Function do on hosted
 * Supabase): every `intervalMs`, the database marks the leads whose alert is due and queues
 * what to tell (private.watch_pipeline: at most once per lead or incident, whatever number of
 * servers watch), then this server sends what is due in the company's outbox and the desk's
 * replies that wait for a retry. One failing does not keep the others from running; runs never
 * overlap and stop() waits for the one in progress (jobs/repeating-job.ts).
 */
export const startPipelineWatch = (deps: PipelineWatchDeps, intervalMs: number) => {
  // Returns nothing: a failed query reads as no result, whatever the logger returns.
  const failed = (event: string) => (error: unknown) => reportFailure(deps.log, event, error)
  const run = async () => {
    const { query } = deps.alerts
    const watched = await query('select private.watch_pipeline() as found', []).catch(
      failed('pipeline_watch_failed'),
    )
    const found = watched?.rows[0]?.found
    if (found && typeof found === 'object' && Object.values(found).some((count) => count)) {
      deps.log.info('pipeline_watched', found as Record<string, number>)
    }
    await sendDueCompanyAlerts(deps.alerts).catch(failed('company_alerts_failed'))
    await sendDueLeadReplies(deps.replies).catch(failed('lead_replies_failed'))
  }
  const job = startRepeatingJob({ name: 'pipeline_watch', everyMs: intervalMs, log: deps.log, run })
  return { stop: job.stop }
}
