import { mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import path from 'node:path'
import { unlinkSync } from 'node:fs'

interface LockOwner {
  pid: number
  hostname: string
  startedAt: string
}

export interface DataDirLock {
  file: string
  release(): Promise<void>
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const isFresh = async (file: string): Promise<boolean> => {
  try {
    return Date.now() - (await stat(file)).mtimeMs < 5_000
  } catch {
    return false
  }
}

const readOwner = async (file: string): Promise<LockOwner | null> => {
  try {
    const owner: unknown = JSON.parse(await readFile(file, 'utf8'))
    if (typeof owner === 'object' && owner !== null && 'pid' in owner && 'hostname' in owner) {
      const { pid, hostname: host, startedAt } = owner as Record<string, unknown>
      if (typeof pid === 'number' && typeof host === 'string') {
        return { pid, hostname: host, startedAt: String(startedAt) }
      }
    }
    return null
  } catch {
    return null
  }
}

/**
 * Takes the folder for this process alone. PGlite has no locking of its own: a second
 * process on the same folder opens it without error and rows are silently lost. A lock
 * left by a crashed process (its pid no longer runs on this host) is taken over.
 */
export const acquireDataDirLock = async (dir: string): Promise<DataDirLock> => {
  const folder = path.resolve(dir)
  const file = path.join(folder, '.lock')
  await mkdir(folder, { recursive: true })
  const me: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
  }
  const content = JSON.stringify(me)

  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await writeFile(file, content, { flag: 'wx' })
      const removeOnExit = () => {
        try {
          unlinkSync(file)
        } catch {
          // Already gone.
        }
      }
      process.once('exit', removeOnExit)
      return {
        file,
        async release() {
          process.removeListener('exit', removeOnExit)
          const owner = await readOwner(file)
          if (owner?.pid === me.pid && owner.startedAt === me.startedAt) await unlink(file)
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const owner = await readOwner(file)
    const live = owner !== null && (owner.hostname !== me.hostname || isAlive(owner.pid))
    if (live) {
      throw new Error(
        `The data folder ${folder} is in use by another process (PID ${owner.pid} on ${owner.hostname}, ` +
          `since ${owner.startedAt}). Stop that process or set DATA_DIR to another folder.`,
      )
    }
    if (owner === null && (await isFresh(file))) {
      // Another process is writing its lock right now.
      throw new Error(`The data folder ${folder} is being opened by another process.`)
    }
    // Stale (the owner crashed) or left unreadable long ago: remove it and try again.
    await unlink(file).catch(() => {})
  }
  throw new Error(`Could not lock the data folder ${folder}.`)
}
