// First: V8's baseline WebAssembly compiler only, for a process that lives seconds.
import './short-lived-process.ts'
import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { BackupFileError, readBackupFile, type BackupTrust } from './backup/backup-format.ts'
import { keyFilePath, readBackupKeys, storeKeyFile } from './backup/backup-key.ts'
import { describeContents } from './backup/describe-backup.ts'
import { readErasuresOfBackup, type ErasureRecord } from './backup/erasure-records.ts'
import { applyErasuresOnly } from './backup/erasures-only.ts'
import { newerMigrations } from './backup/restore-database.ts'
import { restoreIntoPglite, restoreIntoPostgres } from './backup/restore-targets.ts'
import { runCommand, say, settingsOrSay } from './command-line.ts'

/**
 * `npm run restore -- FILE` (dist-server/restore.js): a backup made by `npm run backup` (or the
 * daily schedule) into an empty data folder or database, the erasures of every backup beside
 * it applied again. Words for the person go to standard error.
 */
const USAGE = `Usage:
  npm run restore -- FILE [--replace] [--erasures-from OTHER.backup]... [--accept-unsigned]
  npm run restore -- FILE --check [--accept-unsigned]
  npm run restore -- FILE --erasures-only [--accept-unsigned]

Restores FILE into DATA_DIR's PGlite folder, or into DATABASE_URL's database, which must not
hold the site's data yet. The file is checked whole first, its signature too (with BACKUP_KEY,
or the key in DATA_DIR/backup-key); nothing is changed if it is damaged, forged or signed with
a key this machine does not have, or if anything fails. Everyone erased in FILE, in the
database being replaced, in the other backups in FILE's folder and in each --erasures-from
file is erased again.

--replace        restore over the site's data: a PGlite folder is kept aside, renamed; on
                 PostgreSQL the site's schemas are dropped (in the same transaction)
--check          only check FILE and say what it holds
--erasures-only  apply FILE's erasures to the database as it is (after a restore made by other
                 means, such as hosted Supabase's backups), and nothing else
--accept-unsigned  also accept files without a signature: backups made by version 1.1.0, which
                 anyone could have rewritten (use only for a file you know where it has been)
Stop every server of the site before restoring over its data.`

const FEED_RENEWED =
  'The calendar feed of the meetings has a new secret address: the one calendars subscribed to, and any taken from a backup, no longer works. Make the new one in the desk (Agenda → Assinar no seu calendário → Criar um novo endereço) and subscribe to it again.'

/**
 * The settings the backup brought back, for the operator to check before starting the server:
 * its next start writes again only those it owns (server/start-server.ts).
 */
const describeSettings = (lines: string[]) => [
  lines.length === 0
    ? 'Every setting stored in the database is at its default, and no webhook receiver is listed.'
    : `Settings it brought back that differ from their defaults:\n${lines.map((line) => `  - ${line}`).join('\n')}`,
  "The server's next start writes again the settings it owns: the booking facts of company-facts.ts and the BOOKING_* set (private.booking_settings), the reply hours and WEEKLY_SUMMARY (private.reply_settings), exactly the receivers of WEBHOOK_URLS and the desk's link (private.webhook_receivers, webhook_settings), the client address header, and each contact limit its environment sets (RATE_LIMIT_*, FORM_MIN_FILL_MS, QUARANTINE_*, PAGE_VIEW*, PUBLIC_CALLS_*). Any other value above stays as the backup had it: check it before starting the server.",
]

interface RestoreArgs {
  file: string
  replace: boolean
  check: boolean
  erasuresOnly: boolean
  erasuresFrom: string[]
  acceptUnsigned: boolean
}

const parseArgs = (args: string[]): RestoreArgs | { problem: string } | { help: true } => {
  const parsed: RestoreArgs = {
    file: '',
    replace: false,
    check: false,
    erasuresOnly: false,
    erasuresFrom: [],
    acceptUnsigned: false,
  }
  const positional: string[] = []
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? ''
    if (arg === '--help' || arg === '-h') return { help: true }
    if (arg === '--replace') parsed.replace = true
    else if (arg === '--check') parsed.check = true
    else if (arg === '--erasures-only') parsed.erasuresOnly = true
    else if (arg === '--accept-unsigned') parsed.acceptUnsigned = true
    else if (arg === '--erasures-from') {
      const value = args[index + 1]
      if (value === undefined || value.startsWith('--')) {
        return { problem: '--erasures-from needs a file.' }
      }
      parsed.erasuresFrom.push(value)
      index += 1
    } else if (arg.startsWith('--')) return { problem: `Unknown option "${arg}".` }
    else positional.push(arg)
  }
  if (positional.length !== 1) return { problem: 'Name one backup file.' }
  if ([parsed.replace, parsed.check, parsed.erasuresOnly].filter(Boolean).length > 1) {
    return { problem: '--replace, --check and --erasures-only go one at a time.' }
  }
  parsed.file = path.resolve(positional[0] ?? '')
  return parsed
}

/**
 * Erasures of the other backups: those named, and every backup beside FILE (a week of daily
 * ones: restoring an older one must not bring back whoever a newer one shows erased). One
 * beside it that cannot be read is named and skipped; one named must be read.
 */
const otherErasures = async (
  file: string,
  named: string[],
  trust: BackupTrust,
): Promise<ErasureRecord[]> => {
  const folder = path.dirname(file)
  const beside = (await readdir(folder))
    .filter((name) => name.endsWith('.backup') && path.join(folder, name) !== file)
    .map((name) => path.join(folder, name))
  const namedFiles = named.map((name) => path.resolve(name))
  const found: ErasureRecord[] = []
  for (const other of namedFiles) {
    const records = await readErasuresOfBackup(other, trust).catch((error: unknown) => {
      throw new BackupFileError(`--erasures-from ${other}: ${(error as Error).message}`)
    })
    found.push(...records)
  }
  for (const other of beside.filter((name) => !namedFiles.includes(name))) {
    try {
      found.push(...(await readErasuresOfBackup(other, trust)))
    } catch (error) {
      say(`Skipped the erasures of ${other}: ${(error as Error).message}`)
    }
  }
  return found
}

const main = async () => {
  const parsed = parseArgs(process.argv.slice(2))
  if ('help' in parsed) {
    say(USAGE)
    return 0
  }
  if ('problem' in parsed) {
    say(`${parsed.problem}\n\n${USAGE}`)
    return 2
  }
  if (existsSync('.env')) process.loadEnvFile('.env')
  const settings = settingsOrSay(process.env)
  if (settings === undefined) return 1
  // Never made here: a restore checks with the key the backups were made with.
  const trust: BackupTrust = {
    keys: await readBackupKeys({ backupKey: settings.backup.key, dataDir: settings.dataDir }),
    acceptUnsigned: parsed.acceptUnsigned,
  }
  say(`Checking ${parsed.file}…`)
  const contents = await readBackupFile(parsed.file, trust)
  say(`It is whole: ${describeContents(contents)}.`)
  if (parsed.check) return 0
  const newer = await newerMigrations(contents)
  if (newer.length > 0 && !parsed.erasuresOnly) {
    throw new BackupFileError(
      `This backup was made by a newer version of the site (its database had ${newer.join(', ')}): restore it with that version or a later one.`,
    )
  }
  const where = settings.databaseUrl ? 'the database in DATABASE_URL' : `${settings.dataDir}/pglite`
  if (parsed.erasuresOnly) {
    const erased = await applyErasuresOnly(settings, parsed.file, trust)
    say(`Applied the backup's erasures to ${where}: ${erased} lead(s) or message(s) erased again.`)
    return 0
  }
  const erasures = await otherErasures(parsed.file, parsed.erasuresFrom, trust)
  const request = { file: parsed.file, contents, replace: parsed.replace, erasures, trust }
  const started = performance.now()
  const done = await (
    settings.databaseUrl
      ? restoreIntoPostgres(settings.databaseUrl, request)
      : restoreIntoPglite(settings.dataDir, request)
  ).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    throw new Error(`${message}\nNothing was restored: ${where} is as it was.`)
  })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  // The folder's next backups are signed with the key this one was, so that the copies kept
  // off the machine and the new ones need the same key.
  const keyFile = keyFilePath(settings.dataDir)
  const keyInstalled =
    !settings.databaseUrl &&
    contents.signedWith !== undefined &&
    !existsSync(keyFile) &&
    (await storeKeyFile(settings.dataDir, contents.signedWith)).id === contents.signedWith.id
  say(
    [
      `Restored into ${where} in ${seconds} s: ${done.leads} lead(s) now.`,
      `Erased again: ${done.erasedAgain} lead(s) or quarantined message(s) (erasures recorded: ${contents.header.counts.erasures} in this backup, ${erasures.length} in the other backups, ${done.erasuresFromReplaced} in the data it replaced).`,
      ...(done.replaced ? [`The data it replaced: ${done.replaced}.`] : []),
      ...(keyInstalled
        ? [
            `The backup key it is signed with (${contents.signedWith?.id}) is now in ${keyFile}: the server signs its backups with it, unless BACKUP_KEY names another.`,
          ]
        : []),
      ...(done.skippedTables.length > 0
        ? [`Left out, not part of the site's schema: ${done.skippedTables.join(', ')}.`]
        : []),
      ...(done.feedTokenRenewed ? [FEED_RENEWED] : []),
      ...describeSettings(done.settingsAwayFromDefaults),
      'Start the server: it applies any newer migrations, and sends what was waiting to be sent (see docs/backups.md for what a restore cannot bring back).',
    ].join('\n'),
  )
  return 0
}

runCommand(main)
