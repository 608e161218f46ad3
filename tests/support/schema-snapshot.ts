import type { Queryable } from '../../server/db/database.ts'

/**
 * Everything the migrations decide about a database, as sorted lines of text, so two databases
 * can be compared line by line: schemas, tables and their columns (by name: a column added to
 * an existing table comes last, which no migration can change), constraints, indexes,
 * triggers, row level security and its policies, functions with their whole definition, views,
 * types, sequences, extensions, every grant (each ACL's entries sorted: the order of GRANTs
 * does not matter), comments, the one-row settings tables and the pg_cron jobs. Objects of
 * PostgreSQL itself and of extensions are left out. It reads the catalogs, so it works alike
 * on PGlite and on PostgreSQL (compare a database only with one of the same engine: their
 * catalogs print some definitions differently).
 */
export const describeSchema = async (db: Queryable): Promise<string[]> => {
  const lines: string[] = []
  const add = async (sql: string) => {
    const { rows } = await db.query<{ line: string }>(sql)
    lines.push(...rows.map((row) => row.line))
  }
  const ours = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'cron')
    and n.nspname not like 'pg_temp_%' and n.nspname not like 'pg_toast_temp_%'`
  // Objects an extension made (pg_cron's, pg_net's) are the extension's, not ours.
  const notFromExtension = (classId: string, oid: string) =>
    `not exists (select 1 from pg_depend dep where dep.classid = '${classId}'::regclass
       and dep.objid = ${oid} and dep.deptype = 'e')`
  const acl = (column: string) =>
    `coalesce((select string_agg(item::text, ',' order by item::text) from unnest(${column}) item), '-')`

  await add(`select 'schema ' || n.nspname || ' acl=' || ${acl('n.nspacl')} as line
               from pg_namespace n where ${ours} and ${notFromExtension('pg_namespace', 'n.oid')}`)
  await add(`select 'relation ' || n.nspname || '.' || c.relname || ' kind=' || c.relkind::text
                 || ' rls=' || c.relrowsecurity || ' force=' || c.relforcerowsecurity
                 || ' acl=' || ${acl('c.relacl')}
                 || ' options=' || coalesce(array_to_string(c.reloptions, ','), '-') as line
               from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where ${ours} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
                and ${notFromExtension('pg_class', 'c.oid')}`)
  await add(`select 'column ' || n.nspname || '.' || c.relname || '.' || a.attname || ' '
                 || format_type(a.atttypid, a.atttypmod)
                 || case when a.attnotnull then ' not null' else '' end
                 || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
                 || case when a.attidentity <> '' then ' identity=' || a.attidentity::text else '' end
                 || case when a.attgenerated <> '' then ' generated' else '' end
                 || ' acl=' || ${acl('a.attacl')} as line
               from pg_attribute a
               join pg_class c on c.oid = a.attrelid
               join pg_namespace n on n.oid = c.relnamespace
               left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
              where ${ours} and c.relkind in ('r', 'p', 'v', 'm', 'f', 'c') and a.attnum > 0
                and not a.attisdropped and ${notFromExtension('pg_class', 'c.oid')}`)
  await add(`select 'constraint ' || n.nspname || '.' || coalesce(c.relname, t.typname, '-')
                 || '.' || k.conname || ' ' || pg_get_constraintdef(k.oid) as line
               from pg_constraint k
               join pg_namespace n on n.oid = k.connamespace
               left join pg_class c on c.oid = k.conrelid
               left join pg_type t on t.oid = k.contypid
              where ${ours} and ${notFromExtension('pg_constraint', 'k.oid')}
                and (c.oid is null or ${notFromExtension('pg_class', 'c.oid')})`)
  await add(`select 'index ' || n.nspname || '.' || c.relname || ' ' || pg_get_indexdef(c.oid)
                 as line
               from pg_class c join pg_namespace n on n.oid = c.relnamespace
               join pg_index i on i.indexrelid = c.oid
              where ${ours} and c.relkind in ('i', 'I')
                and ${notFromExtension('pg_class', 'i.indrelid')}`)
  await add(`select 'trigger ' || n.nspname || '.' || c.relname || '.' || t.tgname || ' '
                 || pg_get_triggerdef(t.oid) || ' enabled=' || t.tgenabled::text as line
               from pg_trigger t join pg_class c on c.oid = t.tgrelid
               join pg_namespace n on n.oid = c.relnamespace
              where ${ours} and not t.tgisinternal`)
  await add(`select 'policy ' || n.nspname || '.' || c.relname || '.' || p.polname
                 || ' cmd=' || p.polcmd::text || ' permissive=' || p.polpermissive
                 || ' roles=' || coalesce((select string_agg(
                      case when r = 0 then 'public' else pg_get_userbyid(r) end, ',' order by 1)
                      from unnest(p.polroles) r), '-')
                 || ' using=' || coalesce(pg_get_expr(p.polqual, p.polrelid), '-')
                 || ' check=' || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '-') as line
               from pg_policy p join pg_class c on c.oid = p.polrelid
               join pg_namespace n on n.oid = c.relnamespace
              where ${ours}`)
  await add(`select 'function ' || n.nspname || '.' || p.proname
                 || '(' || pg_get_function_identity_arguments(p.oid) || ')'
                 || ' owner=' || pg_get_userbyid(p.proowner) || ' acl=' || ${acl('p.proacl')}
                 || E'\\n' || pg_get_functiondef(p.oid) as line
               from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where ${ours} and p.prokind in ('f', 'p')
                and ${notFromExtension('pg_proc', 'p.oid')}`)
  await add(`select 'view ' || n.nspname || '.' || c.relname || E'\\n' || pg_get_viewdef(c.oid)
                 as line
               from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where ${ours} and c.relkind in ('v', 'm')
                and ${notFromExtension('pg_class', 'c.oid')}`)
  await add(`select 'type ' || n.nspname || '.' || t.typname || ' kind=' || t.typtype::text
                 || coalesce(' base=' || format_type(nullif(t.typbasetype, 0), t.typtypmod), '')
                 || coalesce(' labels=' || (select string_agg(e.enumlabel, ',' order by
                      e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '')
                 || ' acl=' || ${acl('t.typacl')} as line
               from pg_type t join pg_namespace n on n.oid = t.typnamespace
              where ${ours} and t.typtype in ('c', 'e', 'd')
                and (t.typrelid = 0 or (select relkind from pg_class where oid = t.typrelid) = 'c')
                and ${notFromExtension('pg_type', 't.oid')}`)
  await add(`select 'sequence ' || n.nspname || '.' || c.relname || ' '
                 || format_type(s.seqtypid, null) || ' start=' || s.seqstart
                 || ' increment=' || s.seqincrement || ' cycle=' || s.seqcycle as line
               from pg_sequence s join pg_class c on c.oid = s.seqrelid
               join pg_namespace n on n.oid = c.relnamespace
              where ${ours} and ${notFromExtension('pg_class', 'c.oid')}`)
  await add(`select 'extension ' || extname || ' schema=' || extnamespace::regnamespace as line
               from pg_extension where extname <> 'plpgsql'`)
  await add(`select 'default acl ' || pg_get_userbyid(d.defaclrole) || ' '
                 || coalesce(n.nspname, '-') || ' ' || d.defaclobjtype::text || ' '
                 || ${acl('d.defaclacl')} as line
               from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace`)
  await add(`select 'comment ' || d.classoid::regclass || ' ' || d.objoid::regclass::text
                 || '.' || d.objsubid || ' ' || d.description as line
               from pg_description d join pg_class c on c.oid = d.objoid
               join pg_namespace n on n.oid = c.relnamespace
              where d.classoid = 'pg_class'::regclass and ${ours}`)
  await add(`select 'comment function ' || d.objoid::regprocedure::text || ' ' || d.description
                 as line
               from pg_description d join pg_proc p on p.oid = d.objoid
               join pg_namespace n on n.oid = p.pronamespace
              where d.classoid = 'pg_proc'::regclass and ${ours}`)
  // The one-row settings tables: a default a migration inserted is part of what it decides;
  // an instant it recorded (when it ran: the reply promise's tracked_since) is not, so a
  // timestamp shows as set or not.
  const { rows: settingsTables } = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where ${ours} and c.relkind = 'r' and c.relname like '%\\_settings'`,
  )
  for (const { name } of settingsTables) {
    await add(`select 'row ${name} ' || (select jsonb_object_agg(key,
                   case when jsonb_typeof(value) = 'string'
                             and value #>> '{}' ~ '^\\d{4}-\\d\\d-\\d\\dT\\d\\d:'
                        then '"<instant>"'::jsonb else value end order by key)
                 from jsonb_each(to_jsonb(t)))::text as line from ${name} t`)
  }
  const cron = await db.query(`select 1 from pg_namespace where nspname = 'cron'`)
  if (cron.rows.length > 0) {
    await add(`select 'cron job ' || jobname || ' ' || schedule || ' ' || command as line
                 from cron.job`)
  }
  return lines.sort()
}

/** The lines only one side has, for a failure message that shows what differs. */
export const schemaDifferences = (actual: string[], expected: string[]) => {
  const expectedSet = new Set(expected)
  const actualSet = new Set(actual)
  return {
    missing: expected.filter((line) => !actualSet.has(line)),
    unexpected: actual.filter((line) => !expectedSet.has(line)),
  }
}

/**
 * Where two texts first differ, by line, in a message short enough to read (a whole
 * schema.sql diff is thousands of lines); undefined when they are the same.
 */
export const firstLineDifference = (actual: string, expected: string): string | undefined => {
  if (actual === expected) return undefined
  // A last line's newline starts no line of its own.
  const got = actual.replace(/\n$/, '').split('\n')
  const wanted = expected.replace(/\n$/, '').split('\n')
  const index = got.findIndex((line, at) => line !== wanted[at])
  const at = index === -1 ? got.length : index
  if (at >= wanted.length && at >= got.length) return 'they differ only in the last newline'
  const show = (line: string | undefined) =>
    line === undefined ? '(the end)' : JSON.stringify(line)
  return `line ${at + 1}: ${show(got[at])} where ${show(wanted[at])} was expected (${got.length} lines against ${wanted.length})`
}
