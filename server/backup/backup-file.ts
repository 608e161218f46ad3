import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, open, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Writable } from 'node:stream'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../db/data-folder.ts'
import { readBackupFile, type BackupContents, type BackupTrust } from './backup-format.ts'

export interface WrittenBackup {
  file: string
  /** On disk (compressed). */
  bytes: number
  contents: BackupContents
}

/**
 * Writes a backup as its owner's alone and whole or not at all: into a temporary name beside
 * the target, created 0600 (the umask can only take bits away), flushed to disk, read back and
 * checked like a restore checks it (its signature with the keys `trust` gives), then renamed
 * over the target. A folder it has to create is
 * made 0700. If anything fails the target is untouched and the temporary file removed.
 */
export const writeBackupFile = async (
  target: string,
  produce: (out: Writable) => Promise<unknown>,
  trust: BackupTrust,
): Promise<WrittenBackup> => {
  const file = path.resolve(target)
  const folder = path.dirname(file)
  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE })
  const partial = path.join(
    folder,
    `.${path.basename(file)}.partial-${randomBytes(4).toString('hex')}`,
  )
  try {
    await produce(createWriteStream(partial, { flags: 'wx', mode: PRIVATE_FILE_MODE }))
    const handle = await open(partial, 'r')
    await handle.sync().finally(() => handle.close())
    const contents = await readBackupFile(partial, trust)
    await rename(partial, file)
    // The rename itself reaches the disk only when the folder is flushed.
    const dir = await open(folder, 'r')
    await dir.sync().finally(() => dir.close())
    return { file, bytes: (await stat(file)).size, contents }
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
}

/** Whether other users may list or enter a folder (its files stay 0600 either way). */
export const folderOpenToOthers = async (folder: string) =>
  ((await stat(folder)).mode & 0o077) !== 0
