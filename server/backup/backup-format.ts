import { createHash, createHmac, timingSafeEqual, type Hash, type Hmac } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import type { BackupKey } from './backup-key.ts'

/**
 * A backup file: gzip of UTF-8 lines, each a one-letter kind and a JSON value, so a person can
 * read one with `zcat` in an emergency and no line can pass for another:
 *
 *   H{header}                       what it is, from which schema version, what it holds, and
 *                                   the id of the key it is signed with
 *   T{"table":…,"columns":[…]}      a table's rows follow, one per line:
 *   R{"id":…,"name":…}              a row as PostgreSQL's to_json wrote it
 *   E{"table":…,"rows":n}           the table's end, with its row count
 *   C{"hmac-sha256":…}              after the first table (the erasures) only: the signature of
 *                                   every byte above it, so a restore can trust the erasures of
 *                                   the backups beside it reading no further
 *   S[{"name":…,"value":n}]         the sequences, read after the rows
 *   Z{"hmac-sha256":…}              the signature of every byte above it
 *
 * The signatures are HMAC-SHA256 with the backup key (backup-key.ts), kept outside the
 * database and the file: whoever rewrites a backup cannot sign it again (decision 056).
 * Format 1, written by 1.1.0, ended with the plain SHA-256 of the lines above (`Z{"sha256":…}`),
 * which anyone could make anew; it is read only when the operator accepts unsigned files.
 *
 * Reading checks all of it (gzip's own checksum, the order, every count, the signature, nothing
 * after the end) before a restore touches anything: a truncated or altered file is refused.
 */
export const BACKUP_FORMAT = 'site-backup'
export const BACKUP_FORMAT_VERSION = 2
/** 1.1.0's format: its last line is a plain SHA-256, which anyone can make anew. */
export const UNSIGNED_FORMAT_VERSION = 1

/** The longest line a backup of ours can have (a lead is a few KB): anything longer is damage. */
const MAX_LINE_CHARS = 64 * 1024 * 1024

export interface BackupHeader {
  format: typeof BACKUP_FORMAT
  version: typeof BACKUP_FORMAT_VERSION | typeof UNSIGNED_FORMAT_VERSION
  createdAt: string
  /** Where it was taken: the embedded database or a PostgreSQL server (hosted Supabase too). */
  source: 'pglite' | 'postgresql'
  /** The migrations the database had applied, in order: the schema's version. */
  migrations: string[]
  /** What it holds, for the person about to restore it. */
  counts: { leads: number; bookings: number; quarantined: number; erasures: number }
  /** The id of the key it is signed with (format 2). */
  key?: string
}

export interface BackupTable {
  name: string
  columns: string[]
  rows: number
}

export interface BackupSequence {
  name: string
  value: number
}

export interface BackupContents {
  header: BackupHeader
  tables: BackupTable[]
  sequences: BackupSequence[]
  /** Uncompressed bytes. */
  bytes: number
  /** The key its signature was checked with; undefined for an unsigned file, accepted. */
  signedWith: BackupKey | undefined
}

/**
 * What a reader trusts: the keys a signature may be made with, and whether the operator
 * accepts a file without one (1.1.0's, or one whose signature was taken out).
 */
export interface BackupTrust {
  keys: BackupKey[]
  acceptUnsigned: boolean
}

/** A backup that cannot be trusted; the message says why, in words for the operator. */
export class BackupFileError extends Error {}

const parse = (text: string, what: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    throw new BackupFileError(`The backup is damaged: ${what} is not readable.`)
  }
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')

const readHeader = (value: unknown): BackupHeader => {
  const header = value as Partial<BackupHeader> | null
  if (header?.format !== BACKUP_FORMAT) {
    throw new BackupFileError('This is not a backup made by this site (`npm run backup`).')
  }
  if (header.version !== BACKUP_FORMAT_VERSION && header.version !== UNSIGNED_FORMAT_VERSION) {
    throw new BackupFileError(
      `This backup has format version ${String(header.version)}, which this version of the site cannot read: restore it with the version that made it, or a later one.`,
    )
  }
  if (
    typeof header.createdAt !== 'string' ||
    (header.source !== 'pglite' && header.source !== 'postgresql') ||
    !isStringArray(header.migrations) ||
    typeof header.counts !== 'object' ||
    header.counts === null ||
    (header.version === BACKUP_FORMAT_VERSION &&
      (typeof header.key !== 'string' || !/^[0-9a-f]{16}$/.test(header.key)))
  ) {
    throw new BackupFileError('The backup is damaged: its header is incomplete.')
  }
  return header as BackupHeader
}

/** The words for a file no key here can check, and what to do about it. */
const unknownKey = (id: string, keys: BackupKey[]) =>
  keys.length === 0
    ? `This backup is signed with backup key ${id}, and this machine has no backup key: set BACKUP_KEY to the key kept off the machine when backups began (or put it in DATA_DIR/backup-key) and run this again. See docs/backups.md, "A restore on another machine".`
    : `This backup is signed with backup key ${id}, not with this machine's (${keys.map((key) => `${key.id} in ${key.from}`).join(', ')}): set BACKUP_KEY to the key it was made with and run this again. If the company never had a key ${id}, the file was forged: do not restore it.`

export const UNSIGNED_REFUSED =
  'This backup is not signed: it was made by version 1.1.0 of the site, or someone rewrote it and took its signature out. Nothing can tell the two apart, so it is restored only if you know where it has been: run this again with --accept-unsigned.'

const FORGED =
  'The backup is forged or damaged: its content does not match its signature (it was changed after it was written). Do not restore it: use another backup, or the copy kept off the machine.'

/** Whether a signature read from a file is the one computed, in time that leaks nothing. */
const sameSignature = (given: unknown, computed: string) =>
  typeof given === 'string' &&
  given.length === computed.length &&
  timingSafeEqual(Buffer.from(given), Buffer.from(computed))

/**
 * How a file's bytes are checked, decided by its header: the HMAC with the key it names, or,
 * for an unsigned file the operator accepts, the plain SHA-256 of format 1.
 */
const checkerFor = (header: BackupHeader, trust: BackupTrust) => {
  if (header.version === UNSIGNED_FORMAT_VERSION) {
    if (!trust.acceptUnsigned) throw new BackupFileError(UNSIGNED_REFUSED)
    return { key: undefined, whole: createHash('sha256') as Hash | Hmac, firstPart: undefined }
  }
  const id = header.key ?? ''
  const key = trust.keys.find((candidate) => candidate.id === id)
  if (!key) throw new BackupFileError(unknownKey(id, trust.keys))
  return {
    key,
    whole: createHmac('sha256', key.secret) as Hash | Hmac,
    firstPart: createHmac('sha256', key.secret) as Hmac | undefined,
  }
}

/** What reading hands on, table by table: rows come in the order they were written. */
export interface BackupVisitor {
  header?(header: BackupHeader): Promise<void> | void
  beginTable?(table: { name: string; columns: string[] }): Promise<void> | void
  /** The row's JSON text, as written. */
  row?(json: string): Promise<void> | void
  endTable?(table: BackupTable): Promise<void> | void
  /**
   * Stop reading here (true) once this table has ended: for the erasures, which come first.
   * Nothing after it is checked then.
   */
  stopAfter?(table: BackupTable): boolean
}

const lineOf = (input: Readable) => {
  const gunzip = createGunzip()
  const seen = { bytes: 0 }
  input.on('data', (chunk: Buffer) => (seen.bytes += chunk.length))
  input.on('error', (error) => gunzip.destroy(error))
  input.pipe(gunzip)
  return { lines: createInterface({ input: gunzip, crlfDelay: Infinity }), seen }
}

/** An error of the visitor's own (a database refusing a row): passed on as it is. */
class VisitorError extends Error {
  constructor(readonly original: unknown) {
    super('visitor failed')
  }
}
const visiting = async (call: () => unknown) => {
  try {
    await call()
  } catch (error) {
    throw new VisitorError(error)
  }
}

/** The gzip layer's own words, for a file cut short or changed on the way. */
const describeReadError = (error: unknown): BackupFileError => {
  if (error instanceof BackupFileError) return error
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return new BackupFileError('There is no such backup file.')
  if (code === 'EACCES') return new BackupFileError('This user may not read the backup file.')
  if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(String((error as Error).message))) {
    return new BackupFileError('The backup is truncated: it ends before its last line.')
  }
  if (code === 'Z_DATA_ERROR' && /header check/.test(String((error as Error).message))) {
    return new BackupFileError(
      'This is not a backup made by this site (it is not gzip), or its first bytes are damaged.',
    )
  }
  if (typeof code === 'string' && code.startsWith('Z_')) {
    return new BackupFileError(
      `The backup is damaged: it is not a complete gzip file (${(error as Error).message}).`,
    )
  }
  return new BackupFileError(`The backup cannot be read: ${(error as Error).message}`)
}

/**
 * Reads a backup from start to end, checking everything, its signature with the keys `trust`
 * gives, and hands each part to `visitor`. Resolves with what it holds; rejects with a
 * BackupFileError saying what is wrong. Only after it resolves may what was handed on be
 * trusted (a restore does its work in a transaction it commits after that). A file no key
 * here signed, or an unsigned one the operator has not accepted, is refused at its first line.
 */
export const readBackup = async (
  input: Readable,
  trust: BackupTrust,
  visitor: BackupVisitor = {},
): Promise<BackupContents> => {
  let checker: ReturnType<typeof checkerFor> | undefined
  let header: BackupHeader | undefined
  const tables: BackupTable[] = []
  let table: { name: string; columns: string[]; rows: number } | undefined
  let sequences: BackupSequence[] | undefined
  let trailer: Record<string, unknown> | undefined
  /** Format 2: the first table has ended and its C line comes next; stop there if asked. */
  let checkpointDue: { stop: boolean } | undefined
  let bytes = 0
  let lineNumber = 0
  const { lines, seen } = lineOf(input)
  const signed = (text: string) => {
    checker?.whole.update(`${text}\n`)
    checker?.firstPart?.update(`${text}\n`)
    bytes += Buffer.byteLength(text) + 1
  }
  try {
    for await (const text of lines) {
      lineNumber += 1
      if (trailer) throw new BackupFileError('The backup is damaged: it goes on after its end.')
      if (text.length > MAX_LINE_CHARS) {
        throw new BackupFileError(`The backup is damaged: line ${lineNumber} is far too long.`)
      }
      const kind = text[0]
      const body = text.slice(1)
      if (!header && kind !== 'H') {
        throw new BackupFileError('This is not a backup made by this site (`npm run backup`).')
      }
      if (checkpointDue) {
        if (kind !== 'C') {
          throw new BackupFileError(
            `The backup is damaged: line ${lineNumber} should sign its first table.`,
          )
        }
        const given = (parse(body, `line ${lineNumber}`) as Record<string, unknown> | null)?.[
          'hmac-sha256'
        ]
        if (!sameSignature(given, checker?.firstPart?.digest('hex') ?? '')) {
          throw new BackupFileError(FORGED)
        }
        if (checker) checker.firstPart = undefined
        signed(text)
        const { stop } = checkpointDue
        checkpointDue = undefined
        if (stop) {
          return {
            header,
            tables,
            sequences: [],
            bytes,
            signedWith: checker?.key,
          } as BackupContents
        }
        continue
      }
      if (kind === 'H') {
        if (header) throw new BackupFileError('The backup is damaged: it has two headers.')
        header = readHeader(parse(body, 'its header'))
        checker = checkerFor(header, trust)
        signed(text)
        await visiting(() => visitor.header?.(header as BackupHeader))
        continue
      }
      if (kind !== 'Z') signed(text)
      if (kind === 'R') {
        if (!table || sequences) {
          throw new BackupFileError(`The backup is damaged: line ${lineNumber} is out of place.`)
        }
        table.rows += 1
        await visiting(() => visitor.row?.(body))
        continue
      }
      if (table && kind !== 'E') {
        throw new BackupFileError(`The backup is damaged: table ${table.name} has no end.`)
      }
      if (kind === 'T') {
        const start = parse(body, `line ${lineNumber}`) as { table?: unknown; columns?: unknown }
        if (sequences || typeof start.table !== 'string' || !isStringArray(start.columns)) {
          throw new BackupFileError(`The backup is damaged: line ${lineNumber} is out of place.`)
        }
        table = { name: start.table, columns: start.columns, rows: 0 }
        const started = { name: table.name, columns: table.columns }
        await visiting(() => visitor.beginTable?.(started))
      } else if (kind === 'E') {
        const end = parse(body, `line ${lineNumber}`) as { table?: unknown; rows?: unknown }
        if (!table || end.table !== table.name) {
          throw new BackupFileError(`The backup is damaged: line ${lineNumber} is out of place.`)
        }
        if (end.rows !== table.rows) {
          throw new BackupFileError(
            `The backup is damaged: table ${table.name} should have ${String(end.rows)} rows and has ${table.rows}.`,
          )
        }
        const ended = { ...table }
        tables.push(ended)
        table = undefined
        await visiting(() => visitor.endTable?.(ended))
        const stop = visitor.stopAfter?.(ended) === true
        // Format 2 can be trusted this far only at the signature of its first table.
        if (checker?.firstPart) checkpointDue = { stop }
        else if (stop && !checker?.key) {
          return { header, tables, sequences: [], bytes, signedWith: undefined } as BackupContents
        }
      } else if (kind === 'S') {
        const list = parse(body, 'its sequences')
        if (sequences || !Array.isArray(list)) {
          throw new BackupFileError('The backup is damaged: its sequences are out of place.')
        }
        sequences = list as BackupSequence[]
      } else if (kind === 'Z') {
        trailer = (parse(body, 'its last line') as Record<string, unknown> | null) ?? {}
      } else {
        throw new BackupFileError(`The backup is damaged: line ${lineNumber} is not readable.`)
      }
    }
  } catch (error) {
    if (error instanceof VisitorError) throw error.original
    // A file that could not be opened read no bytes either: say why, not that it is empty.
    const { code } = error as NodeJS.ErrnoException
    if (seen.bytes === 0 && code !== 'ENOENT' && code !== 'EACCES') {
      throw new BackupFileError('The file is empty: it is not a backup.')
    }
    throw describeReadError(error)
  } finally {
    lines.close()
    input.destroy()
  }
  if (!header || !checker) throw new BackupFileError('The file is empty: it is not a backup.')
  if (!trailer || !sequences || checkpointDue) {
    throw new BackupFileError('The backup is truncated: it ends before its last line.')
  }
  const computed = checker.whole.digest('hex')
  if (!checker.key) {
    if (trailer.sha256 !== computed) {
      throw new BackupFileError(
        'The backup is damaged: its content does not match its checksum (changed after it was written).',
      )
    }
  } else if (!sameSignature(trailer['hmac-sha256'], computed)) {
    throw new BackupFileError(FORGED)
  }
  return { header, tables, sequences, bytes, signedWith: checker.key }
}

/** readBackup of a file on disk. */
export const readBackupFile = (file: string, trust: BackupTrust, visitor?: BackupVisitor) =>
  readBackup(createReadStream(file), trust, visitor)
