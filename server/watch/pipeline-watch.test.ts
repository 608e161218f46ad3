import { afterEach, expect, it } from 'vitest'
import { testSettings } from '../../tests/support/test-app.ts'
import { waitFor } from '../../tests/support/wait.ts'
import { createJsonLogger } from '../log.ts'
import { startPipelineWatch } from './pipeline-watch.ts'

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => void unhandled.push(reason)
afterEach(() => {
  process.off('unhandledRejection', onUnhandled)
})

it('logs each failed look when the pool hands out no connection, and goes on watching', async () => {
  process.on('unhandledRejection', onUnhandled)
  const lines: { event: string; message?: string }[] = []
  // As the server's own logger does: process.stdout.write returns true, and so did the handler
  // that passed it on, which the watch then read as the query's result.
  const log = createJsonLogger((line) => lines.push(JSON.parse(line)) > 0)
  // What pg's pool throws when every connection stays busy past connectionTimeoutMillis.
  const query = () => Promise.reject(new Error('timeout exceeded when trying to connect'))
  const sendMessage = () => Promise.reject(new Error('no mail in this test'))
  const settings = testSettings().mail
  const watch = startPipelineWatch(
    { alerts: { query, sendMessage, settings }, replies: { query, sendMessage, settings }, log },
    10,
  )
  try {
    await waitFor(
      'three failed looks',
      () => lines.filter((line) => line.event === 'pipeline_watch_failed'),
      (failed) => failed.length >= 3,
    )
  } finally {
    await watch.stop()
  }
  expect(lines.find((line) => line.event === 'pipeline_watch_failed')?.message).toBe(
    'timeout exceeded when trying to connect',
  )
  await new Promise((resolve) => setImmediate(resolve))
  expect(unhandled).toEqual([])
})
