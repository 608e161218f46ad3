/**
 * A worker thread's whole life: expand one calendar feed and post the result
 * (server/booking/expand-in-worker.ts starts it, with a deadline and a heap of its own).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { expandBusyTimes } from '#shared/busy-calendar/busy-feed-expand.ts'
import type { WorkerInput } from './expand-in-worker.ts'

const { text, window, companyZone, limits } = workerData as WorkerInput
// Counted in wall time alone: here the concern is how long the thread holds a core beside the
// server's, not a platform's CPU limit (the Edge Function counts CPU time too).
parentPort?.postMessage(await expandBusyTimes(text, window, companyZone, limits))
