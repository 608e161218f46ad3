import { PGlite } from '@electric-sql/pglite'

/**
 * initdb's options for the tests' PGlite clusters: WAL in 1 MB segments rather than 16. The
 * first segment is otherwise 16 MB of mostly zeros that every copy and every load of a dump
 * moves (a load took 0.57 CPU-s instead of 0.75). Nothing a test checks depends on the segment
 * size: backups hold rows, and the folders the commands make from nothing keep initdb's default.
 */
export const TEST_INITDB_PARAMS = ['--wal-segsize=1']

/** An empty cluster (initdb only), dumped: each database that loads it skips initdb. */
export async function blankPgliteDump(): Promise<Blob> {
  const empty = await PGlite.create({ initDbStartParams: TEST_INITDB_PARAMS })
  try {
    return await empty.dumpDataDir('none')
  } finally {
    await empty.close()
  }
}
