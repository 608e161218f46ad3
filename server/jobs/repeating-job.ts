import { messageOf, type LogFields, type Logger } from '../log.ts'

/** Node's timers hold at most 2^31 - 1 ms; a longer one fires after 1 ms instead. */
const LONGEST_TIMER_MS = 2 ** 31 - 1

/** Housekeeping (the daily purges) waits this long after start, so a start is never slowed. */
export const HOUSEKEEPING_DELAY_MS = 5_000

export interface RepeatingJobOptions {
  /** Names the job in the log: a failed run is `<name>_failed` unless failedEvent says otherwise. */
  name: string
  /**
   * One run. It may return a promise. A throw or a rejection is logged and the next run tries
   * again; `signal` aborts when the job is stopped, for a run that would otherwise hold the
   * shutdown (a slow HTTP read).
   */
  run: (signal: AbortSignal) => unknown
  /** How often a run starts; without it the job runs once, after firstAfterMs. */
  everyMs?: number
  /** When the first run starts: default everyMs; 0 starts it at once. */
  firstAfterMs?: number
  /**
   * 'start' (default): a run starts every everyMs, counted from the job's start; a start that
   * finds the last run still going is skipped. 'end': the next run starts everyMs after the
   * last one ended (a read whose length varies, spaced evenly).
   */
  from?: 'start' | 'end'
  log: Logger
  /** The event a failed run is logged under, for jobs whose event was named before this helper. */
  failedEvent?: string
  /** Added to the failure's log line (e.g. which calendar). */
  fields?: LogFields
}

export interface RepeatingJob {
  /**
   * Starts a run now unless one is in progress, and resolves when that run (this one or the
   * one in progress) ends. Never rejects. After stop(), resolves at once without running.
   */
  runNow(): Promise<void>
  /**
   * No more runs, and the run in progress is told (its signal aborts) without being waited
   * for: what a run calls to end its own job.
   */
  cancel(): void
  /** cancel(), then waits for the run in progress. Never rejects. */
  stop(): Promise<void>
}

/**
 * Logs a failure under `event` with its message, and returns nothing whatever the logger does:
 * a logger that throws (a closed stdout, a collector's pipe gone) falls back to stderr, and a
 * handler that passed on the logger's return value (`.catch(failed)`) once crashed the server.
 */
export const reportFailure = (
  log: Logger,
  event: string,
  error: unknown,
  fields: LogFields = {},
): void => {
  const message = messageOf(error)
  try {
    log.error(event, { ...fields, message })
  } catch (logError) {
    try {
      process.stderr.write(`${event}: ${message} (the log failed too: ${messageOf(logError)})\n`)
    } catch {
      // Nowhere left to say it; the job goes on regardless.
    }
  }
}

const checkDelay = (name: string, what: string, ms: number | undefined, least: number) => {
  if (ms === undefined) return
  if (!Number.isFinite(ms) || ms < least || ms > LONGEST_TIMER_MS) {
    throw new RangeError(`${name}: ${what} must be ${least} to ${LONGEST_TIMER_MS} ms, not ${ms}`)
  }
}

/**
 * Runs a job on a timer, the one way every background loop of the Node server runs (decision
 * 057): never two runs of one job at once, timers that do not keep a finished process alive,
 * a stop that waits for the run in progress, and a failed run (a throw or a rejection, even
 * one from its own error reporting) logged with the job's name and message. A run never
 * rejects unhandled and never ends the process: a database outage costs the jobs their runs
 * while it lasts, and they resume by themselves when it ends.
 */
export const startRepeatingJob = (options: RepeatingJobOptions): RepeatingJob => {
  const { name, run, everyMs, from = 'start', log, fields } = options
  const firstAfterMs = options.firstAfterMs ?? everyMs
  checkDelay(name, 'everyMs', everyMs, 1)
  checkDelay(name, 'firstAfterMs', firstAfterMs, 0)
  if (firstAfterMs === undefined) throw new RangeError(`${name}: give everyMs or firstAfterMs`)
  const failedEvent = options.failedEvent ?? `${name}_failed`
  const stopping = new AbortController()
  const timers = new Set<ReturnType<typeof setTimeout>>()
  let running: Promise<void> | undefined

  const later = (ms: number, then: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      then()
    }, ms)
    timer.unref()
    timers.add(timer)
  }

  const start = (): Promise<void> => {
    if (stopping.signal.aborted) return Promise.resolve()
    running ??= new Promise((resolve) => resolve(run(stopping.signal)))
      .then(
        () => undefined,
        (error: unknown) => reportFailure(log, failedEvent, error, { job: name, ...fields }),
      )
      .finally(() => {
        running = undefined
        if (from === 'end' && everyMs !== undefined && !stopping.signal.aborted) {
          // One chain of timers: a run asked for (runNow) replaces the one that was waiting.
          for (const timer of timers) clearTimeout(timer)
          timers.clear()
          later(everyMs, tick)
        }
      })
    return running
  }
  // A timer's start: the run is followed through `running` (stop() waits for it) and cannot
  // reject, so nothing is left for the caller to await here.
  const tick = () => {
    void start()
  }

  let interval: ReturnType<typeof setInterval> | undefined
  if (from === 'start' && everyMs !== undefined) {
    interval = setInterval(tick, everyMs)
    interval.unref()
  }
  // The interval's own first tick is the first run when they coincide: two timers due at
  // once could run a quick job twice.
  if (firstAfterMs === 0) tick()
  else if (interval === undefined || firstAfterMs !== everyMs) later(firstAfterMs, tick)

  const cancel = () => {
    stopping.abort()
    clearInterval(interval)
    for (const timer of timers) clearTimeout(timer)
    timers.clear()
  }
  return {
    runNow: start,
    cancel,
    async stop() {
      cancel()
      await running
    },
  }
}
