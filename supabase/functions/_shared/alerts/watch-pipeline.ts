import { sendDueCompanyAlerts, type CompanyAlertDeps } from './company-alert-delivery.ts'
import { schedulerFailed, schedulerHandler, schedulerJson } from '../http/scheduler-request.ts'

/**
 * The watch-pipeline Edge Function, runtime-neutral (decisions 051, 052, 053): pg_cron runs
 * private.run_pipeline_watch() every minute, which marks overdue leads, opens and closes
 * incidents and queues the weekly summary in SQL, then asks this function, with the scheduler's
 * secret, to send what the company's outbox holds. It runs the same watch first, so a call
 * that arrives on its own does the whole job. Anyone else gets 401 and no counts.
 */
export interface WatchPipelineDeps extends CompanyAlertDeps {
  /** MAIL_SWEEP_SECRET: only a caller that sends it may run the watch. */
  sweepSecret: string | undefined
}

export const handleWatchPipeline = schedulerHandler(
  'Only the scheduler may run the pipeline watch.',
  async (deps: WatchPipelineDeps) => {
    const { rows } = await deps.query('select private.watch_pipeline() as found', [])
    const alerts = await sendDueCompanyAlerts(deps)
    return schedulerJson(200, { ok: true, found: rows[0]?.found ?? {}, alerts })
  },
  () => schedulerFailed('The watch failed.'),
)
