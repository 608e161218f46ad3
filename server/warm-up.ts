import { performance } from 'node:perf_hooks'
import { createApp, type AppDeps } from './app.ts'
import { silentLogger } from './log.ts'

export interface WarmUpOptions {
  /** How many: WARM_UP_REQUESTS, whose declaration holds the default. */
  requests: number
  /** Stops early past this, so a slow machine does not delay the start by much. */
  maxMs?: number
}

export interface WarmUpResult {
  requests: number
  ms: number
  /** The last response's status: 400 unless something refused the request earlier. */
  status: number
}

// A name of only spaces passes the route, the grants, the policy and the dedupe trigger, then
// the CHECK constraint refuses it: the whole insert path runs, and nothing is stored or sent.
const REFUSED_SUBMISSION = JSON.stringify({
  name: ' ',
  email: 'warm-up@example.invalid',
  company: null,
  message: 'Warm-up before listening; the database refuses this row.',
})

/**
 * Runs refused inserts through the real REST route before the server listens. The first
 * seconds after a start otherwise run on cold code (V8 and PGlite's WebAssembly not yet
 * optimised) and queue the first visitors' requests (docs/benchmarks/contact-api-load.md).
 * It uses an app of its own with a silent log, so nothing is logged and no limit is counted.
 */
export const warmUp = async (
  deps: AppDeps,
  { requests, maxMs = 1500 }: WarmUpOptions,
): Promise<WarmUpResult> => {
  const app = createApp({ ...deps, callBudget: undefined, log: silentLogger })
  const started = performance.now()
  let sent = 0
  let status = 400
  while (sent < requests && performance.now() - started < maxMs) {
    const response = await app.request('/rest/v1/contact_submissions', {
      method: 'POST',
      headers: { apikey: deps.anonKey, 'content-type': 'application/json' },
      body: REFUSED_SUBMISSION,
    })
    await response.arrayBuffer()
    sent += 1
    status = response.status
    // Anything else means the request did not take the path meant to be warmed: stop.
    if (status !== 400) break
  }
  return { requests: sent, ms: Math.round(performance.now() - started), status }
}
