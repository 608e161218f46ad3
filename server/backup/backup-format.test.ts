import { PassThrough, Readable } from 'node:stream'
import { gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  createBackupWriter,
  readBackup,
  type BackupHeader,
} from './backup-format.ts'

const header: BackupHeader = {
  format: BACKUP_FORMAT,
  version: BACKUP_FORMAT_VERSION,
  createdAt: '2026-11-28T03:00:00.000Z',
  source: 'pglite',
  migrations: ['20261121000000_contact_submissions.sql'],
  counts: { leads: 2, bookings: 0, quarantined: 0, erasures: 0 },
}

const write = async (rows: string[]) => {
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (chunk: Buffer) => chunks.push(chunk))
  const writer = createBackupWriter(out)
  await writer.header(header)
  await writer.beginTable('public.contact_submissions', ['id', 'name'])
  for (const row of rows) await writer.row(row)
  await writer.endTable()
  await writer.finish([{ name: 'private.lead_audit_id_seq', value: 7 }])
  return Buffer.concat(chunks)
}

const read = (bytes: Buffer, rows: string[] = []) =>
  readBackup(Readable.from([bytes]), { row: (json) => void rows.push(json) })

const ROWS = ['{"id":1,"name":"Conceição"}', '{"id":2,"name":"R\\u0000y\\nz"}']

describe('a backup file', () => {
  it('reads back what was written, row for row', async () => {
    const rows: string[] = []
    const contents = await read(await write(ROWS), rows)
    expect(rows).toEqual(ROWS)
    expect(contents.header).toEqual(header)
    expect(contents.tables).toEqual([
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

  it('is refused when a byte changed, by gzip or by its own checksum', async () => {
    const bytes = await write(ROWS)
    const flipped = Buffer.from(bytes)
    const middle = Math.floor(bytes.length / 2)
    flipped[middle] = (flipped[middle] ?? 0) ^ 0x20
    await expect(read(flipped)).rejects.toThrow(/damaged|truncated/)

    const text = gunzipSync(bytes).toString('utf8')
    const edited = gzipSync(text.replace('Conceição', 'Conceicao'))
    await expect(read(edited)).rejects.toThrow(/does not match its checksum/)
  })

  it('is refused when a row went missing or something follows its end', async () => {
    const text = gunzipSync(await write(ROWS)).toString('utf8')
    const lines = text.split('\n')
    const missingRow = lines.filter((line) => !line.startsWith('R{"id":2')).join('\n')
    await expect(read(gzipSync(missingRow))).rejects.toThrow(/should have 2 rows and has 1/)
    await expect(read(gzipSync(`${text}R{"id":3}\n`))).rejects.toThrow(/goes on after its end/)
  })

  it('tells another file, or another version of the format, from a damaged one', async () => {
    await expect(read(gzipSync('id,name\n1,Ana\n'))).rejects.toThrow(
      /not a backup made by this site/,
    )
    await expect(read(Buffer.from('plain text'))).rejects.toThrow(/it is not gzip/)
    const newer = gzipSync(`H${JSON.stringify({ ...header, version: 2 })}\n`)
    await expect(read(newer)).rejects.toThrow(/format version 2/)
  })
})
