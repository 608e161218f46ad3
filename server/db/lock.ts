import { randomUUID } from 'node:crypto'
import { readFileSync, unlinkSync } from 'node:fs'
import { mkdir, readdir, rename, unlink, utimes } from 'node:fs/promises'
import path from 'node:path'
import { startRepeatingJob } from '../jobs/repeating-job.ts'
import { createJsonLogger, type Logger } from '../log.ts'
import { PRIVATE_FOLDER_MODE } from './data-folder.ts'
import {
  createLockFile,
  MAX_LEASE_MS,
  parseLockRecord,
  readLock,
  watchLock,
  type LockRecord,
  type LockSnapshot,
} from './lock-file.ts'
import {
  judgeOwner,
  readThisProcess,
  type OwnerVerdict,
  type ProcessIdentity,
} from './lock-owner.ts'

export interface DataDirLockOptions {
  /**
   * How long the lock may go unrefreshed before a process that cannot check the owner's PID
   * (another host or container) takes it over. Default 10 s; the owner refreshes 5 times as often.
   */
  leaseMs?: number
  /**
   * Called once if another process took the folder over (this one was frozen or paused
   * longer than the lease) or the lock could not be refreshed for a whole lease. The caller
   * must stop writing at once and must not close PGlite, which writes a checkpoint on close.
   * Default: print the reason and exit with code 1.
   */
  onLost?: (reason: string) => void
  /** Told what the start is waiting for, before waiting up to one lease. Default: stderr. */
  onWait?: (message: string) => void
  /** Where a failed refresh that onLost did not cover is logged. Default: JSON lines on stderr. */
  log?: Logger
}

export interface DataDirLock {
  file: string
  release(): Promise<void>
}

const DEFAULT_LEASE_MS = 10_000
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`
const ownerText = (owner: LockRecord) =>
  `PID ${owner.pid} on ${owner.hostname}, locked since ${owner.lockedAt}`

const inUse = (folder: string, owner: LockRecord, note = '') =>
  new Error(
    `The data folder ${folder} is in use by another process (${ownerText(owner)}${note}). ` +
      'Stop that process or set DATA_DIR to another folder.',
  )

const waitingFor = (folder: string, found: LockSnapshot, verdict: OwnerVerdict, leaseMs: number) =>
  found.record && verdict.state === 'unverifiable'
    ? `Waiting up to ${seconds(leaseMs)} for the data folder ${folder}: its lock names ` +
      `${ownerText(found.record)}, and ${verdict.why}. If that process does not refresh the ` +
      'lock by then, this one takes the folder over.'
    : `Waiting up to ${seconds(leaseMs)} for the data folder ${folder}: its lock file is ` +
      'empty, truncated or written by an older version. If nothing rewrites it by then, this ' +
      'process takes the folder over.'

const explainFailure = (folder: string, error: unknown): Error => {
  const { code, message } = error as NodeJS.ErrnoException
  if (code === 'EROFS') {
    return new Error(
      `Cannot lock the data folder ${folder}: it is on a read-only file system. ` +
        'Set DATA_DIR to a writable folder.',
    )
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return new Error(
      `Cannot lock the data folder ${folder}: permission denied to this user ` +
        `(uid ${process.getuid?.() ?? '?'}): ${message}. The folder or its lock may belong ` +
        'to another user: run the server as that user or change the owner.',
    )
  }
  return code ? new Error(`Cannot lock the data folder ${folder}: ${message}`) : (error as Error)
}

const judge = (found: LockSnapshot, me: ProcessIdentity): Promise<OwnerVerdict> =>
  found.record
    ? judgeOwner(found.record, me)
    : Promise.resolve({ state: 'unverifiable', why: 'the lock file is unreadable' })

/**
 * Replaces a stale lock. Only the process that creates the claim file named after the stale
 * lock may replace it, so of several processes that found it stale exactly one wins. A
 * claimant that died half-way is itself claimed the same way.
 */
const takeOver = async (
  folder: string,
  file: string,
  stale: LockSnapshot,
  mine: LockRecord,
  me: ProcessIdentity,
): Promise<boolean> => {
  let key = stale.key
  for (;;) {
    const claim = `${file}.takeover-${key}`
    if (await createLockFile(claim, mine)) {
      if ((await readLock(file))?.key !== stale.key) {
        await unlink(claim).catch(() => {})
        return false
      }
      try {
        await rename(claim, file)
      } catch (error) {
        // The winner of an earlier round swept our claim away: it holds the folder.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
        throw error
      }
      return (await readLock(file))?.key === mine.token
    }
    const claimant = await readLock(claim)
    if (claimant === null) continue
    const verdict = await judge(claimant, me)
    if (verdict.state === 'running' && claimant.record) {
      // It replaces the stale lock within milliseconds, or has found it already replaced.
      throw inUse(folder, claimant.record, '; it is taking over a stale lock')
    }
    if (verdict.state === 'unverifiable') {
      const outcome = await watchLock(file, stale, claimant.record?.leaseMs ?? mine.leaseMs)
      if (outcome !== 'silent') return false
    }
    key = claimant.key
  }
}

const sweepClaims = async (folder: string) => {
  const names = await readdir(folder).catch(() => [] as string[])
  await Promise.all(
    names
      .filter((name) => name.startsWith('.lock.takeover-'))
      .map((name) => unlink(path.join(folder, name)).catch(() => {})),
  )
}

const holdLock = (
  folder: string,
  file: string,
  mine: LockRecord,
  onLost: (reason: string) => void,
  log: Logger,
): DataDirLock => {
  let confirmedAt = performance.now()
  let ended = false

  const removeOnExit = () => {
    try {
      if (parseLockRecord(readFileSync(file, 'utf8'))?.token === mine.token) unlinkSync(file)
    } catch {
      // Already gone.
    }
  }
  const end = () => {
    ended = true
    // From inside a refresh too (lose): no more refreshes, without waiting for this one.
    heartbeat.cancel()
    process.removeListener('exit', removeOnExit)
  }
  const lose = (reason: string) => {
    end()
    onLost(reason)
  }
  const refresh = async () => {
    try {
      const found = await readLock(file)
      if (ended) return
      if (found === null) {
        // Deleted by hand while running: put it back, unless another process got there first,
        // which the next round then reports.
        await createLockFile(file, mine)
      } else if (found.key !== mine.token) {
        const by = found.record ? ownerText(found.record) : 'another process'
        return lose(
          `Stopping at once: the data folder ${folder} was taken over (${by}) while this ` +
            `process did not refresh its lock for longer than the ${seconds(mine.leaseMs)} ` +
            'lease (frozen or paused). Writing on would lose the rows of that process.',
        )
      } else {
        const now = new Date()
        await utimes(file, now, now)
      }
      confirmedAt = performance.now()
    } catch (error) {
      if (!ended && performance.now() - confirmedAt > mine.leaseMs) {
        lose(
          `Stopping at once: the lock on the data folder ${folder} could not be refreshed for ` +
            `${seconds(mine.leaseMs)} (${(error as Error).message}), so another process may ` +
            'take the folder over.',
        )
      }
    }
  }
  // Its timer does not keep a finished process alive (jobs/repeating-job.ts).
  const heartbeat = startRepeatingJob({
    name: 'data_folder_lock_refresh',
    everyMs: Math.max(1, mine.leaseMs / 5),
    log,
    run: refresh,
  })
  process.once('exit', removeOnExit)

  return {
    file,
    async release() {
      if (ended) return
      end()
      await heartbeat.stop()
      if ((await readLock(file))?.key === mine.token) await unlink(file)
    },
  }
}

/**
 * Takes the folder for this process alone. PGlite has no locking of its own: a second
 * process on the same folder opens it without error and rows are silently lost. How a lock
 * is judged live or stale, and why, is in docs/decisions/009-data-folder-lock.md.
 */
export const acquireDataDirLock = async (
  dir: string,
  options: DataDirLockOptions = {},
): Promise<DataDirLock> => {
  const folder = path.resolve(dir)
  const file = path.join(folder, '.lock')
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
  if (!(leaseMs > 0 && leaseMs <= MAX_LEASE_MS)) {
    throw new RangeError(`leaseMs must be between 1 and ${MAX_LEASE_MS}, not ${leaseMs}`)
  }
  const onWait = options.onWait ?? ((message: string) => console.warn(message))
  const onLost =
    options.onLost ??
    ((reason: string) => {
      console.error(reason)
      process.exit(1)
    })
  try {
    // Owner-only: the folder holds the leads (an existing one is tightened by the server).
    await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE })
    const me = await readThisProcess()
    const mine: LockRecord = {
      ...me,
      token: randomUUID(),
      lockedAt: new Date().toISOString(),
      leaseMs,
    }
    const announced = new Set<string>()
    for (;;) {
      if (await createLockFile(file, mine)) break
      const found = await readLock(file)
      if (found === null) continue
      const verdict = await judge(found, me)
      if (verdict.state === 'running' && found.record) {
        const note = verdict.stopped
          ? `; it is stopped: resume it with kill -CONT ${found.record.pid} or end it`
          : ''
        throw inUse(folder, found.record, note)
      }
      if (verdict.state === 'unverifiable') {
        const ownerLeaseMs = found.record?.leaseMs ?? leaseMs
        if (!announced.has(found.key)) onWait(waitingFor(folder, found, verdict, ownerLeaseMs))
        announced.add(found.key)
        const outcome = await watchLock(file, found, ownerLeaseMs)
        if (outcome === 'refreshed' && found.record) {
          throw inUse(folder, found.record, '; it keeps its lock refreshed')
        }
        if (outcome !== 'silent') continue
      }
      if (await takeOver(folder, file, found, mine, me)) break
    }
    await sweepClaims(folder)
    const log = options.log ?? createJsonLogger((line) => process.stderr.write(`${line}\n`))
    return holdLock(folder, file, mine, onLost, log)
  } catch (error) {
    throw explainFailure(folder, error)
  }
}
