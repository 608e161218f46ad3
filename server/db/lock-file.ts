import { open, unlink } from 'node:fs/promises'
import { PRIVATE_FILE_MODE } from './data-folder.ts'

/** What a lock file says about the process that holds the data folder. */
export interface LockRecord {
  /** New for every acquisition: tells this owner's lock from any later one, whatever its PID. */
  token: string
  pid: number
  hostname: string
  /** Where this PID means this process: boot id and PID namespace on Linux, else the host name. */
  processSpace: string | null
  /** The process's start time in clock ticks since boot (Linux): tells a reused PID apart. */
  processStart: number | null
  lockedAt: string
  /** The owner refreshes the file well within this; a lock left silent for this long is stale. */
  leaseMs: number
}

/** A lock file as found on disk. */
export interface LockSnapshot {
  /** Null when the file is empty, truncated or written by an older version. */
  record: LockRecord | null
  /** Names this lock for a takeover claim: its token, or the file itself when unreadable. */
  key: string
  /** Changes whenever the owner refreshes the lock. */
  heartbeat: string
}

const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
export const MAX_LEASE_MS = 3_600_000

const isTicksOrNull = (value: unknown): value is number | null =>
  value === null || (Number.isSafeInteger(value) && Number(value) >= 0)

export const parseLockRecord = (text: string): LockRecord | null => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const { token, pid, hostname, processSpace, processStart, lockedAt, leaseMs } = value as Record<
    string,
    unknown
  >
  // The token becomes part of a file name, so it must be exactly what we write.
  if (typeof token !== 'string' || !TOKEN.test(token)) return null
  if (!Number.isSafeInteger(pid) || Number(pid) <= 0) return null
  if (typeof hostname !== 'string' || typeof lockedAt !== 'string') return null
  if (processSpace !== null && typeof processSpace !== 'string') return null
  if (!isTicksOrNull(processStart)) return null
  if (typeof leaseMs !== 'number' || !(leaseMs > 0 && leaseMs <= MAX_LEASE_MS)) return null
  return { token, pid: Number(pid), hostname, processSpace, processStart, lockedAt, leaseMs }
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code

/** Reads a lock file, or null when there is none. */
export const readLock = async (file: string): Promise<LockSnapshot | null> => {
  let handle
  try {
    handle = await open(file, 'r')
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null
    throw error
  }
  try {
    // Through one open file, so the attributes belong to the text read (and an NFS client
    // revalidates its cached attributes on open).
    const stats = await handle.stat()
    // Replaced (a take-over renames a new file over it) between our open and our stat: its
    // last link is gone, which changes its ctime and would pass for the owner's heartbeat.
    if (stats.nlink === 0) return readLock(file)
    const record = parseLockRecord(await handle.readFile('utf8'))
    const heartbeat = `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`
    return {
      record,
      key: record?.token ?? `file-${stats.ino}-${Math.trunc(stats.mtimeMs)}`,
      heartbeat,
    }
  } finally {
    await handle.close()
  }
}

/** Creates the file with this record unless it already exists; false when it does. */
export const createLockFile = async (file: string, record: LockRecord): Promise<boolean> => {
  let handle
  try {
    handle = await open(file, 'wx', PRIVATE_FILE_MODE)
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false
    throw error
  }
  try {
    await handle.writeFile(JSON.stringify(record))
    // On disk before anyone acts on it: a power cut must not leave an empty lock behind.
    await handle.sync()
    await handle.close()
    return true
  } catch (error) {
    await handle.close().catch(() => {})
    await unlink(file).catch(() => {})
    throw error
  }
}

export type WatchOutcome = 'refreshed' | 'replaced' | 'silent'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Watches a lock for one lease by this process's monotonic clock, never by comparing
 * timestamps: clocks jump and differ between hosts, and a wrong guess here loses rows.
 */
export const watchLock = async (
  file: string,
  seen: LockSnapshot,
  leaseMs: number,
): Promise<WatchOutcome> => {
  const until = performance.now() + leaseMs
  const pollMs = Math.min(250, leaseMs / 10)
  while (performance.now() < until) {
    await sleep(pollMs)
    const now = await readLock(file)
    if (now === null || now.key !== seen.key) return 'replaced'
    if (now.heartbeat !== seen.heartbeat) return now.record ? 'refreshed' : 'replaced'
  }
  return 'silent'
}
