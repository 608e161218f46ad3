import { reportFailure } from './jobs/repeating-job.ts'
import type { Logger } from './log.ts'

/**
 * The last resort of the built server (decision 057): a promise that rejects with nobody to
 * hear it is logged, and the server keeps serving. Every background loop and every route
 * already catches its own failures; this is for the one that slips through, so that a lapse
 * in some housekeeping code cannot take the pages, the desk's sign-in and /healthz down with
 * it. A rejection leaves nothing half-done behind it (the code that made it has already given
 * up), which a synchronous exception does not promise: those still end the process, for
 * systemd to restart (Restart=on-failure).
 */
export const keepServingOnUnhandledRejection = (log: Logger) => {
  process.on('unhandledRejection', (reason) => {
    const stack = reason instanceof Error ? reason.stack?.split('\n').slice(1, 4) : undefined
    reportFailure(log, 'unhandled_rejection', reason, {
      where: stack?.map((line) => line.trim()).join(' | '),
    })
  })
}
