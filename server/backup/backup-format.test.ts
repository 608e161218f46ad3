import { PassThrough, Readable } from 'node:stream'
import { gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  asUnsignedBackup,
  backupLines,
  otherBackupKey,
  signedBackup,
  testBackupKey,
  testTrust,
} from '../../tests/support/test-backups.ts'
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  readBackup,
  readBackupFile,
  type BackupHeader,
  type BackupTrust,
} from './backup-format.ts'
import { createBackupWriter } from './backup-writer.ts'

const header: BackupHeader = {
  format: BACKUP_FORMAT,
  version: BACKUP_FORMAT_VERSION,
  createdAt: '2026-11-28T03:00:00.000Z',
  source: 'pglite',
  migrations: ['20261121000000_contact_submissions.sql'],
  counts: { leads: 2, bookings: 0, quarantined: 0, erasures: 1 },
}

const ERASURE = `{"kind":"email","key":"k","digest":"${'a'.repeat(64)}","erased_at":"2026-11-27T10:00:00Z"}`

const write = async (rows: string[], key = testBackupKey) => {
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (chunk: Buffer) => chunks.push(chunk))
  const writer = createBackupWriter(out, key)
  await writer.header(header)
  await writer.beginTable('private.erasures', ['kind', 'key', 'digest', 'erased_at'])
  await writer.row(ERASURE)
  await writer.endTable()
  await writer.beginTable('public.contact_submissions', ['id', 'name'])
  for (const row of rows) await writer.row(row)
  await writer.endTable()
  await writer.finish([{ name: 'private.lead_audit_id_seq', value: 7 }])
  return Buffer.concat(chunks)
}

const read = (bytes: Buffer, rows: string[] = [], trust: BackupTrust = testTrust) =>
  readBackup(Readable.from([bytes]), trust, { row: (json) => void rows.push(json) })

/** The first table alone, as a restore reads the backups beside the one it restores. */
const readFirstTable = (bytes: Buffer, trust: BackupTrust = testTrust) =>
  readBackup(Readable.from([bytes]), trust, { stopAfter: () => true })

const ROWS = ['{"id":1,"name":"Conceição"}', '{"id":2,"name":"R\\u0000y\\nz"}']

describe('a backup file', () => {
  it('reads back what was written, row for row, signed with its key', async () => {
    const rows: string[] = []
    const contents = await read(await write(ROWS), rows)
    expect(rows).toEqual([ERASURE, ...ROWS])
    expect(contents.header).toEqual({ ...header, key: testBackupKey.id })
    expect(contents.signedWith?.id).toBe(testBackupKey.id)
    expect(contents.tables).toEqual([
      { name: 'private.erasures', columns: ['kind', 'key', 'digest', 'erased_at'], rows: 1 },
      { name: 'public.contact_submissions', columns: ['id', 'name'], rows: 2 },
    ])
    expect(contents.sequences).toEqual([{ name: 'private.lead_audit_id_seq', value: 7 }])
  })

  it('is refused when cut short anywhere, saying it is truncated', async () => {
    const bytes = await write(ROWS)
    for (const length of [
      0,
      10,
      Math.floor(bytes.length / 2),
      bytes.length - 9,
      bytes.length - 1,
    ]) {
      const error = await read(bytes.subarray(0, length)).catch((caught: Error) => caught)
      expect([length, (error as Error).message]).toEqual([
        length,
        expect.stringMatching(length === 0 ? /empty|not a backup/ : /truncated/),
      ])
    }
  })

  it('is refused when cut at a line and compressed again: the last line is missing', async () => {
    const text = gunzipSync(await write(ROWS)).toString('utf8')
    const withoutEnd = text.slice(0, text.lastIndexOf('S'))
    await expect(read(gzipSync(withoutEnd))).rejects.toThrow(/truncated/)
  })

  it('is refused when a byte changed, by gzip or by its signature', async () => {
    const bytes = await write(ROWS)
    const flipped = Buffer.from(bytes)
    const middle = Math.floor(bytes.length / 2)
    flipped[middle] = (flipped[middle] ?? 0) ^ 0x20
    await expect(read(flipped)).rejects.toThrow(/damaged|truncated|forged/)

    const text = gunzipSync(bytes).toString('utf8')
    const edited = gzipSync(text.replace('Conceição', 'Conceicao'))
    await expect(read(edited)).rejects.toThrow(/forged or damaged: its content does not match/)
  })

  it('is refused when rewritten and signed with another key, before anything is read', async () => {
    const rows: string[] = []
    const forged = signedBackup(backupLines(await write(ROWS)), otherBackupKey)
    const error = await read(forged, rows).catch((caught: Error) => caught)
    expect((error as Error).message).toBe(
      `This backup is signed with backup key ${otherBackupKey.id}, not with this machine's (${testBackupKey.id} in BACKUP_KEY): set BACKUP_KEY to the key it was made with and run this again. If the company never had a key ${otherBackupKey.id}, the file was forged: do not restore it.`,
    )
    expect(rows).toEqual([])
    await expect(read(await write(ROWS), [], { keys: [], acceptUnsigned: false })).rejects.toThrow(
      /this machine has no backup key: set BACKUP_KEY/,
    )
  })

  it('is refused unsigned (1.1.0’s format, or a rewrite with its SHA-256 made anew) unless accepted', async () => {
    const lines = backupLines(await write(ROWS)).map((line) => line.replace('Conceição', 'Forjada'))
    const unsigned = asUnsignedBackup(lines)
    await expect(read(unsigned)).rejects.toThrow(/This backup is not signed/)
    await expect(readFirstTable(unsigned)).rejects.toThrow(/This backup is not signed/)
    const rows: string[] = []
    const accepted = await read(unsigned, rows, { ...testTrust, acceptUnsigned: true })
    expect(accepted.signedWith).toBeUndefined()
    expect(rows).toContain('{"id":1,"name":"Forjada"}')
    // Accepted unsigned, it is still checked whole against its own SHA-256.
    const damaged = gzipSync(gunzipSync(unsigned).toString('utf8').replace('Forjada', 'Forjado'))
    await expect(read(damaged, [], { ...testTrust, acceptUnsigned: true })).rejects.toThrow(
      /does not match its checksum/,
    )
  })

  it('signs its first table on a line of its own, so it can be trusted read alone', async () => {
    const bytes = await write(ROWS)
    const first = await readFirstTable(bytes)
    expect(first.tables.map((table) => table.name)).toEqual(['private.erasures'])
    expect(first.signedWith?.id).toBe(testBackupKey.id)

    const text = gunzipSync(bytes).toString('utf8')
    // An erasure taken out of the first table, its count made to match.
    const erasureGone = text
      .replace(`R${ERASURE}\n`, '')
      .replace('"table":"private.erasures","rows":1', '"table":"private.erasures","rows":0')
    await expect(readFirstTable(gzipSync(erasureGone))).rejects.toThrow(/forged or damaged/)
    const withoutCheckpoint = text.replace(/^C.*\n/m, '')
    await expect(readFirstTable(gzipSync(withoutCheckpoint))).rejects.toThrow(
      /should sign its first table/,
    )
  })

  it('is refused when a row went missing or something follows its end', async () => {
    const text = gunzipSync(await write(ROWS)).toString('utf8')
    const lines = text.split('\n')
    const missingRow = lines.filter((line) => !line.startsWith('R{"id":2')).join('\n')
    await expect(read(gzipSync(missingRow))).rejects.toThrow(/should have 2 rows and has 1/)
    await expect(read(gzipSync(`${text}R{"id":3}\n`))).rejects.toThrow(/goes on after its end/)
  })

  it('says a file that is not there is not there, not that it is empty', async () => {
    await expect(readBackupFile('/nonexistent/site.backup', testTrust)).rejects.toThrow(
      'There is no such backup file.',
    )
  })

  it('tells another file, or another version of the format, from a damaged one', async () => {
    await expect(read(gzipSync('id,name\n1,Ana\n'))).rejects.toThrow(
      /not a backup made by this site/,
    )
    await expect(read(Buffer.from('plain text'))).rejects.toThrow(/it is not gzip/)
    const newer = gzipSync(`H${JSON.stringify({ ...header, version: 3 })}\n`)
    await expect(read(newer)).rejects.toThrow(/format version 3/)
  })
})
