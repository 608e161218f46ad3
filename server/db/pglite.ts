import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { PRIVATE_FOLDER_MODE } from './data-folder.ts'
import type { Database, Queryable } from './database.ts'
import { createSerialQueue } from './serial-queue.ts'

/**
 * PostgreSQL's page cache inside the WebAssembly heap. The default (128MB) stays resident once
 * touched; the contact table and its indexes stay far below 16MB for years of leads, and pages
 * not cached here are still in the OS page cache. The smaller cache lowers peak memory a
 * lot and costs no measurable insert speed: docs/benchmarks/contact-api-load.md has the figures.
 */
export const PGLITE_SHARED_BUFFERS = '16MB'

const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`]

// Creates a new folder in a short-lived process of its own. PGlite runs initdb in a second
// PGlite instance plus an initdb WebAssembly module, and that memory stays resident in the
// process that ran it, roughly tripling the server's memory for good
// (docs/benchmarks/contact-api-load.md). Only a first start pays: one more short-lived process.
const INIT_SCRIPT = `
const [url, dataDir] = process.argv.slice(1)
const { PGlite } = await import(url)
const db = await PGlite.create({ dataDir })
await db.close()
`

const initialiseFolder = async (dataDir: string) => {
  // A folder already initialised, and migrated, to copy instead: the tests set it
  // (tests/support/pglite-template.ts), where every server would otherwise pay for initdb and
  // the migrations again. cp keeps the template's owner-only modes.
  const template = process.env.PGLITE_TEMPLATE_DIR
  if (template) return cp(template, dataDir, { recursive: true })
  await promisify(execFile)(process.execPath, [
    '--input-type=module',
    '--eval',
    INIT_SCRIPT,
    import.meta.resolve('@electric-sql/pglite'),
    dataDir,
  ])
}

const wrap = (client: PGlite | Transaction): Queryable => ({
  async query<Row>(sql: string, params?: unknown[]) {
    const result = await client.query<Row>(sql, params)
    return { rows: result.rows, affectedRows: result.affectedRows ?? 0 }
  },
  async exec(sql: string) {
    await client.exec(sql)
  },
})

/**
 * PostgreSQL compiled to WebAssembly, in this process: nothing to install. With a folder it
 * persists there (the caller must hold the folder's lock: two processes on one folder
 * silently lose rows); without one it lives in memory, which the tests use. Statements and
 * transactions take turns with the rest of the server (serial-queue.ts).
 */
export const openPgliteDatabase = async (
  dataDir?: string,
  /** In memory only: start from this dump of a folder (the tests' migrated template). */
  loadDataDir?: Blob,
): Promise<Database> => {
  if (dataDir !== undefined && !existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // PGlite would create it 0755 and its files 0666: an owner-only folder keeps them all in.
    await mkdir(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE })
    await initialiseFolder(dataDir)
  }
  const db = await PGlite.create(
    dataDir === undefined ? { startParams, loadDataDir } : { dataDir, startParams },
  )
  const inTurn = createSerialQueue()
  const plain = wrap(db)
  return {
    query: (sql, params) => inTurn(() => plain.query(sql, params)),
    exec: (sql) => inTurn(() => plain.exec(sql)),
    transaction: (fn) => inTurn(() => db.transaction((tx) => fn(wrap(tx)))),
    close: () => db.close(),
  }
}
