import { createHash, createHmac } from 'node:crypto'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { gunzipSync, gzipSync } from 'node:zlib'
import type { BackupHeader, BackupTrust } from '../../server/backup/backup-format.ts'
import { createBackupWriter } from '../../server/backup/backup-writer.ts'
import { parseBackupKey, type BackupKey } from '../../server/backup/backup-key.ts'
import { exportDatabase } from '../../server/backup/export-database.ts'
import type { Database } from '../../server/db/database.ts'

/**
 * The BACKUP_KEY every test server and every built command a test runs is given
 * (testSettings, runBuiltCommand), unless the test says otherwise: the backups of one test
 * then restore in another folder, as they would on one company's machines.
 */
export const TEST_BACKUP_KEY = '5e1f0c0ffee0ddba11c0ffee0ddba11c0ffee0ddba11c0ffee0ddba11c0ffee0'

const keyOf = (text: string, from: string): BackupKey => {
  const key = parseBackupKey(text, from)
  if (!key) throw new Error(`not a backup key: ${from}`)
  return key
}

export const testBackupKey = keyOf(TEST_BACKUP_KEY, 'BACKUP_KEY')

/** Another company's key, or a forger's: the same format, another secret. */
export const otherBackupKey = keyOf('0123456789abcdef'.repeat(4), 'another machine')

/** What a restore on a test's machine trusts: the test key, no unsigned file. */
export const testTrust: BackupTrust = { keys: [testBackupKey], acceptUnsigned: false }

/**
 * A backup of `db` written to `file` (0600) as `npm run backup` writes one, in this process,
 * signed with the test key (or `key`): for tests that need many backups of a database they
 * shape between them, or a backup to restore where making it is not what they check.
 */
export const exportBackupFile = async (
  db: Database,
  file: string,
  key = testBackupKey,
  source: BackupHeader['source'] = 'pglite',
) => {
  const out = createWriteStream(file, { mode: 0o600 })
  const closed = once(out, 'close')
  const header = await exportDatabase(db, createBackupWriter(out, key), source)
  await closed
  return header
}

/** A backup's lines (its gzip undone), to rewrite as someone holding the file could. */
export const backupLines = (bytes: Buffer) =>
  gunzipSync(bytes)
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')

/** Its lines without the signatures: the header, the tables, the sequences. */
const contentLines = (lines: string[]) => lines.filter((line) => !/^[CZ]/.test(line))

const withHeader = (lines: string[], change: (header: Record<string, unknown>) => void) => {
  const [first = '', ...rest] = lines
  const header = JSON.parse(first.slice(1)) as Record<string, unknown>
  change(header)
  return [`H${JSON.stringify(header)}`, ...rest]
}

/**
 * The lines written back as 1.1.0 wrote a backup: format 1, ending with the plain SHA-256 of
 * the lines above, which anyone can make anew after changing them.
 */
export const asUnsignedBackup = (lines: string[]): Buffer => {
  const body = withHeader(contentLines(lines), (header) => {
    header.version = 1
    delete header.key
  })
  const text = body.map((line) => `${line}\n`).join('')
  const sha256 = createHash('sha256').update(text).digest('hex')
  return gzipSync(`${text}Z${JSON.stringify({ sha256 })}\n`)
}

/** The lines signed with `key`, as a forger with a key of their own would sign them. */
export const signedBackup = (lines: string[], key: BackupKey): Buffer => {
  const body = withHeader(contentLines(lines), (header) => {
    header.version = 2
    header.key = key.id
  })
  const firstEnd = body.findIndex((line) => line.startsWith('E'))
  const text = (part: string[]) => part.map((line) => `${line}\n`).join('')
  const sign = (part: string) => createHmac('sha256', key.secret).update(part).digest('hex')
  const signedLines = [
    ...body.slice(0, firstEnd + 1),
    `C${JSON.stringify({ 'hmac-sha256': sign(text(body.slice(0, firstEnd + 1))) })}`,
    ...body.slice(firstEnd + 1),
  ]
  const all = text(signedLines)
  return gzipSync(`${all}Z${JSON.stringify({ 'hmac-sha256': sign(all) })}\n`)
}
