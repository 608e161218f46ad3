import { readFile } from 'node:fs/promises'

/**
 * What a process has used so far, from Linux's /proc: the CPU time the Edge Function's
 * platform counts against its limit (2 s a request), and the most memory it held.
 */

/** Linux counts CPU time in ticks of 1/100 s (USER_HZ, the same on every architecture). */
const TICKS_PER_SECOND = 100

/** User and system CPU time of the process, in seconds. */
export const cpuSeconds = async (pid: number): Promise<number> => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  // The name (field 2) is in parentheses and may hold spaces: count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

/** The most resident memory the process has held since it started, in MB. */
export const peakResidentMegabytes = async (pid: number): Promise<number> => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}
