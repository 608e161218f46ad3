// First: V8's baseline WebAssembly compiler only, for a process that lives seconds.
import './short-lived-process.ts'
import { existsSync } from 'node:fs'
import { get, type IncomingMessage } from 'node:http'
import path from 'node:path'
import type { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { readBackupAccess } from './backup/backup-access.ts'
import { folderOpenToOthers, writeBackupFile } from './backup/backup-file.ts'
import type { BackupHeader } from './backup/backup-format.ts'
import {
  keptOffTheMachine,
  parseBackupKey,
  readBackupKeys,
  signingKey,
  type KeyPlaces,
} from './backup/backup-key.ts'
import { BACKUP_PATH } from './backup/backup-route.ts'
import { recordFinishedRun, type RunOutcome } from './backup/backup-runs.ts'
import { describeContents } from './backup/describe-backup.ts'
import { exportPgliteFolder, exportPostgres, lockDataDir } from './backup/open-for-backup.ts'
import { copyDataFiles, copyWalAndLabel, type SnapshotMessage } from './backup/pglite-snapshot.ts'
import { runCommand, say, settingsOrSay } from './command-line.ts'
import { openPostgresDatabase } from './db/postgres.ts'
import type { Settings } from './settings.ts'

/**
 * `npm run backup -- FILE` (dist-server/backup.js): a consistent backup of the site's database
 * while it runs, readable by its owner only. Everything said to a person goes to standard
 * error; with FILE `-` the backup itself goes to standard output.
 *
 * The server also runs this file, with `--export-pglite FOLDER COPY` or `--export-database`, to
 * export in a process of its own (backup/export-process.ts).
 */
const USAGE = `Usage:
  npm run backup -- FILE     a backup of the site's database, written to FILE (mode 0600)
  npm run backup -- -        the same, to standard output (to encrypt or send it on)

With DATABASE_URL the PostgreSQL database is read in one snapshot while visitors keep writing.
Otherwise the PGlite folder in DATA_DIR: through the server that runs on it (it takes a
consistent copy while it serves), or opened directly when no server runs.
Each backup is signed with BACKUP_KEY, or the key in DATA_DIR/backup-key (made by the first
backup if there is none): keep a copy of that key off the machine, a restore needs it.
Restore with: npm run restore -- FILE`

type Produce = (out: Writable) => Promise<unknown>

/** Through the running server that holds the folder (backup-access.json), if one answers. */
const fromServer = async (dataDir: string): Promise<Produce | undefined> => {
  const access = await readBackupAccess(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EACCES') {
      throw new Error(
        `This user may not read ${dataDir}: run the backup as the user the server runs as.`,
      )
    }
    throw error
  })
  if (!access) return undefined
  say(`Asking the server at ${access.url}, which holds ${dataDir}…`)
  let response: IncomingMessage
  try {
    // node:http, not fetch: fetch gives up on a server that takes five minutes to start
    // answering, and a big folder copied at the lowest priority on a busy machine may.
    response = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = get(
        new URL(BACKUP_PATH, access.url),
        { headers: { authorization: `Bearer ${access.token}` } },
        resolve,
      )
      request.once('error', reject)
    })
  } catch {
    // Nothing listens there any more: a server that died without removing the file.
    return undefined
  }
  if (response.statusCode !== 200) {
    const chunks: Buffer[] = []
    for await (const chunk of response) chunks.push(Buffer.from(chunk as Uint8Array))
    throw new Error(
      `The server at ${access.url} refused the backup (HTTP ${response.statusCode}): ${Buffer.concat(chunks).toString().slice(0, 300)}`,
    )
  }
  return (out) => pipeline(response, out)
}

/** The key this command signs with, made (and the operator told to keep it) if there is none. */
const keyToSignWith = async (places: KeyPlaces) => {
  const { key, created } = await signingKey(places)
  if (created) say(keptOffTheMachine(key))
  return key
}

/** The folder itself, under the server's lock (refused, naming it, while a server runs). */
const fromFolder = async (places: KeyPlaces): Promise<Produce> => {
  const key = await keyToSignWith(places)
  return async (out) => {
    const lock = await lockDataDir(places.dataDir)
    try {
      say(`No server runs on ${places.dataDir}: reading its PGlite folder directly.`)
      await exportPgliteFolder(path.join(places.dataDir, 'pglite'), out, key)
    } finally {
      await lock.release()
    }
  }
}

const keyPlaces = (settings: Settings): KeyPlaces => ({
  backupKey: settings.backup.key,
  dataDir: settings.dataDir,
})

const chooseSource = async (settings: Settings): Promise<Produce> => {
  const url = settings.databaseUrl
  if (url) {
    say('Reading the PostgreSQL database in DATABASE_URL (one snapshot; visitors keep writing).')
    const key = await keyToSignWith(keyPlaces(settings))
    return (out) => exportPostgres(url, out, key)
  }
  return (await fromServer(settings.dataDir)) ?? fromFolder(keyPlaces(settings))
}

/**
 * On PostgreSQL the command is the only one that knows how a backup went (no server is asked):
 * it records it in private.backup_runs, as the server records its own, so the desk and the
 * alerts see a backup made by a cron job too. A database that cannot take the record (an older
 * schema) does not fail the backup.
 */
const recorder =
  (settings: Settings) =>
  async <T extends { file?: string; bytes?: number; leads?: number }>(
    work: () => Promise<T>,
  ): Promise<T> => {
    const url = settings.databaseUrl
    if (!url) return work()
    const startedAt = new Date()
    const save = async (outcome: RunOutcome) => {
      const db = await openPostgresDatabase(url)
      await recordFinishedRun(db, startedAt, outcome)
        .catch((error: unknown) =>
          say(`Not recorded in private.backup_runs: ${(error as Error).message}`),
        )
        .finally(() => db.close())
    }
    try {
      const done = await work()
      await save({ ok: true, file: done.file, bytes: done.bytes, leads: done.leads })
      return done
    } catch (error) {
      await save({ ok: false, error: (error as Error).message }).catch(() => undefined)
      throw error
    }
  }

/**
 * The server's own export, in a process of its own (backup/export-process.ts): of DATABASE_URL,
 * or of the PGlite folder the server holds, copied here while the server keeps an online
 * backup open (backup/pglite-snapshot.ts: the files, "copied", the label back, the WAL).
 */
const exportForServer = async (args: string[]) => {
  // The server hands its key over in the environment (export-process.ts).
  const key = parseBackupKey(process.env.BACKUP_KEY ?? '', 'BACKUP_KEY')
  if (!key) throw new Error('The exporter was started without the backup key.')
  const outIndex = args.indexOf('--out')
  const file = outIndex >= 0 ? args[outIndex + 1] : undefined
  let header: BackupHeader | undefined
  let produce: Produce
  if (args[0] === '--export-pglite') {
    const [, folder = '', into = ''] = args
    // A server that dies meanwhile never sends the label: do not wait for it.
    process.once('disconnect', () => process.exit(1))
    await copyDataFiles(folder, into)
    const label = new Promise<string>((resolve) =>
      process.on('message', (message: SnapshotMessage) => {
        if (message.type === 'label') resolve(message.label)
      }),
    )
    process.send?.({ type: 'copied' } satisfies SnapshotMessage)
    await copyWalAndLabel(folder, into, await label)
    produce = async (out) => (header = await exportPgliteFolder(into, out, key))
  } else {
    produce = async (out) =>
      (header = await exportPostgres(process.env.DATABASE_URL ?? '', out, key))
  }
  if (!file) {
    await produce(process.stdout)
    return
  }
  const written = await writeBackupFile(file, produce, { keys: [key], acceptUnsigned: false })
  process.stdout.write(
    `${JSON.stringify({ file: written.file, bytes: written.bytes, leads: header?.counts.leads ?? 0 })}\n`,
  )
}

const main = async () => {
  const args = process.argv.slice(2)
  if (args[0] === '--export-pglite' || args[0] === '--export-database') {
    await exportForServer(args)
    return 0
  }
  if (existsSync('.env')) process.loadEnvFile('.env')
  const [target, ...extra] = args
  if (target === undefined || target === '--help' || target === '-h' || extra.length > 0) {
    say(USAGE)
    return target === undefined || extra.length > 0 ? 2 : 0
  }
  const settings = settingsOrSay(process.env)
  if (settings === undefined) return 1
  const produce = await chooseSource(settings)
  const keys = await readBackupKeys(keyPlaces(settings))
  const record = recorder(settings)
  if (target === '-') {
    await record(() => produce(process.stdout).then(() => ({})))
    return 0
  }
  const started = performance.now()
  const written = await record(async () => {
    // Checked like a restore checks it: signed by this machine's key (or the server's, which
    // is the same: BACKUP_KEY or DATA_DIR/backup-key).
    const made = await writeBackupFile(target, produce, { keys, acceptUnsigned: false })
    return {
      made,
      file: path.basename(made.file),
      bytes: made.bytes,
      leads: made.contents.header.counts.leads,
    }
  })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  say(
    `Wrote ${written.made.file} in ${seconds} s: ${describeContents(written.made.contents, written.made.bytes)}`,
  )
  if (await folderOpenToOthers(path.dirname(written.made.file))) {
    say(
      `The file is yours alone (0600), but other users can list ${path.dirname(written.made.file)}: keep backups in a folder of their own (chmod 700).`,
    )
  }
  return 0
}

runCommand(main)
