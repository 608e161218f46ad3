/**
 * supabase/schema.sql: the database the migrations make, in one file a person reads (decision
 * 062). `npm run schema:dump` writes it (scripts/schema-dump.ts);
 * tests/integration/schema-file.test.ts checks it against a new database, and
 * tests/integration/schema-upgrades.test.ts that every upgraded database dumps the same.
 *
 * The text is pg_dump's (`--schema-only --no-owner`), from the PostgreSQL the tests start, of a
 * database the server's own start-up migrated: every definition as PostgreSQL prints it after
 * the last migration. Only its order and headings are ours. pg_dump orders by kind across all
 * schemas, with a table's indexes, triggers, policies and grants thousands of lines from it;
 * here each schema comes whole, then each kind, then each name, and what belongs to a table,
 * view or function follows it. What changes from run to run (pg_dump's \restrict key, the
 * minor version) is left out, so the same migrations always give the same bytes.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import type { Database } from '../server/db/database.ts'
import { applyMigrations } from '../server/db/migrate.ts'
import { ensureSupabaseRoles } from '../server/db/supabase-roles.ts'
import { ROOT_DIR } from '../server/paths.ts'
import { findPostgresBin } from '../tests/support/postgres-server.ts'

const run = promisify(execFile)

export const SCHEMA_FILE = path.join(ROOT_DIR, 'supabase', 'schema.sql')
export const SCHEMA_COMMAND = 'npm run schema:dump'

/** One object of pg_dump's table of contents: its `-- Name: …; Type: …` heading and statements. */
interface Entry {
  name: string
  type: string
  schema: string
  body: string
}

/** An object the file gives a heading of its own, with what pg_dump printed apart for it. */
interface Item {
  kind: string
  schema: string
  name: string
  body: string
  children: Entry[]
}

/** The kinds that get a heading, in the order each schema lists them. */
const KINDS = [
  'SCHEMA',
  'EXTENSION',
  'TYPE',
  'DOMAIN',
  'TABLE',
  'FOREIGN TABLE',
  'VIEW',
  'MATERIALIZED VIEW',
  'SEQUENCE',
  'FUNCTION',
  'PROCEDURE',
  'AGGREGATE',
]
/** What follows a table, view or function, in this order. */
const PARTS = [
  'SEQUENCE',
  'DEFAULT',
  'CONSTRAINT',
  'FK CONSTRAINT',
  'INDEX',
  'RULE',
  'TRIGGER',
  'ROW SECURITY',
  'POLICY',
  'COMMENT',
  'ACL',
]
/** The kinds a COMMENT's or an ACL's name starts with that name a function. */
const ROUTINES = new Set(['FUNCTION', 'PROCEDURE', 'AGGREGATE'])

const rank = (list: string[], value: string) => {
  const index = list.indexOf(value)
  return index === -1 ? list.length : index
}

// Code point order, never the locale's: the file must not depend on the machine.
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

const HEADING = /^--\n-- Name: (.+); Type: ([A-Z ]+); Schema: ([^;\n]+); Owner: [^\n]*\n--\n/gm
/** What pg_dump prints before the first object: session settings and its own comments. */
const PRELUDE_LINE =
  /^(--.*|SET \w+ = .*;|SELECT pg_catalog\.set_config\('search_path', '', false\);|)$/

/** pg_dump's plain output as its objects, without the lines that change from run to run. */
const parseDump = (dump: string): Entry[] => {
  const text = dump
    .replace(/\r\n/g, '\n')
    // A random key each run (PostgreSQL 15.14 and later).
    .replace(/^\\(?:un)?restrict \S+\n/gm, '')
    // Said once, before the first table, for a restore: not part of any object.
    .replace(/^SET default_tablespace = '';\n/m, '')
    .replace(/^SET default_table_access_method = heap;\n/m, '')
    .replace(/--\n-- PostgreSQL database dump complete\n--\n\s*$/, '')
  const headings = [...text.matchAll(HEADING)]
  const prelude = text.slice(0, headings[0]?.index ?? text.length)
  for (const line of prelude.split('\n')) {
    if (!PRELUDE_LINE.test(line)) {
      throw new Error(
        `pg_dump printed a line before its first object that ${SCHEMA_COMMAND} does not know: ${line}`,
      )
    }
  }
  return headings.map((heading, index) => {
    const start = heading.index + heading[0].length
    const end = headings[index + 1]?.index ?? text.length
    const [, name = '', type = '', schema = ''] = heading
    return { name, type, schema, body: text.slice(start, end).trim() }
  })
}

/** Which table a part belongs to: named first in its TOC name, or in its statement. */
const tableOf = (entry: Entry): string | undefined => {
  if (entry.type === 'INDEX') {
    return / ON (?:ONLY )?[^.\s]+\.(\S+) USING /.exec(entry.body)?.[1]
  }
  if (entry.type === 'SEQUENCE') {
    return /^ALTER TABLE (?:ONLY )?[^.\s]+\.(\S+) ALTER COLUMN \S+ ADD GENERATED/.exec(
      entry.body,
    )?.[1]
  }
  return entry.type === 'ROW SECURITY' ? entry.name : entry.name.split(' ')[0]
}

/**
 * The entries regrouped: one item per object, each with its parts. A function is named by its
 * identity (argument names and types), as its grants and comments name it.
 */
const groupEntries = (entries: Entry[], routines: RoutineName[]): Item[] => {
  const identities = new Map(routines.map((r) => [`${r.schema}\u0000${r.listed}`, r.identity]))
  const items: Item[] = []
  const byKey = new Map<string, Item>()
  const key = (schema: string, name: string) => `${schema}\u0000${name}`
  const itemFor = (kind: string, schema: string, name: string, body = '') => {
    const item: Item = { kind, schema, name, body, children: [] }
    items.push(item)
    byKey.set(key(schema, name), item)
    return item
  }
  const isIdentity = (entry: Entry) =>
    entry.type === 'SEQUENCE' && entry.body.startsWith('ALTER TABLE')
  for (const entry of entries) {
    if (!KINDS.includes(entry.type) || isIdentity(entry)) continue
    if (entry.type === 'SCHEMA') itemFor('SCHEMA', entry.name, '', entry.body)
    else if (ROUTINES.has(entry.type)) {
      const identity = identities.get(key(entry.schema, entry.name)) ?? entry.name
      itemFor(entry.type, entry.schema, identity, entry.body)
    } else itemFor(entry.type, entry.schema, entry.name, entry.body)
  }
  for (const entry of entries) {
    if (KINDS.includes(entry.type) && !isIdentity(entry)) continue
    let parent: Item | undefined
    if (entry.type === 'COMMENT' || entry.type === 'ACL') {
      const [, kind = '', rest = ''] = /^([A-Z ]+?) (.+)$/.exec(entry.name) ?? []
      if (kind === 'SCHEMA') {
        // pg_dump never creates the public schema, only grants on it.
        parent = byKey.get(key(rest, '')) ?? itemFor('SCHEMA', rest, '')
      } else if (kind === 'COLUMN') {
        parent = byKey.get(key(entry.schema, rest.split('.')[0] ?? ''))
      } else {
        parent = byKey.get(key(entry.schema, rest))
        if (parent && ROUTINES.has(kind) !== ROUTINES.has(parent.kind)) parent = undefined
      }
    } else {
      const table = tableOf(entry)
      if (table !== undefined) parent = byKey.get(key(entry.schema, table))
    }
    const view = parent?.kind === 'VIEW' && entry.type === 'RULE' && entry.name.endsWith(' _RETURN')
    if (parent && view) {
      // A view pg_dump had to print in two steps (it depends on its table's primary key): the
      // placeholder's columns, then its query. The query is the view.
      parent.body = entry.body.replace(/^CREATE OR REPLACE VIEW /, 'CREATE VIEW ')
    } else if (parent) {
      parent.children.push(entry)
    } else {
      // Nothing is left out: an object this grouping does not know gets a heading of its own.
      itemFor(entry.type, entry.schema === '-' ? '' : entry.schema, entry.name, entry.body)
    }
  }
  return items
}

const partOrder = (a: Entry, b: Entry) =>
  rank(PARTS, a.type) - rank(PARTS, b.type) ||
  Number(a.name.startsWith('COLUMN ')) - Number(b.name.startsWith('COLUMN ')) ||
  compare(a.name, b.name)

const itemOrder = (a: Item, b: Item) =>
  compare(a.schema, b.schema) ||
  rank(KINDS, a.kind) - rank(KINDS, b.kind) ||
  compare(a.kind, b.kind) ||
  compare(a.name, b.name)

const word = (kind: string) => kind.toLowerCase()
const title = (kind: string) => kind.charAt(0) + word(kind).slice(1)
const plural = (count: number, kind: string) =>
  `${count} ${word(kind)}${count === 1 ? '' : kind.endsWith('X') ? 'es' : 's'}`

/**
 * A function as pg_dump names it in its table of contents (argument types only) and as its
 * grants and comments do (pg_get_function_identity_arguments: names and types).
 */
export interface RoutineName {
  schema: string
  listed: string
  identity: string
}

/** What a new database was made from, for the file's heading. */
export interface SchemaOrigin {
  /** PostgreSQL's major version: another one prints some definitions differently. */
  postgresMajor: number
  /** How many migrations the ledger holds, and the last one's file name. */
  migrations: number
  latestMigration: string
}

const header = (origin: SchemaOrigin, contents: string[]) => `\
-- supabase/schema.sql: every schema, type, table, view, function, trigger, policy and grant the
-- migrations make, as a new database has them after the last one. Read it to learn what the
-- database is today; change the database with a new file in supabase/migrations/.
--
-- Generated: do not edit. \`${SCHEMA_COMMAND}\` writes it again (scripts/schema-dump.ts), and
-- tests/integration/schema-file.test.ts fails while it differs from what the migrations make.
--
-- Migrations: ${origin.migrations}, up to ${origin.latestMigration}.
-- Made by: pg_dump --schema-only --no-owner (PostgreSQL ${origin.postgresMajor}) of a new database on
-- PostgreSQL ${origin.postgresMajor}, after the server's start-up: Supabase's roles where missing
-- (server/db/supabase-roles.ts), then every migration (server/db/migrate.ts, whose ledger is
-- app_private.app_migrations). Each object appears once, as the last migration that touched it
-- left it. Grouped for reading, not in the order PostgreSQL would run it: by schema, then kind,
-- then name, each table, view or function followed by its constraints, indexes, triggers,
-- policies, comments and grants.
-- Not here: Supabase's roles (anon, authenticated, service_role) and its own schemas (auth,
-- storage, …); the rows the migrations insert (the settings tables' defaults); pg_cron, pg_net
-- and the jobs the migrations schedule through private.schedule_if_cron where pg_cron runs
-- (hosted Supabase).
--
-- Contents
${contents.map((line) => `--   ${line}`).join('\n')}
`

/** pg_dump's output as supabase/schema.sql. */
export const formatSchema = (
  dump: string,
  origin: SchemaOrigin,
  routines: RoutineName[],
): string => {
  const items = groupEntries(parseDump(dump), routines).sort(itemOrder)
  const schemas = [...new Set(items.map((item) => item.schema))]
  const contents = schemas.map((schema) => {
    const counts = new Map<string, number>()
    for (const item of items) {
      if (item.schema === schema && item.kind !== 'SCHEMA') {
        counts.set(item.kind, (counts.get(item.kind) ?? 0) + 1)
      }
    }
    const listed = [...counts].map(([kind, count]) => plural(count, kind)).join(', ')
    return `${schema || '(no schema)'}: ${listed || 'nothing else'}`
  })
  const sections = schemas.map((schema) => {
    const rule = '-- ' + '='.repeat(97)
    const blocks = items
      .filter((item) => item.schema === schema)
      .map((item) => {
        const statements = [item.body, ...item.children.sort(partOrder).map((part) => part.body)]
        const heading =
          item.kind === 'SCHEMA' ? '' : `-- ${title(item.kind)} ${schema}.${item.name}\n\n`
        return heading + statements.filter(Boolean).join('\n\n')
      })
      .filter(Boolean)
    return [`${rule}\n-- Schema ${schema}\n${rule}`, ...blocks].join('\n\n\n')
  })
  return `${header(origin, contents)}\n\n${sections.join('\n\n\n')}\n`
}

/** The major version a schema.sql was made with, from its heading (to warn before a rewrite). */
export const postgresMajorOf = (schemaFile: string): number | undefined => {
  const found = /^-- Made by: pg_dump .*\(PostgreSQL (\d+)\)/m.exec(schemaFile)?.[1]
  return found === undefined ? undefined : Number(found)
}

const findPgDump = async () => {
  const bin = await findPostgresBin()
  const pgDump = path.join(bin, 'pg_dump')
  if (!existsSync(pgDump)) {
    throw new Error(
      `No pg_dump in ${bin}: ${SCHEMA_COMMAND} needs PostgreSQL's client with its server. Install it with: apt-get install postgresql-client-${path.basename(path.dirname(bin))}`,
    )
  }
  return pgDump
}

/** The database at `url` as supabase/schema.sql (`url` must name the database itself). */
export const dumpSchema = async (url: string): Promise<string> => {
  const pgDump = await findPgDump()
  const { stdout } = await run(pgDump, ['--schema-only', '--no-owner', '--dbname', url], {
    maxBuffer: 256 * 1024 * 1024,
  })
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<SchemaOrigin>(
      `select current_setting('server_version_num')::int / 10000 as "postgresMajor",
              count(*)::int as migrations, max(name) as "latestMigration"
         from app_private.app_migrations`,
    )
    const origin = rows[0]
    if (!origin) throw new Error('No migration ledger in the database dumped.')
    // Types as pg_dump's session prints them: every schema named (its search_path is empty).
    await client.query(`set search_path = ''`)
    const routines = await client.query<RoutineName>(
      `select n.nspname as schema, p.proname || '(' || oidvectortypes(p.proargtypes) || ')' as listed,
              p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as identity
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname not in ('pg_catalog', 'information_schema')`,
    )
    return formatSchema(stdout, origin, routines.rows)
  } finally {
    await client.end()
  }
}

/** What the server's start-up does to a new database: Supabase's roles, then the migrations. */
export const migrateAsServer = async (db: Database): Promise<void> => {
  await ensureSupabaseRoles(db)
  await applyMigrations(db)
}
