import { createHmac, randomBytes } from 'node:crypto'
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../db/data-folder.ts'

/**
 * The secret backups are signed with (decision 056): an HMAC-SHA256 over the whole file, so a
 * file rewritten wherever it is kept (a new feed token, a phishing meeting address, limits off,
 * erasures taken out, its checksum made anew) is refused by a restore. The key is kept outside
 * the database and every backup: in BACKUP_KEY, or in DATA_DIR/backup-key, made by the first
 * backup or server start that needs one. A restore on another machine needs it: the operator
 * keeps a copy off the machine.
 */
export const KEY_FILE_NAME = 'backup-key'

/** 32 random bytes as 64 hexadecimal characters: what `openssl rand -hex 32` prints. */
const KEY_TEXT = /^[0-9a-f]{64}$/i

export const BACKUP_KEY_FORMAT_HINT =
  'BACKUP_KEY must be 64 hexadecimal characters (make one with: openssl rand -hex 32).'

export interface BackupKey {
  secret: Buffer
  /**
   * What names the key in a backup's header and in messages: 16 hexadecimal characters of an
   * HMAC made with it, which says nothing about the key itself.
   */
  id: string
  /** Where it came from, for messages: "BACKUP_KEY" or the key file's path. */
  from: string
}

export const parseBackupKey = (text: string, from: string): BackupKey | undefined => {
  const trimmed = text.trim()
  if (!KEY_TEXT.test(trimmed)) return undefined
  const secret = Buffer.from(trimmed.toLowerCase(), 'hex')
  const id = createHmac('sha256', secret).update('site-backup key id').digest('hex').slice(0, 16)
  return { secret, id, from }
}

/** The key as its text, to hand to the exporter process in its environment. */
export const backupKeyText = (key: BackupKey) => key.secret.toString('hex')

export const keyFilePath = (dataDir: string) => path.join(dataDir, KEY_FILE_NAME)

/** Where the keys are looked for: BACKUP_KEY as the settings read it, and DATA_DIR. */
export interface KeyPlaces {
  /** BACKUP_KEY, already checked by the settings (backup-settings.ts). */
  backupKey: string | undefined
  dataDir: string
}

const readKeyFile = async (file: string): Promise<BackupKey | undefined> => {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw new Error(`The backup key ${file} cannot be read: ${error.message}`)
  })
  if (text === undefined) return undefined
  const key = parseBackupKey(text, file)
  if (!key) {
    throw new Error(
      `The backup key ${file} is damaged: it must hold 64 hexadecimal characters. Put back the copy kept off this machine.`,
    )
  }
  return key
}

/**
 * Every key a backup here may be signed with: BACKUP_KEY, then DATA_DIR/backup-key (another
 * key when BACKUP_KEY replaced it: older backups were signed with it). Nothing is made.
 */
export const readBackupKeys = async (places: KeyPlaces): Promise<BackupKey[]> => {
  const keys: BackupKey[] = []
  if (places.backupKey !== undefined) {
    const key = parseBackupKey(places.backupKey, 'BACKUP_KEY')
    if (!key) throw new Error(BACKUP_KEY_FORMAT_HINT)
    keys.push(key)
  }
  const inFile = await readKeyFile(keyFilePath(places.dataDir))
  if (inFile && !keys.some((key) => key.id === inFile.id)) keys.push(inFile)
  return keys
}

/**
 * Writes `key` as DATA_DIR/backup-key unless one is there (owner-only, whole or not at all:
 * under a temporary name, then linked into place, which fails if another process got there
 * first). Returns the key the file holds afterwards.
 */
export const storeKeyFile = async (dataDir: string, key: BackupKey): Promise<BackupKey> => {
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE })
  const file = keyFilePath(dataDir)
  const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`
  await writeFile(partial, `${backupKeyText(key)}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' })
  try {
    await link(partial, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    await rm(partial, { force: true })
  }
  const stored = await readKeyFile(file)
  if (!stored) throw new Error(`The backup key ${file} vanished as it was written.`)
  return stored
}

export interface SigningKey {
  key: BackupKey
  /** Made just now (DATA_DIR/backup-key): the operator must be told to keep a copy. */
  created: boolean
}

/**
 * The key new backups are signed with: BACKUP_KEY, or DATA_DIR/backup-key, made now (32
 * random bytes) when there is neither.
 */
export const signingKey = async (places: KeyPlaces): Promise<SigningKey> => {
  const [first] = await readBackupKeys(places)
  if (first) return { key: first, created: false }
  const made = parseBackupKey(randomBytes(32).toString('hex'), keyFilePath(places.dataDir))
  if (!made) throw new Error('A new backup key could not be made.')
  const stored = await storeKeyFile(places.dataDir, made)
  return { key: stored, created: stored.id === made.id }
}

/** What to tell the operator when a key was made: where it is and why to copy it elsewhere. */
export const keptOffTheMachine = (key: BackupKey) =>
  `Backups are signed with the backup key in ${key.from} (key ${key.id}), made now. Keep a copy of it off this machine, with the company's passwords (show it with: cat ${key.from}): a restore refuses a backup whose signature it cannot check, and on a new machine it needs this key (BACKUP_KEY=… npm run restore -- FILE). Without it, no backup signed with it can be restored.`
