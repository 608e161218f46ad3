import { onTestFailed } from 'vitest'
import type { Logger } from '#shared/support/log.ts'
import { createJsonLogger } from '../../server/log.ts'

/** Lines kept at most: a long file's servers log thousands of requests. */
const KEPT = 2_000

/**
 * The servers' own log for a test that starts them quietly: kept in memory and, when a test
 * fails, what they logged during it (requests left out) printed beside the failure, so a run
 * that fails once on a busy machine says what the servers were doing meanwhile.
 */
export const createFailureLog = () => {
  const lines: string[] = []
  const logger: Logger = createJsonLogger((line) => {
    lines.push(line)
    if (lines.length > KEPT) lines.splice(0, lines.length - KEPT)
  })
  return {
    logger,
    /** Call in a beforeEach: prints this test's log lines if it fails. */
    watchTest() {
      const since = new Date().toISOString()
      onTestFailed(() => {
        const during = lines.filter((line) => {
          const { time, event } = JSON.parse(line) as { time: string; event: string }
          return event !== 'request' && time >= since
        })
        console.error(
          `The servers' log during this test (${during.length} lines):\n${during.join('\n')}`,
        )
      })
    },
  }
}
