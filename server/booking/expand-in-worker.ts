import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker, type ResourceLimits } from 'node:worker_threads'
import {
  EXPANSION_LIMITS,
  type Expansion,
  type ExpansionLimits,
  type FeedWindow,
} from '#shared/busy-calendar/busy-feed-limits.ts'

/**
 * Expands a calendar feed in a worker thread of its own, so that however long ical.js takes,
 * and whatever it holds meanwhile, the server's event loop goes on serving the site, the API
 * and the desk: a feed whose time zone froze the server for 15 s (decision 042). The worker
 * counts its own work (busy-feed-guards.ts) and stops with the reason; what it cannot count is
 * bounded from here, hard: a deadline after which the thread is terminated, and a heap of its
 * own past which V8 stops it.
 */

export interface WorkerInput {
  text: string
  window: FeedWindow
  companyZone: string
  limits: ExpansionLimits
}

export interface WorkerBounds {
  /** The expansion's own bounds, its work time among them. */
  limits: ExpansionLimits
  /** From the worker's start (loading ical.js included) to its answer. */
  deadlineMs: number
  /** V8's old generation in the worker: the feed's text, its pieces and the busy times. */
  maxHeapMb: number
}

/**
 * In a worker the feed's work harms no visitor, so it may take longer than on the Edge
 * Function (whose CPU limit is 2 s): 5 s of wall time, some thirty times what a real 1.9 MB
 * feed needs, while it holds one core beside the server's. The deadline is a backstop for
 * what the count misses. A 5 MB feed of years of meetings reads within a 16 MB heap.
 */
export const WORKER_BOUNDS: WorkerBounds = {
  limits: { ...EXPANSION_LIMITS, maxWorkMs: 5_000 },
  deadlineMs: 15_000,
  maxHeapMb: 256,
}

/**
 * Where the worker's code is: beside the built server (dist-server/busy-feed-worker.js), or,
 * running from the sources (tests, `tsx`), the TypeScript file, loaded through tsx's loader,
 * which a worker does not inherit.
 */
const workerEntry = (): { code: URL | string; eval: boolean } => {
  if (!import.meta.url.endsWith('.ts')) {
    return { code: new URL('./busy-feed-worker.js', import.meta.url), eval: false }
  }
  // Its ES module: the CommonJS twin (what require finds) looks for its loader in the wrong
  // place once imported.
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs')
  const tsx = pathToFileURL(api).href
  const entry = new URL('./busy-feed-worker.ts', import.meta.url).href
  return {
    code: `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}) })`,
    eval: true,
  }
}

/**
 * The feed's busy times, or why not: `too_slow` past the deadline, `too_much_memory` past the
 * heap. Rejects only when the worker itself cannot run (a broken install), which is no fault
 * of the feed. `signal` (the server stopping) ends the worker at once.
 */
export const expandInWorker = (
  text: string,
  window: FeedWindow,
  companyZone: string,
  { bounds = WORKER_BOUNDS, signal }: { bounds?: WorkerBounds; signal?: AbortSignal } = {},
): Promise<Expansion> =>
  new Promise((resolve, reject) => {
    const entry = workerEntry()
    const input: WorkerInput = { text, window, companyZone, limits: bounds.limits }
    const resourceLimits: ResourceLimits = { maxOldGenerationSizeMb: bounds.maxHeapMb }
    const worker = new Worker(entry.code, { eval: entry.eval, workerData: input, resourceLimits })
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', stop)
      void worker.terminate()
      outcome()
    }
    const timer = setTimeout(
      () =>
        settle(() =>
          resolve({ ok: false, problem: { kind: 'too_slow', seconds: bounds.deadlineMs / 1000 } }),
        ),
      bounds.deadlineMs,
    )
    const stop = () =>
      settle(() => resolve({ ok: false, problem: { kind: 'too_slow', seconds: 0 } }))
    signal?.addEventListener('abort', stop, { once: true })
    if (signal?.aborted) stop()
    worker.once('message', (expansion: Expansion) => settle(() => resolve(expansion)))
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? resolve({
              ok: false,
              problem: { kind: 'too_much_memory', megabytes: bounds.maxHeapMb },
            })
          : reject(error),
      ),
    )
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`the calendar's worker ended (${code}) without an answer`))),
    )
  })
