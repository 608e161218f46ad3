import { execFile, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  removeLockHolderBundle,
  startLockHolder,
  type HolderEvent,
  type LockHolder,
} from '../support/lock-holder.ts'
import type { LockRecord } from '../../server/db/lock-file.ts'
import { acquireDataDirLock } from '../../server/db/lock.ts'
import { readThisProcess } from '../../server/db/lock-owner.ts'

const run = promisify(execFile)
const folders: string[] = []
const holders: LockHolder[] = []
const tempFolder = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'lock-test-'))
  folders.push(dir)
  return dir
}
const hold = (...args: Parameters<typeof startLockHolder>) => {
  const holder = startLockHolder(...args)
  holders.push(holder)
  return holder
}
afterEach(async () => {
  const running = holders.splice(0)
  for (const holder of running) holder.signal('SIGCONT')
  await Promise.all(running.map((holder) => holder.finish()))
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})
afterAll(removeLockHolderBundle)

/** The pid of a process that has already exited. */
const deadPid = () =>
  new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['-e', ''])
    child.once('exit', () => resolve(child.pid ?? 0))
  })

const startTicksOf = async (pid: number) => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19])
}

/** A lock as a server on this machine would have written it. */
const lockOf = async (changes: Partial<LockRecord> = {}): Promise<LockRecord> => ({
  ...(await readThisProcess()),
  token: randomUUID(),
  lockedAt: '2026-01-01T00:00:00.000Z',
  leaseMs: 10_000,
  ...changes,
})
const writeLock = (dir: string, content: LockRecord | string) =>
  writeFile(
    path.join(dir, '.lock'),
    typeof content === 'string' ? content : JSON.stringify(content),
  )
const lockOwner = async (dir: string) =>
  JSON.parse(await readFile(path.join(dir, '.lock'), 'utf8')) as LockRecord

/** Acquires in this process, timing the start and keeping what it says. */
const acquireTimed = async (dir: string, leaseMs = 10_000) => {
  const waits: string[] = []
  const started = performance.now()
  const lock = await acquireDataDirLock(dir, {
    leaseMs,
    onWait: (message) => waits.push(message),
    onLost: (reason) => {
      throw new Error(`Lost unexpectedly: ${reason}`)
    },
  })
  return { lock, waits, ms: performance.now() - started }
}

const firstOf = (holder: LockHolder, ...kinds: HolderEvent['event'][]) =>
  Promise.any(kinds.map((kind) => holder.next(kind)))

describe('data folder lock', () => {
  it('refuses a second process, naming the folder, the PID and the host that hold it', async () => {
    const dir = await tempFolder()
    const { lock } = await acquireTimed(dir)
    const script = `import('${path.resolve(import.meta.dirname, '../../server/db/lock.ts')}').then(m => m.acquireDataDirLock(process.argv[1])).then(() => process.exit(0), e => { console.error(e.message); process.exit(3) })`
    const attempt = run(process.execPath, ['--import', 'tsx', '-e', script, dir])
    const error = await attempt.then(
      () => undefined,
      (failure: { code: number; stderr: string }) => failure,
    )
    expect(error?.code).toBe(3)
    expect(error?.stderr).toContain(dir)
    expect(error?.stderr).toContain(`PID ${process.pid} on ${hostname()}`)
    await lock.release()
  })

  it('keeps its lock file to its owner (0600)', async () => {
    const dir = await tempFolder()
    const { lock } = await acquireTimed(dir)
    expect((await stat(path.join(dir, '.lock'))).mode & 0o777).toBe(0o600)
    await lock.release()
  })

  it('frees the folder on release, so the next start succeeds', async () => {
    const dir = await tempFolder()
    await (await acquireTimed(dir)).lock.release()
    const again = await acquireTimed(dir)
    expect(again.waits).toEqual([])
    await again.lock.release()
  })

  it('creates a missing data folder, and names one it cannot create', async () => {
    const dir = path.join(await tempFolder(), 'new', 'data')
    await (await acquireTimed(dir)).lock.release()
    const blocked = path.join(dir, '.lock-is-a-file', 'data')
    await writeFile(path.dirname(blocked), '')
    await expect(acquireTimed(blocked)).rejects.toThrow(`Cannot lock the data folder ${blocked}`)
  })

  it('says so when the data folder is read-only', async () => {
    const dir = await tempFolder()
    const refused = await firstOf(hold(dir, 2_000, { readOnlyFolder: true }), 'locked', 'refused')
    expect(refused.message).toBe(
      `Cannot lock the data folder ${dir}: it is on a read-only file system. ` +
        'Set DATA_DIR to a writable folder.',
    )
  })

  it('takes over at once a lock left by a process that no longer runs', async () => {
    const dir = await tempFolder()
    await writeLock(dir, await lockOf({ pid: await deadPid() }))
    // At once: it said nothing about waiting out the 10 s lease (no clock is read, since a
    // busy machine makes anything slow).
    const { lock, waits } = await acquireTimed(dir)
    expect(waits).toEqual([])
    expect((await lockOwner(dir)).pid).toBe(process.pid)
    await lock.release()
  })

  it.each([
    ['this test runner', process.pid],
    ['PID 1', 1],
  ])(
    'takes over at once a lock naming %s if that PID started later (PID reuse)',
    async (_, pid) => {
      const dir = await tempFolder()
      await writeLock(dir, await lockOf({ pid, processStart: (await startTicksOf(pid)) + 1 }))
      const { lock, waits } = await acquireTimed(dir)
      expect(waits).toEqual([])
      expect((await lockOwner(dir)).pid).toBe(process.pid)
      await lock.release()
    },
  )

  it('waits one lease, saying for what, then takes over a silent lock from another host', async () => {
    const dir = await tempFolder()
    const stale = await lockOf({
      pid: 1,
      hostname: 'old-container-3f2a',
      processSpace: 'another-boot pid:[4026531836]',
      leaseMs: 500,
    })
    await writeLock(dir, stale)
    const { lock, waits, ms } = await acquireTimed(dir)
    expect(ms).toBeGreaterThanOrEqual(500)
    expect(waits).toHaveLength(1)
    expect(waits[0]).toContain(dir)
    expect(waits[0]).toContain('PID 1 on old-container-3f2a')
    expect(waits[0]).toContain('another host, in another container')
    expect((await lockOwner(dir)).pid).toBe(process.pid)
    await lock.release()
  })

  it.each([
    ['empty', ''],
    ['truncated', '{"token":"0b6f2a'],
    ['written by the previous version', '{"pid":1,"hostname":"x","startedAt":"2026-01-01"}'],
  ])('waits one lease, then takes over a lock file that is %s', async (_, content) => {
    const dir = await tempFolder()
    await writeLock(dir, content)
    const { lock, waits, ms } = await acquireTimed(dir, 400)
    expect(ms).toBeGreaterThanOrEqual(400)
    expect(waits[0]).toContain('empty, truncated or written by an older version')
    expect((await lockOwner(dir)).pid).toBe(process.pid)
    await lock.release()
  })

  it('lets a new container start after the previous one, PID 1 too, was killed with kill -9', async () => {
    const dir = await tempFolder()
    const killed = hold(dir, 600, { pidNamespace: true })
    expect((await killed.next('locked')).pid).toBe(1)
    const killedToken = (await lockOwner(dir)).token
    killed.signal('SIGKILL')
    await killed.exited

    const next = hold(dir, 600, { pidNamespace: true })
    expect((await firstOf(next, 'locked', 'refused')).event).toBe('locked')
    expect(next.events[0]?.message).toContain('another container')
    const owner = await lockOwner(dir)
    expect(owner.pid).toBe(1)
    expect(owner.token).not.toBe(killedToken)
  })

  it('refuses a second container while the first keeps its lock refreshed', async () => {
    const dir = await tempFolder()
    const first = hold(dir, 2_000, { pidNamespace: true })
    await first.next('locked')
    const second = hold(dir, 2_000, { pidNamespace: true })
    const refused = await firstOf(second, 'locked', 'refused')
    expect(refused.event).toBe('refused')
    expect(refused.message).toContain(dir)
    expect(refused.message).toContain(`PID 1 on ${hostname()}`)
    expect(await first.finish()).toBe(0)
  })

  it('refuses while the owner on this machine is frozen, however long, saying how to resume it', async () => {
    const dir = await tempFolder()
    const frozen = hold(dir, 300)
    await frozen.next('locked')
    frozen.signal('SIGSTOP')
    await new Promise((resolve) => setTimeout(resolve, 700))
    await expect(acquireTimed(dir, 300)).rejects.toThrow(`kill -CONT ${frozen.pid}`)
  })

  it('makes an owner whose lock was taken over while it was frozen stop at once', async () => {
    const dir = await tempFolder()
    const frozen = hold(dir, 600)
    await frozen.next('locked')
    frozen.signal('SIGSTOP')
    const container = hold(dir, 600, { pidNamespace: true })
    await container.next('locked')
    const takenOver = await lockOwner(dir)

    frozen.signal('SIGCONT')
    const lost = await frozen.next('lost')
    expect(lost.message).toContain(`was taken over (PID 1 on ${hostname()}`)
    expect(await frozen.exited).toBe(4)
    // Its exit must not remove the lock of the process that took over.
    expect(await lockOwner(dir)).toEqual(takenOver)
  })

  it.each([
    ['a free folder', async () => undefined],
    ['a lock left by a process that no longer runs', async () => lockOf({ pid: await deadPid() })],
    [
      'a silent lock from another host',
      () => lockOf({ hostname: 'gone', processSpace: 'another-boot', leaseMs: 500 }),
    ],
  ])('lets exactly one of several processes racing for %s win', async (_, leftBehind) => {
    const dir = await tempFolder()
    const stale = await leftBehind()
    if (stale) await writeLock(dir, stale)
    const racers = Array.from({ length: 4 }, () => hold(dir, 2_000))
    const outcomes = await Promise.all(racers.map((racer) => firstOf(racer, 'locked', 'refused')))
    const winners = outcomes.filter((outcome) => outcome.event === 'locked')
    expect(winners).toHaveLength(1)
    for (const loser of outcomes.filter((outcome) => outcome.event === 'refused')) {
      expect(loser.message).toContain(`PID ${winners[0]?.pid}`)
    }
  })

  it('lets exactly one of many acquisitions interleaved in one process win a stale lock', async () => {
    // Every await is a point where another acquisition runs: many orders in few rounds.
    for (let round = 0; round < 10; round += 1) {
      const dir = await tempFolder()
      await writeLock(dir, await lockOf({ pid: await deadPid() }))
      const attempts = await Promise.allSettled(
        Array.from({ length: 6 }, () => acquireDataDirLock(dir, { onWait: () => {} })),
      )
      const won = attempts.flatMap((attempt) =>
        attempt.status === 'fulfilled' ? [attempt.value] : [],
      )
      expect(won).toHaveLength(1)
      await won[0]?.release()
    }
  })

  it('tells another user whose server may not replace a stale lock why it cannot start', async () => {
    if (process.getuid?.() !== 0) {
      throw new Error(
        'This test starts a server as another user: run the tests as root, as CI does.',
      )
    }
    const dir = await tempFolder()
    await chmod(dir, 0o755)
    await writeLock(dir, await lockOf({ pid: await deadPid() }))
    const nobody = hold(dir, 2_000, { uid: 65534 })
    const refused = await firstOf(nobody, 'locked', 'refused')
    expect(refused.message).toContain(`Cannot lock the data folder ${dir}`)
    expect(refused.message).toContain('uid 65534')
  })

  it('refuses another user while the owner runs, though it may not signal that owner', async () => {
    if (process.getuid?.() !== 0) {
      throw new Error(
        'This test starts a server as another user: run the tests as root, as CI does.',
      )
    }
    const dir = await tempFolder()
    await chmod(dir, 0o777)
    const { lock } = await acquireTimed(dir)
    // The lock is the owner's alone: the other user cannot even read whose it is.
    const unreadable = await firstOf(hold(dir, 2_000, { uid: 65534 }), 'locked', 'refused')
    expect(unreadable.message).toContain('permission denied to this user (uid 65534)')
    // A lock an earlier version left readable: it names the owner it may not signal.
    await chmod(path.join(dir, '.lock'), 0o644)
    const refused = await firstOf(hold(dir, 2_000, { uid: 65534 }), 'locked', 'refused')
    expect(refused.message).toContain(`PID ${process.pid}`)
    expect((await lockOwner(dir)).pid).toBe(process.pid)
    await lock.release()
  })
})
