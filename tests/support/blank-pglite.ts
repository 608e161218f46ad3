import { PGlite } from '@electric-sql/pglite'

/**
 * initdb's options for the tests' PGlite clusters: WAL in 1 MB segments rather than 16. The
 * first segment is otherwise 16 MB of mostly zeros that every copy and every load of a dump
 * moves (a load took 0.57 CPU-s instead of 0.75). Nothing a test checks depends on the segment
 * size: backups hold rows, and the folders the commands make from nothing keep initdb's default.
 */
export const TEST_INITDB_PARAMS = ['--wal-segsize=1']

/**
 * Drops template0 and template1 from a test cluster: 7.4 MB of files each, beside the site's
 * migrated database's 10.5, that every copy of the cluster and every load of its dump moved for
 * nothing. PGlite works in `postgres`, and no test makes a database in PGlite (the folders the
 * commands make from nothing keep both).
 */
export async function dropTemplateDatabases(db: PGlite): Promise<void> {
  await db.exec(
    `update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
  )
  await db.exec('drop database template0')
  await db.exec('drop database template1')
}

/**
 * A dump for PGlite's `loadDataDir`, which reads it whole with `arrayBuffer()`. Node 20's Blob
 * hands its bytes over in small reads that are then joined, half the CPU of a load (0.33 CPU-s
 * against 0.60 for the 34 MB migrated dump); this one hands over one copy at once.
 */
export class DumpBlob extends Blob {
  readonly #bytes: Uint8Array

  constructor(bytes: Uint8Array) {
    super([])
    this.#bytes = bytes
  }

  override get size(): number {
    return this.#bytes.byteLength
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(new Uint8Array(this.#bytes).buffer)
  }
}

/** An empty cluster (initdb only), dumped: each database that loads it skips initdb. */
export async function blankPgliteDump(): Promise<Blob> {
  const empty = await PGlite.create({ initDbStartParams: TEST_INITDB_PARAMS })
  try {
    await dropTemplateDatabases(empty)
    return new DumpBlob(new Uint8Array(await (await empty.dumpDataDir('none')).arrayBuffer()))
  } finally {
    await empty.close()
  }
}

/**
 * A data folder holding an empty cluster, from the dump above: what a built command given it as
 * PGLITE_TEMPLATE_DIR copies for a new folder, instead of running initdb (8–9 CPU-s) as a
 * deployment's first start does.
 */
export async function blankPgliteFolder(dump: Blob, folder: string): Promise<string> {
  const db = await PGlite.create({ dataDir: folder, loadDataDir: dump })
  await db.close()
  return folder
}
