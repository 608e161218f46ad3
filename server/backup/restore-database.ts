import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Database, Queryable } from '../db/database.ts'
import { applyMigrations } from '../db/migrate.ts'
import { ensureSupabaseRoles } from '../db/supabase-roles.ts'
import { MIGRATIONS_DIR } from '../paths.ts'
import {
  BackupFileError,
  readBackupFile,
  type BackupContents,
  type BackupTrust,
} from './backup-format.ts'
import { renewFeedToken, settingsAwayFromDefaults } from './after-restore.ts'
import { mergeErasures, type ErasureRecord } from './erasure-records.ts'
import { knownMigrations, readAppliedMigrations } from './schema-version.ts'
import { listSiteTables, quoteName, type SiteTable } from './site-tables.ts'

/** Rows sent to the database in one insert, or fewer when they pass this many characters. */
const BATCH_ROWS = 1_000
const BATCH_CHARS = 4 * 1024 * 1024

export interface RestoreOptions {
  /**
   * Erasures from elsewhere, applied with the backup's own: those of the database a restore
   * replaces, and of other backups (decision 050).
   */
  erasures: ErasureRecord[]
  /** Runs first, in the same transaction: what --replace removes on PostgreSQL. */
  clear?: (tx: Queryable) => Promise<void>
  /** The migration files (the tests' own); this version's by default. */
  migrationsDir?: string
  /** How the file was checked: it is read again, and checked again, while it loads. */
  trust: BackupTrust
}

export interface RestoreResult {
  rows: number
  leads: number
  /** Leads and quarantined messages erased again after loading. */
  erasedAgain: number
  /** Tables of the backup this schema does not have (a table added by hand). */
  skippedTables: string[]
  /** The calendar feed had an address, and has a new one nobody knows yet. */
  feedTokenRenewed: boolean
  /** Each setting the backup brought back that is not its default, one line each. */
  settingsAwayFromDefaults: string[]
}

/**
 * The backup was made by a version whose migrations this one lacks: its schema cannot be
 * built here.
 */
export const newerMigrations = async (contents: BackupContents, dir = MIGRATIONS_DIR) => {
  const known = new Set(await knownMigrations(dir))
  return contents.header.migrations.filter((name) => !known.has(name))
}

/**
 * applyMigrations works in transactions of its own; inside the restore's one each becomes a
 * savepoint, so a restore that fails anywhere leaves the database as it found it.
 */
const inside = (tx: Queryable): Database => {
  let depth = 0
  return {
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    async transaction(fn) {
      depth += 1
      const name = `restore_step_${depth}`
      await tx.exec(`savepoint ${name}`)
      try {
        const result = await fn(tx)
        await tx.exec(`release savepoint ${name}`)
        return result
      } catch (error) {
        await tx.exec(`rollback to savepoint ${name}`)
        throw error
      } finally {
        depth -= 1
      }
    },
    close: async () => {},
  }
}

/** A folder holding only the migrations the backup's database had: its schema's version. */
const stageMigrations = async (names: string[], from: string) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'restore-migrations-'))
  for (const name of names) await copyFile(path.join(from, name), path.join(dir, name))
  return dir
}

/** Triggers that a load must not fire (a lead's guard, its webhook, the tallies), by table. */
const listUserTriggers = async (tx: Queryable, tables: SiteTable[]) => {
  const { rows } = await tx.query<{ table_name: string; name: string; mode: string }>(
    `select n.nspname || '.' || c.relname as table_name, t.tgname as name, t.tgenabled as mode
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and n.nspname || '.' || c.relname = any($1)`,
    [tables.map((table) => table.name)],
  )
  return rows
}

/**
 * Restores a backup (read and checked whole beforehand: `contents`) into `db`, in one
 * transaction: the schema at the backup's version (the migration runner records it, and
 * migrates it forward at the server's next start), every row, the sequences, then every
 * erasure the backup and `options` know of, applied again. Nothing is kept if anything fails,
 * the file changing since it was checked included.
 */
export const restoreBackup = async (
  db: Database,
  file: string,
  contents: BackupContents,
  options: RestoreOptions,
): Promise<RestoreResult> => {
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR
  const newer = await newerMigrations(contents, migrationsDir)
  if (newer.length > 0) {
    throw new BackupFileError(
      `This backup was made by a newer version of the site: its database had ${newer.join(', ')}, which this version does not have. Restore it with that version or a later one.`,
    )
  }
  const staged = await stageMigrations(contents.header.migrations, migrationsDir)
  try {
    const result = await db.transaction(async (tx) => {
      await options.clear?.(tx)
      const nested = inside(tx)
      await ensureSupabaseRoles(nested)
      await applyMigrations(nested, staged)
      const applied = await readAppliedMigrations(tx, migrationsDir)
      const extra = applied.filter((name) => !contents.header.migrations.includes(name))
      if (extra.length > 0) {
        throw new Error(
          `The database already has migrations the backup's did not (${extra.join(', ')}): restore into an empty one.`,
        )
      }
      return loadRows(tx, file, contents, options, nested)
    })
    // Rows erased again leave their bytes in the pages until vacuumed (PGlite has no
    // autovacuum), and the planner needs statistics for a hundred thousand new rows.
    await db.query('vacuum analyze').catch(() => undefined)
    return result
  } finally {
    await rm(staged, { recursive: true, force: true })
  }
}

const loadRows = async (
  tx: Queryable,
  file: string,
  contents: BackupContents,
  options: RestoreOptions,
  nested: Database,
): Promise<RestoreResult> => {
  const schema = await listSiteTables(tx)
  const byName = new Map(schema.map((table) => [table.name, table]))
  const loaded = contents.tables.flatMap((table) => byName.get(table.name) ?? [])
  const skippedTables = contents.tables
    .filter((table) => !byName.has(table.name))
    .map((table) => table.name)

  const triggers = await listUserTriggers(tx, loaded)
  for (const table of loaded) {
    await tx.exec(`alter table ${quoteName(table.name)} disable trigger user`)
  }
  // What the migrations seeded (settings rows, the erasure key) gives way to the backup's.
  if (loaded.length > 0) {
    await tx.exec(`truncate ${loaded.map((table) => quoteName(table.name)).join(', ')} cascade`)
  }

  let table: SiteTable | undefined
  let columns: string[] = []
  let batch: string[] = []
  let chars = 0
  let rows = 0
  const flush = async () => {
    if (!table || batch.length === 0) return
    const list = columns.map((column) => quoteName(column)).join(', ')
    const into = table.name
    await tx
      .query(
        `insert into ${quoteName(table.name)} (${list})${table.alwaysIdentity ? ' overriding system value' : ''}
       select ${list} from json_populate_recordset(null::${quoteName(table.name)}, $1::json)`,
        [`[${batch.join(',')}]`],
      )
      .catch((error: unknown) => {
        throw new Error(
          `A row of ${into} does not fit this database: ${(error as Error).message}.`,
          { cause: error },
        )
      })
    rows += batch.length
    batch = []
    chars = 0
  }
  // Read again, rows straight into the database; the end is checked again too, so a file
  // changed since it was checked rolls everything back.
  await readBackupFile(file, options.trust, {
    beginTable: (started) => {
      table = byName.get(started.name)
      const missing = started.columns.filter((column) => !table?.columns.includes(column))
      if (table && missing.length > 0) {
        throw new BackupFileError(
          `The backup's ${started.name} has columns this schema lacks (${missing.join(', ')}).`,
        )
      }
      columns = started.columns
    },
    row: async (json) => {
      if (!table) return
      batch.push(json)
      chars += json.length
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush()
    },
    endTable: async () => {
      await flush()
      table = undefined
    },
  })
  for (const sequence of contents.sequences) {
    await tx.query(
      'select setval(to_regclass($1), $2::bigint, true) where to_regclass($1) is not null',
      [sequence.name, String(sequence.value)],
    )
  }
  for (const trigger of triggers) {
    const how = { O: 'enable', A: 'enable always', R: 'enable replica', D: 'disable' }[trigger.mode]
    if (!how) continue
    await tx.exec(
      `alter table ${quoteName(trigger.table_name)} ${how} trigger ${quoteName(trigger.name)}`,
    )
  }

  const erasedAgain = await applyErasures(tx, options.erasures, nested)
  const { rows: counted } = await tx.query<{ n: number }>(
    'select count(*)::integer as n from public.contact_submissions',
  )
  return {
    rows,
    leads: counted[0]?.n ?? 0,
    erasedAgain,
    skippedTables,
    feedTokenRenewed: await renewFeedToken(tx),
    settingsAwayFromDefaults: await settingsAwayFromDefaults(tx),
  }
}

/**
 * Every erasure known, applied again: the backup's own (a no-op unless rows came back some
 * other way) and those from elsewhere. A backup from before erasures were kept gets the rest
 * of the migrations first when there are erasures to apply.
 */
const applyErasures = async (tx: Queryable, extra: ErasureRecord[], nested: Database) => {
  const ready = async () =>
    (
      await tx.query<{ ready: boolean }>(
        "select to_regprocedure('private.reapply_erasures(text)') is not null as ready",
      )
    ).rows[0]?.ready === true
  if (!(await ready())) {
    if (extra.length === 0) return 0
    await applyMigrations(nested)
  }
  await mergeErasures(tx, extra)
  const { rows } = await tx.query<{ erased: number }>('select private.reapply_erasures() as erased')
  return rows[0]?.erased ?? 0
}
