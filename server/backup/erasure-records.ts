import type { Queryable } from '../db/database.ts'
import { readBackupFile, type BackupTrust } from './backup-format.ts'
import { ERASURES_TABLE } from './site-tables.ts'

/** One erasure as private.erasures keeps it: a digest, never the address (decision 050). */
export interface ErasureRecord {
  kind: 'email' | 'lead'
  key: string
  digest: string
  erased_at: string
}

const isErasure = (value: unknown): value is ErasureRecord => {
  const row = value as Partial<ErasureRecord> | null
  return (
    (row?.kind === 'email' || row?.kind === 'lead') &&
    typeof row.key === 'string' &&
    typeof row.digest === 'string' &&
    /^[0-9a-f]{64}$/.test(row.digest) &&
    typeof row.erased_at === 'string'
  )
}

/** The erasures a database holds (none before the migration that keeps them). */
export const readErasures = async (db: Queryable): Promise<ErasureRecord[]> => {
  const { rows } = await db.query<{ present: boolean }>(
    "select to_regclass('private.erasures') is not null as present",
  )
  if (!rows[0]?.present) return []
  const found = await db.query<ErasureRecord>(
    `select kind, key, digest, to_json(erased_at) #>> '{}' as erased_at from private.erasures`,
  )
  return found.rows
}

/**
 * The erasures another backup holds, read from its first table alone (they come first, and are
 * signed on their own line), so reading them from a week of daily backups costs little and a
 * forged file is still refused.
 */
export const readErasuresOfBackup = async (
  file: string,
  trust: BackupTrust,
): Promise<ErasureRecord[]> => {
  const found: ErasureRecord[] = []
  let inErasures = false
  await readBackupFile(file, trust, {
    beginTable: (table) => void (inErasures = table.name === ERASURES_TABLE),
    row: (json) => {
      if (!inErasures) return
      const row: unknown = JSON.parse(json)
      if (isErasure(row)) found.push(row)
    },
    stopAfter: () => true,
  })
  return found
}

/**
 * Adds erasures from elsewhere to a database's own; a later instant wins. The records come from
 * several places (the data a restore replaces, a week of backups beside the one restored, each
 * --erasures-from file), so the same erasure comes several times: they are folded into one row
 * per key first, with its latest instant, since one insert may not update a row twice.
 */
export const mergeErasures = async (db: Queryable, records: ErasureRecord[]): Promise<void> => {
  if (records.length === 0) return
  await db.query(
    `insert into private.erasures as e (kind, key, digest, erased_at)
     select kind, key, digest, max(erased_at)
       from json_to_recordset($1::json) as r(kind text, key text, digest text, erased_at timestamptz)
      group by kind, key, digest
     on conflict (kind, key, digest) do update set erased_at = greatest(e.erased_at, excluded.erased_at)`,
    [JSON.stringify(records)],
  )
}
