/**
 * A worker thread's whole life: expand one calendar feed and post the result
 * (server/booking/expand-in-worker.ts starts it, with a deadline and a heap of its own).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { expandBusyTimes } from '../../supabase/functions/_shared/busy-feed-expand.ts'
import type { WorkerInput } from './expand-in-worker.ts'

const { text, window, companyZone, limits } = workerData as WorkerInput
// The whole process's CPU time, the server's thread included: never less than this thread's.
const cpuClock = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
parentPort?.postMessage(await expandBusyTimes(text, window, companyZone, limits, cpuClock))
