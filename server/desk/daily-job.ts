import type { Logger } from '../log.ts'

/** The first run waits a little, so a start is never slowed by housekeeping. */
const FIRST_RUN_DELAY_MS = 5_000

/**
 * Runs `job` shortly after start, then every intervalMs (a day); stop() waits for a run in
 * progress. A failed run is logged under `failedEvent` (its message only) and the next one
 * tries again.
 */
export const startDailyJob = (
  job: () => Promise<unknown>,
  intervalMs: number,
  log: Logger,
  failedEvent: string,
) => {
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    running = job().catch((error: unknown) =>
      log.error(failedEvent, { message: error instanceof Error ? error.message : 'unknown' }),
    )
  }
  const first = setTimeout(run, FIRST_RUN_DELAY_MS)
  const timer = setInterval(run, intervalMs)
  first.unref()
  timer.unref()
  return {
    async stop() {
      clearTimeout(first)
      clearInterval(timer)
      await running
    },
  }
}
