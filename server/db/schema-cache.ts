import type { Queryable } from './database.ts'

/** Exposed tables (schema public) → column name → SQL type, like PostgREST's schema cache. */
export type SchemaCache = Map<string, Map<string, string>>

export const loadSchemaCache = async (db: Queryable): Promise<SchemaCache> => {
  const { rows } = await db.query<{ table_name: string; column_name: string; column_type: string }>(
    `select c.relname as table_name, a.attname as column_name,
            format_type(a.atttypid, a.atttypmod) as column_type
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'v', 'p')
        and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  )
  const cache: SchemaCache = new Map()
  for (const row of rows) {
    const columns = cache.get(row.table_name) ?? new Map<string, string>()
    columns.set(row.column_name, row.column_type)
    cache.set(row.table_name, columns)
  }
  return cache
}

export { quoteIdent } from '#shared/db/anon-request.ts'
