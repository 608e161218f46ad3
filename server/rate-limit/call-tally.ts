import type { RunQuery } from '#shared/db/run-query.ts'
import { startRepeatingJob } from '../jobs/repeating-job.ts'
import type { Logger } from '../log.ts'
import type { CallBudget, TallyAnswer } from './call-budget.ts'

/** How often a server adds what it counted to the shared tally while callers are calling. */
export const CALL_TALLY_INTERVAL_MS = 1_000

/** How often it asks anyway, when nobody called: the limits an operator may have changed. */
const IDLE_TALLY_INTERVAL_MS = 10_000

const TALLY_SQL = 'select private.tally_public_calls($1::text[], $2::integer[], $3::text) as answer'

export interface CallTally {
  /** One tally now (start-up reads the limits with it); never throws. */
  tick(): Promise<void>
  /**
   * A tally begun after this call, whoever called meanwhile: the block list as it is now
   * (the desk just changed it). Never throws.
   */
  refresh(): Promise<void>
  stop(): Promise<void>
}

/**
 * The shared tally of the calls budget (decisions 040, 058): once a second while anyone calls,
 * one statement adds this server's counts per key (addresses and their /56s and /48s) to
 * private.public_call_counts and reads back every server's, so servers on one PostgreSQL hold
 * one budget per key; it brings the block list too, whenever it changed. A database that
 * cannot be reached costs nothing but the sharing: this server's own buckets and its last block
 * list still hold, and the counts wait for the next tally.
 */
export const startCallTally = (
  budget: CallBudget,
  query: RunQuery,
  log: Logger,
  intervalMs = CALL_TALLY_INTERVAL_MS,
): CallTally => {
  let lastAt = 0
  /** The next run must read the block list whatever it counted (refresh()). */
  let forceNext = false
  let failing = false

  const tally = async () => {
    const force = forceNext
    forceNext = false
    const { keys, calls } = budget.drain()
    if (!force && keys.length === 0 && performance.now() - lastAt < IDLE_TALLY_INTERVAL_MS) return
    try {
      const { rows } = await query(TALLY_SQL, [keys, calls, budget.blocksVersion() ?? null])
      budget.learn(rows[0]?.answer as TallyAnswer)
      lastAt = performance.now()
      if (failing) log.info('call_tally_resumed', {})
      failing = false
    } catch (error) {
      budget.restore(keys, calls)
      if (!failing) {
        log.error('call_tally_failed', {
          message: error instanceof Error ? error.message : String(error),
        })
      }
      failing = true
    }
  }

  const job = startRepeatingJob({ name: 'call_tally', everyMs: intervalMs, log, run: tally })
  let stopped = false
  return {
    tick: job.runNow,
    async refresh() {
      // A run already under way may have read the list before the change: run again until a
      // run that began after this call has read it.
      forceNext = true
      while (forceNext && !stopped) await job.runNow()
    },
    async stop() {
      stopped = true
      await job.stop()
    },
  }
}
