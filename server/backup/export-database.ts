import type { Database, Queryable } from '../db/database.ts'
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupHeader,
  type BackupSequence,
} from './backup-format.ts'
import type { BackupWriter } from './backup-writer.ts'
import { readAppliedMigrations } from './schema-version.ts'
import { LEFT_OUT_OF_BACKUPS, listSiteTables, quoteName, SITE_SCHEMAS } from './site-tables.ts'

/** Rows fetched from the cursor at a time: a few MB of leads at most. */
const FETCH_ROWS = 2_000

const countOf = async (tx: Queryable, table: string) => {
  const { rows } = await tx.query<{ present: boolean }>(
    'select to_regclass($1) is not null as present',
    [table],
  )
  if (!rows[0]?.present) return 0
  const counted = await tx.query<{ n: number }>(`select count(*)::integer as n from ${table}`)
  return counted.rows[0]?.n ?? 0
}

/** The sequences' values, but those of the tables left out. */
const readSequences = async (tx: Queryable): Promise<BackupSequence[]> => {
  const { rows } = await tx.query<{ name: string; value: string }>(
    `select schemaname || '.' || sequencename as name, last_value::text as value
       from pg_sequences where schemaname = any($1) and last_value is not null
      order by 1`,
    [SITE_SCHEMAS],
  )
  return rows
    .filter((row) => !LEFT_OUT_OF_BACKUPS.some((table) => row.name.startsWith(`${table}_`)))
    .map((row) => ({ name: row.name, value: Number(row.value) }))
}

/**
 * Writes every row of the site's tables to `writer`, as one snapshot: a REPEATABLE READ
 * transaction that writes nothing, so on PostgreSQL visitors keep inserting while it runs and
 * none of their rows is half in. (PGlite has one session: its server takes a copy of its
 * folder first, pglite-snapshot.ts, and this reads the copy.) Returns the header it wrote.
 */
export const exportDatabase = async (
  db: Database,
  writer: BackupWriter,
  source: BackupHeader['source'],
): Promise<BackupHeader> =>
  db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only')
    const migrations = await readAppliedMigrations(tx)
    if (migrations.length === 0) {
      throw new Error(
        'This database has none of the site’s migrations: it is not the site’s database.',
      )
    }
    const tables = await listSiteTables(tx)
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      source,
      migrations,
      counts: {
        leads: await countOf(tx, 'public.contact_submissions'),
        bookings: await countOf(tx, 'public.bookings'),
        quarantined: await countOf(tx, 'private.quarantined_submissions'),
        erasures: await countOf(tx, 'private.erasures'),
      },
    }
    await writer.header(header)
    for (const table of tables) {
      await writer.beginTable(table.name, table.columns)
      const columns = table.columns.map((column) => quoteName(column)).join(', ')
      await tx.query(
        `declare backup_rows no scroll cursor for
           select to_json(r)::text as row from (select ${columns} from only ${quoteName(table.name)}) r`,
      )
      for (;;) {
        const { rows } = await tx.query<{ row: string }>(`fetch ${FETCH_ROWS} from backup_rows`)
        // A json column keeps the line breaks it was stored with, between its tokens only
        // (inside strings they are escaped): as spaces they mean the same and keep one row a line.
        for (const { row } of rows) await writer.row(row.replace(/[\r\n]/g, ' '))
        if (rows.length < FETCH_ROWS) break
      }
      await tx.query('close backup_rows')
      await writer.endTable()
    }
    // After the rows: a sequence is never behind a value a row holds.
    await writer.finish(await readSequences(tx))
    return header
  })
