import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Database, Queryable } from '../db/database.ts'
import { openPgliteDatabase } from '../db/pglite.ts'
import { openPostgresDatabase } from '../db/postgres.ts'
import type { BackupContents, BackupTrust } from './backup-format.ts'
import { readErasures, type ErasureRecord } from './erasure-records.ts'
import { lockDataDir } from './open-for-backup.ts'
import { claimDatabaseForRestore } from './restore-guard.ts'
import { restoreBackup, type RestoreResult } from './restore-database.ts'

export interface RestoreRequest {
  file: string
  contents: BackupContents
  /** Replace a database that holds the site's data (--replace). */
  replace: boolean
  /** Erasures from other backups, applied with the backup's own. */
  erasures: ErasureRecord[]
  /** How the file was checked: the load reads it again and checks it again. */
  trust: BackupTrust
}

export interface RestoreDone extends RestoreResult {
  /** What the replaced data became: a folder kept aside (PGlite), or dropped (PostgreSQL). */
  replaced?: string
  /** Erasures that came from the database the restore replaced. */
  erasuresFromReplaced: number
}

/** A database the restore would overwrite; the message says what it holds and what to do. */
export class TargetNotEmptyError extends Error {}

/** Rows of one of the site's tables (its own names only), 0 when the table does not exist. */
const count = async (db: Queryable, table: string) => {
  const { rows } = await db.query<{ present: boolean }>(
    'select to_regclass($1) is not null as present',
    [table],
  )
  if (!rows[0]?.present) return 0
  const counted = await db.query<{ n: number }>(`select count(*)::integer as n from ${table}`)
  return counted.rows[0]?.n ?? 0
}

/** What the site's schema holds in a database, if it has the site's schema at all. */
const siteData = async (db: Queryable) => {
  const { rows } = await db.query<{ present: boolean }>(
    `select to_regnamespace('private') is not null
         or to_regclass('public.contact_submissions') is not null
         or to_regclass('app_private.app_migrations') is not null as present`,
  )
  if (!rows[0]?.present) return undefined
  return {
    leads: await count(db, 'public.contact_submissions'),
    bookings: await count(db, 'public.bookings'),
    quarantined: await count(db, 'private.quarantined_submissions'),
  }
}

const described = (data: { leads: number; bookings: number; quarantined: number }) =>
  `${data.leads} lead(s), ${data.bookings} meeting(s), ${data.quarantined} quarantined message(s)`

/**
 * What --replace removes on PostgreSQL, inside the restore's transaction: the site's three
 * schemas with all they hold (the database should be the site's alone, as docs/deploy.md
 * says), and a new `public` as PostgreSQL 15 makes it.
 */
const dropSiteSchemas = async (tx: Queryable) => {
  await tx.exec(`
    drop schema if exists private cascade;
    drop schema if exists app_private cascade;
    drop schema if exists public cascade;
    create schema public;
    alter schema public owner to pg_database_owner;
    grant usage on schema public to public;
  `)
}

/**
 * Restores into DATABASE_URL's database, which this restore holds to its end: refused while a
 * server of the site uses it (and with --replace, while anyone else is connected), and a server
 * starting meanwhile waits (restore-guard.ts).
 */
export const restoreIntoPostgres = async (
  url: string,
  request: RestoreRequest,
): Promise<RestoreDone> => {
  const claim = await claimDatabaseForRestore(url, { replace: request.replace })
  try {
    return await restoreClaimed(claim.url, request)
  } finally {
    await claim.release()
  }
}

const restoreClaimed = async (url: string, request: RestoreRequest): Promise<RestoreDone> => {
  const db = await openPostgresDatabase(url)
  try {
    const data = await siteData(db)
    if (data && !request.replace) {
      throw new TargetNotEmptyError(
        `The database in DATABASE_URL already has the site's schema, with ${described(data)}. Restore into a new database (createdb), or pass --replace to drop the site's schemas (public, private, app_private) and everything in them first; the erasures it recorded are applied to the backup.`,
      )
    }
    const fromReplaced = data ? await readErasures(db) : []
    const result = await restoreBackup(db, request.file, request.contents, {
      erasures: [...fromReplaced, ...request.erasures],
      clear: data ? dropSiteSchemas : undefined,
      trust: request.trust,
    })
    return {
      ...result,
      replaced: data ? `dropped (${described(data)})` : undefined,
      erasuresFromReplaced: fromReplaced.length,
    }
  } finally {
    await db.close()
  }
}

const hasDatabase = async (folder: string) =>
  existsSync(path.join(folder, 'PG_VERSION')) ||
  (await readdir(folder).catch(() => [] as string[])).length > 0

/** What a PGlite folder holds, and its erasures, opened for a moment (no server runs on it). */
const readReplacedFolder = async (folder: string) => {
  if (!existsSync(path.join(folder, 'PG_VERSION'))) return { data: undefined, erasures: [] }
  const db: Database = await openPgliteDatabase(folder)
  try {
    return { data: await siteData(db), erasures: await readErasures(db) }
  } finally {
    await db.close()
  }
}

const stamp = () => new Date().toISOString().slice(0, 19).replaceAll(':', '')

/**
 * Restores into DATA_DIR/pglite under the folder's lock (a running server is named in the
 * refusal). The database is built in a folder beside it and renamed into place only when
 * complete; with --replace the old one is kept aside, renamed, never deleted.
 */
export const restoreIntoPglite = async (
  dataDir: string,
  request: RestoreRequest,
): Promise<RestoreDone> => {
  const lock = await lockDataDir(dataDir)
  try {
    const target = path.join(dataDir, 'pglite')
    for (const name of await readdir(dataDir)) {
      if (name.startsWith('pglite.restoring-')) {
        await rm(path.join(dataDir, name), { recursive: true, force: true })
      }
    }
    const occupied = await hasDatabase(target)
    if (occupied && !request.replace) {
      const { data } = await readReplacedFolder(target)
      throw new TargetNotEmptyError(
        `${target} already holds a database${data ? `, with ${described(data)}` : ''}. Restore into a new DATA_DIR, or pass --replace: the restored database takes its place and it is kept beside it, renamed; the erasures it recorded are applied to the backup.`,
      )
    }
    const replacedFolder = occupied ? await readReplacedFolder(target) : undefined
    const building = path.join(dataDir, `pglite.restoring-${randomBytes(4).toString('hex')}`)
    let result: RestoreResult
    try {
      const db = await openPgliteDatabase(building)
      try {
        result = await restoreBackup(db, request.file, request.contents, {
          erasures: [...(replacedFolder?.erasures ?? []), ...request.erasures],
          trust: request.trust,
        })
      } finally {
        await db.close()
      }
    } catch (error) {
      await rm(building, { recursive: true, force: true })
      throw error
    }
    let replaced: string | undefined
    if (occupied) {
      replaced = path.join(dataDir, `pglite.replaced-${stamp()}`)
      await rename(target, replaced)
    }
    await rename(building, target)
    return {
      ...result,
      replaced: replaced && `kept as ${replaced}`,
      erasuresFromReplaced: replacedFolder?.erasures.length ?? 0,
    }
  } finally {
    await lock.release()
  }
}
