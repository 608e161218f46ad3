import { onTestFailed } from 'vitest'
import type { Logger } from '#shared/support/log.ts'
import { createJsonLogger } from '../../server/log.ts'

/** Lines kept at most: the latest, for the test that fails. */
const KEPT = 2_000

/** A request's line (createJsonLogger writes time, level, then event): not kept. */
const requestLine = /^\{"time":"[^"]*","level":"[^"]*","event":"request"/

/**
 * The servers' own log for a test that starts them quietly: kept in memory without the
 * requests and, when a test fails, what they logged during it printed beside the failure, so a
 * run that fails once on a busy machine says what the servers were doing meanwhile.
 */
export const createFailureLog = () => {
  const lines: string[] = []
  const logger: Logger = createJsonLogger((line) => {
    // A storm's requests would push out of the window what the sweeps and the watch said.
    if (requestLine.test(line)) return
    lines.push(line)
    if (lines.length > KEPT) lines.splice(0, lines.length - KEPT)
  })
  return {
    logger,
    /** Call in a beforeEach: prints this test's log lines if it fails. */
    watchTest() {
      const since = new Date().toISOString()
      onTestFailed(() => {
        const during = lines.filter((line) => (JSON.parse(line) as { time: string }).time >= since)
        console.error(
          `The servers' log during this test (${during.length} lines):\n${during.join('\n')}`,
        )
      })
    },
  }
}
