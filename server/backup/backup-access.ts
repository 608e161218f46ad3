import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PRIVATE_FILE_MODE } from '../db/data-folder.ts'

/**
 * How `npm run backup` finds the server that holds a PGlite folder and proves it may ask it
 * for a backup: a file in DATA_DIR with the server's address and a random token, written when
 * it starts listening and removed when it stops. Only who can read DATA_DIR (0700) can read it,
 * and who can read DATA_DIR can read every lead anyway: the token gives nothing more.
 */
export const ACCESS_FILE = 'backup-access.json'

export interface BackupAccess {
  url: string
  token: string
}

/** A new token, made before the server listens (its route needs it). */
export const newBackupToken = () => randomBytes(32).toString('hex')

export const writeBackupAccess = async (dataDir: string, access: BackupAccess) => {
  const file = path.join(dataDir, ACCESS_FILE)
  const partial = `${file}.${process.pid}`
  await writeFile(partial, `${JSON.stringify(access)}\n`, { mode: PRIVATE_FILE_MODE })
  await rename(partial, file)
}

export const removeBackupAccess = async (dataDir: string, access: BackupAccess) => {
  // Only our own: a server that took the folder over after us wrote its own.
  const current = await readBackupAccess(dataDir)
  if (current?.token === access.token) await rm(path.join(dataDir, ACCESS_FILE), { force: true })
}

export const readBackupAccess = async (dataDir: string): Promise<BackupAccess | undefined> => {
  const text = await readFile(path.join(dataDir, ACCESS_FILE), 'utf8').catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined
      throw error
    },
  )
  if (text === undefined) return undefined
  try {
    const value = JSON.parse(text) as Partial<BackupAccess>
    return typeof value.url === 'string' && typeof value.token === 'string'
      ? { url: value.url, token: value.token }
      : undefined
  } catch {
    return undefined
  }
}

/** The token a request carries, compared in constant time. */
export const tokenMatches = (expected: string, given: string | undefined) => {
  const a = Buffer.from(expected)
  const b = Buffer.from(given ?? '')
  return a.length === b.length && timingSafeEqual(a, b)
}
