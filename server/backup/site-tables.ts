import type { Queryable } from '../db/database.ts'

/** The schemas this site's migrations create its tables in. */
export const SITE_SCHEMAS = ['public', 'private']

/**
 * Tables a backup leaves out. Who is signed in to the desk (a restore must not bring back a
 * session signed out since, and everyone signs in again after one), and this machine's own
 * record of its backups: the backup describes the business, not the machine it ran on.
 */
export const LEFT_OUT_OF_BACKUPS = [
  'private.desk_sessions',
  'private.desk_login_failures',
  'private.desk_devices',
  'private.desk_password',
  'private.backup_runs',
  'private.backup_schedule',
]

/** Where erasures are kept (decision 050): first in every backup, so others can read them alone. */
export const ERASURES_TABLE = 'private.erasures'

/** "schema.name" with each part quoted for SQL. */
export const quoteName = (name: string) =>
  name
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.')

export interface SiteTable {
  /** schema.name */
  name: string
  /** Stored columns in order (generated ones are computed again on insert). */
  columns: string[]
  /** Columns GENERATED ALWAYS AS IDENTITY: an insert must say OVERRIDING SYSTEM VALUE. */
  alwaysIdentity: boolean
}

/**
 * The site's tables in an order that loads: a table after every table its foreign keys point
 * to, the erasures first. Read from the catalogue, so a backup holds whatever tables the
 * schema of its version has.
 */
export const listSiteTables = async (db: Queryable): Promise<SiteTable[]> => {
  const { rows } = await db.query<{
    name: string
    columns: string[]
    always_identity: boolean
    parents: string[]
  }>(
    `select n.nspname || '.' || c.relname as name,
            array(select a.attname::text from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                     and a.attgenerated = ''
                   order by a.attnum) as columns,
            exists(select 1 from pg_attribute a
                    where a.attrelid = c.oid and a.attidentity = 'a' and not a.attisdropped)
              as always_identity,
            array(select distinct pn.nspname || '.' || pc.relname
                    from pg_constraint f
                    join pg_class pc on pc.oid = f.confrelid
                    join pg_namespace pn on pn.oid = pc.relnamespace
                   where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid)
              as parents
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition
      order by 1`,
    [SITE_SCHEMAS],
  )
  const kept = rows.filter((row) => !LEFT_OUT_OF_BACKUPS.includes(row.name))
  const names = new Set(kept.map((row) => row.name))
  const ordered: SiteTable[] = []
  const placed = new Set<string>()
  const place = (name: string, path: string[]) => {
    if (placed.has(name) || !names.has(name)) return
    if (path.includes(name)) {
      throw new Error(`Foreign keys form a cycle (${[...path, name].join(' → ')}).`)
    }
    const row = kept.find((candidate) => candidate.name === name)
    if (!row) return
    for (const parent of row.parents) place(parent, [...path, name])
    placed.add(name)
    ordered.push({ name, columns: row.columns, alwaysIdentity: row.always_identity })
  }
  place(ERASURES_TABLE, [])
  for (const row of kept) place(row.name, [])
  return ordered
}
