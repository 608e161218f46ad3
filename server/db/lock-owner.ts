import { readFile, readlink } from 'node:fs/promises'
import { hostname } from 'node:os'
import type { LockRecord } from './lock-file.ts'

/** What identifies a running process, beyond its PID, to another process on the same folder. */
export interface ProcessIdentity {
  pid: number
  hostname: string
  processSpace: string | null
  processStart: number | null
}

/** Whether the process a lock names still runs, as far as this process can see. */
export type OwnerVerdict =
  | { state: 'running'; stopped: boolean }
  | { state: 'gone' }
  | { state: 'unverifiable'; why: string }

interface ProcStat {
  start: number
  stopped: boolean
}

const readProcStat = async (pid: number): Promise<ProcStat | null> => {
  try {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    const start = Number(fields[19]) // field 22, starttime
    if (!Number.isSafeInteger(start)) return null
    return { start, stopped: fields[0] === 'T' || fields[0] === 't' }
  } catch {
    return null
  }
}

/**
 * On Linux, a PID means one process only within one boot and one PID namespace (every
 * container has its own, where the server is often PID 1). Null when /proc is missing or
 * shows another namespace than ours, so PIDs cannot be checked at all.
 */
const readLinuxProcessSpace = async (): Promise<string | null> => {
  try {
    const [bootId, namespace, self] = await Promise.all([
      readFile('/proc/sys/kernel/random/boot_id', 'utf8'),
      readlink('/proc/self/ns/pid'),
      readlink('/proc/self'),
    ])
    return self === String(process.pid) ? `${bootId.trim()} ${namespace}` : null
  } catch {
    return null
  }
}

export const readThisProcess = async (): Promise<ProcessIdentity> => {
  const linux = process.platform === 'linux'
  const processSpace = linux ? await readLinuxProcessSpace() : `host ${hostname()}`
  const processStart =
    linux && processSpace ? ((await readProcStat(process.pid))?.start ?? null) : null
  return { pid: process.pid, hostname: hostname(), processSpace, processStart }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export const judgeOwner = async (owner: LockRecord, me: ProcessIdentity): Promise<OwnerVerdict> => {
  if (owner.processSpace === null || owner.processSpace !== me.processSpace) {
    return {
      state: 'unverifiable',
      why: 'it ran on another host, in another container (PID namespace) or before a reboot',
    }
  }
  if (me.processStart === null || owner.processStart === null) {
    return isAlive(owner.pid)
      ? {
          state: 'unverifiable',
          why: 'its PID runs, but this system cannot tell if it is the same process',
        }
      : { state: 'gone' }
  }
  const stat = await readProcStat(owner.pid)
  if (stat === null) {
    // /proc mounted with hidepid hides other users' processes: only a signal can tell.
    return isAlive(owner.pid)
      ? { state: 'unverifiable', why: `PID ${owner.pid} is hidden from this user` }
      : { state: 'gone' }
  }
  // The same PID with another start time: the PID was reused, as by PID 1 in a new container.
  if (stat.start !== owner.processStart) return { state: 'gone' }
  return { state: 'running', stopped: stat.stopped }
}
