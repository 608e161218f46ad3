import { createHmac, type Hmac } from 'node:crypto'
import type { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { BACKUP_FORMAT_VERSION, type BackupHeader, type BackupSequence } from './backup-format.ts'
import type { BackupKey } from './backup-key.ts'

// The file's lines and their signatures are described in backup-format.ts, which reads them.

export interface BackupWriter {
  header(header: BackupHeader): Promise<void>
  beginTable(name: string, columns: string[]): Promise<void>
  /** A row as to_json's text: written as it is. */
  row(json: string): Promise<void>
  endTable(): Promise<void>
  finish(sequences: BackupSequence[]): Promise<void>
}

/**
 * Writes a backup to `out` through gzip, signed with `key`. finish() resolves once every byte is
 * handed to `out` (the caller closes a file after that). Backpressure is honoured, so a slow
 * disk or network never makes the export hold the whole database in memory.
 */
export const createBackupWriter = (out: Writable, key: BackupKey): BackupWriter => {
  const gzip = createGzip({ level: 6 })
  // Ends `out` after the last byte; finish() waits for it (a file then holds everything).
  const written = pipeline(gzip, out)
  // A failed destination is reported by finish(); until then writes must not wait for ever.
  written.catch(() => gzip.destroy())
  const signature = createHmac('sha256', key.secret)
  // The first table's own signature, until its C line is written.
  let firstPart: Hmac | undefined = createHmac('sha256', key.secret)
  let table: { name: string; rows: number } | undefined
  let lines: string[] = []
  let pending = 0
  const flush = async () => {
    if (lines.length === 0) return
    const text = lines.join('')
    lines = []
    pending = 0
    signature.update(text)
    if (gzip.destroyed) await written
    if (!gzip.write(text)) {
      await Promise.race([new Promise((resolve) => gzip.once('drain', resolve)), written])
    }
  }
  // Lines are gathered into chunks: one write per line would cost more than the rows.
  const line = async (text: string) => {
    lines.push(text, '\n')
    firstPart?.update(`${text}\n`)
    pending += text.length
    if (pending >= 256 * 1024) await flush()
  }
  return {
    header: (header) =>
      line(`H${JSON.stringify({ ...header, version: BACKUP_FORMAT_VERSION, key: key.id })}`),
    async beginTable(name, columns) {
      table = { name, rows: 0 }
      await line(`T${JSON.stringify({ table: name, columns })}`)
    },
    async row(json) {
      if (!table) throw new Error('row() outside a table')
      table.rows += 1
      await line(`R${json}`)
    },
    async endTable() {
      if (!table) throw new Error('endTable() outside a table')
      await line(`E${JSON.stringify({ table: table.name, rows: table.rows })}`)
      table = undefined
      if (firstPart) {
        const checkpoint = firstPart.digest('hex')
        firstPart = undefined
        await line(`C${JSON.stringify({ 'hmac-sha256': checkpoint })}`)
      }
    },
    async finish(sequences) {
      await line(`S${JSON.stringify(sequences)}`)
      await flush()
      gzip.end(`Z${JSON.stringify({ 'hmac-sha256': signature.digest('hex') })}\n`)
      await written
    },
  }
}
