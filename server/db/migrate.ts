import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { APP_VERSION, compareVersions } from '../app-version.ts'
import { MIGRATIONS_DIR } from '../paths.ts'
import type { Database, Queryable } from './database.ts'

/**
 * The ledger of what ran: one row per migration, with the checksum of the text that ran and
 * the version of the server that ran it (both null on rows written before version 1.0).
 */
const CREATE_LEDGER = `
create schema if not exists app_private;
create table if not exists app_private.app_migrations (
  name text primary key,
  applied_at timestamptz not null default now()
);
alter table app_private.app_migrations
  add column if not exists checksum text,
  add column if not exists app_version text;
`

/** Several servers on one PostgreSQL may start together: one migrates, the others wait. */
const LOCK = 'select pg_advisory_xact_lock(7242002)'

/**
 * The first day's migrations, edited in place afterwards while decision 017 allowed it: later
 * migrations call helpers only their edited texts define, so a database that ran nothing else
 * (made before 2026-11-22 09:22) cannot take the later ones. Such a database, recognised by a
 * ledger without checksums that holds only these, has them applied again with their released
 * text first: each is safe to apply twice, and nothing after them has run that they could undo.
 */
export const EDITED_FIRST_DAY_MIGRATIONS = [
  '20261121000000_contact_submissions.sql',
  '20261122000000_mail_delivery.sql',
  '20261122000100_schedule_mail_sweep.sql',
  '20261122000200_contact_guard.sql',
  '20261122000300_lead_desk.sql',
]

export interface MigrationFile {
  name: string
  sql: string
  checksum: string
}

/**
 * sha256 of a migration's text, as the ledger records it. Line ends do not count (a checkout
 * on Windows may turn LF into CRLF; PostgreSQL reads both alike), nor does a byte order mark.
 */
export const migrationChecksum = (sql: string): string =>
  `sha256:${createHash('sha256')
    .update(sql.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'))
    .digest('hex')}`

export const readMigrationFiles = async (dir = MIGRATIONS_DIR): Promise<MigrationFile[]> => {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name), 'utf8')
      return { name, sql, checksum: migrationChecksum(sql) }
    }),
  )
}

/** Why the server will not touch this database; the message says what to do. */
export class MigrationRefusal extends Error {
  override name = 'MigrationRefusal'
}

interface LedgerRow {
  name: string
  checksum: string | null
  app_version: string | null
  applied_at: Date | string
}

const day = (value: Date | string) => new Date(value).toISOString().slice(0, 10)

const newerDatabase = (unknown: LedgerRow[], version: string) => {
  const versions = unknown
    .map((row) => row.app_version)
    .filter((value): value is string => value !== null)
    .sort(compareVersions)
  const needed = versions.at(-1)
  const files = unknown.map((row) => row.name).join(', ')
  return new MigrationRefusal(
    `Cannot start: this database is newer than this server. It has ${unknown.length === 1 ? 'a migration' : 'migrations'} this server (version ${version}) does not have: ${files}${needed ? `, applied by version ${needed}` : ''}. ` +
      `Run ${needed ? `version ${needed} or later` : 'the newer version that applied them'} on it, or restore a backup taken before that upgrade (docs/upgrading.md). ` +
      'An older server never runs on a newer schema: it would write rows the newer one does not expect.',
  )
}

const changedMigrations = (changed: { row: LedgerRow; file: MigrationFile }[]) => {
  const lines = changed.map(
    ({ row, file }) =>
      `- supabase/migrations/${file.name}: applied ${day(row.applied_at)}${row.app_version ? ` by version ${row.app_version}` : ''} as ${row.checksum}, now ${file.checksum}`,
  )
  return new MigrationRefusal(
    `Cannot start: ${changed.length === 1 ? 'a migration this database has run has' : 'migrations this database has run have'} changed since:\n${lines.join('\n')}\n` +
      'A released migration is never edited: a database that ran it would never run the new text. ' +
      'Put the change in a new migration file and restore the old text (git checkout -- <file>, or the file from the release). ' +
      'If it was never released (you are writing it now), start from an empty database instead (docs/upgrading.md).',
  )
}

const runInLedger = (db: Database, file: MigrationFile, version: string, again: boolean) =>
  db.transaction(async (tx) => {
    await tx.query(LOCK)
    const { rows } = await tx.query<{ checksum: string | null }>(
      'select checksum from app_private.app_migrations where name = $1',
      [file.name],
    )
    if (!again && rows.length > 0) return false
    if (again && rows[0]?.checksum != null) return false
    await tx.exec(file.sql)
    await tx.query(
      `insert into app_private.app_migrations (name, checksum, app_version) values ($1, $2, $3)
       on conflict (name) do update set checksum = excluded.checksum,
         app_version = excluded.app_version`,
      [file.name, file.checksum, version],
    )
    return true
  })

const readLedger = async (tx: Queryable) =>
  (
    await tx.query<LedgerRow>(
      'select name, checksum, app_version, applied_at from app_private.app_migrations order by name',
    )
  ).rows

/**
 * Brings the database to what supabase/migrations/ makes, each migration in its own transaction
 * with its ledger row (a failed one leaves no trace and is tried again on the next start), in
 * name order. Before anything runs it refuses, with a message that names the files:
 * - a database with migrations this server does not have (a newer version migrated it);
 * - a migration whose text changed since the database ran it (released migrations are frozen).
 * Rows from before checksums were recorded adopt the checksum of the files as they are now.
 * Returns the names applied now.
 */
export const applyMigrations = async (
  db: Database,
  dir = MIGRATIONS_DIR,
  version = APP_VERSION,
): Promise<string[]> => {
  const files = await readMigrationFiles(dir)
  const byName = new Map(files.map((file) => [file.name, file]))
  const ledger = await db.transaction(async (tx) => {
    await tx.query(LOCK)
    await tx.exec(CREATE_LEDGER)
    return readLedger(tx)
  })

  const unknown = ledger.filter((row) => !byName.has(row.name))
  if (unknown.length > 0) throw newerDatabase(unknown, version)
  const changed = ledger.flatMap((row) => {
    const file = byName.get(row.name)
    return file && row.checksum !== null && row.checksum !== file.checksum ? [{ row, file }] : []
  })
  if (changed.length > 0) throw changedMigrations(changed)

  const applied: string[] = []
  const firstDayOnly =
    ledger.length > 0 &&
    ledger.every((row) => row.checksum === null && EDITED_FIRST_DAY_MIGRATIONS.includes(row.name))
  if (firstDayOnly) {
    for (const row of ledger) {
      const file = byName.get(row.name)
      if (file && (await runInLedger(db, file, version, true))) applied.push(file.name)
    }
  }
  for (const file of files) {
    if (await runInLedger(db, file, version, false)) applied.push(file.name)
  }
  // What ran before checksums were recorded is taken to be what the files say now: from here
  // on, any edit is refused.
  await db.transaction(async (tx) => {
    await tx.query(LOCK)
    for (const row of ledger) {
      const file = byName.get(row.name)
      if (row.checksum === null && file) {
        await tx.query(
          'update app_private.app_migrations set checksum = $2 where name = $1 and checksum is null',
          [file.name, file.checksum],
        )
      }
    }
  })
  return applied
}
