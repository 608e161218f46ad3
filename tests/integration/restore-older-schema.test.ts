/**
 * A backup made by an older version of the site (its database without the latest migrations)
 * restores at its own version, and the server then migrates it forward as it would any
 * database of that version; erasures from a newer backup beside it are applied too, after
 * bringing the schema to the version that keeps them. The restore builds its folder from
 * nothing (initdb), as in a deployment. And a backup of a database from any earlier commit,
 * taken as it was (an operator backing up before the upgrade), restores and migrates to
 * exactly a new database's schema, which the migration ledger then accepts as it is, and takes
 * a visitor's lead: PGlite's upgrade from every earlier shape (schema-upgrades.test.ts upgrades
 * each in place on PostgreSQL).
 */
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBackupFile } from '../../server/backup/backup-format.ts'
import { restoreBackup } from '../../server/backup/restore-database.ts'
import { knownMigrations } from '../../server/backup/schema-version.ts'
import { applyMigrations } from '../../server/db/migrate.ts'
import { openPgliteDatabase } from '../../server/db/pglite.ts'
import { ensureSupabaseRoles } from '../../server/db/supabase-roles.ts'
import { MIGRATIONS_DIR } from '../../server/paths.ts'
import { startServer } from '../../server/start-server.ts'
import { runBuiltCommand } from '../support/backup-commands.ts'
import { blankPgliteDump, blankPgliteFolder } from '../support/blank-pglite.ts'
import {
  EARLIER_SHAPES,
  expectLedgerCheckedAndLeadsTaken,
  makeEarlierDatabase,
  readEarlierRows,
  storeEarlierRows,
} from '../support/earlier-schemas.ts'
import { describeSchema, schemaDifferences } from '../support/schema-snapshot.ts'
import { generateLeads, seedLeads } from '../support/seed-leads.ts'
import { createTestDatabase, templateDump } from '../support/test-database.ts'
import { testSettings } from '../support/test-app.ts'
import { exportBackupFile, testTrust } from '../support/test-backups.ts'

const ERASED = 'ana.0@empresa0.com.br'

let root: string
/** An empty cluster: initdb once, and each in-memory database here starts from its copy. */
let blank: Blob
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'restore-older-'))
  blank = await blankPgliteDump()
}, 120_000)
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('a backup from an older version', () => {
  it('restores at its version, is migrated forward by the server, and takes newer erasures', async () => {
    const all = await knownMigrations()
    // The schema as it was before backups kept erasures.
    const older = all.filter((name) => name < '20261128050000')
    expect(older.length).toBeLessThan(all.length)
    const olderDir = path.join(root, 'older-migrations')
    await mkdir(olderDir)
    for (const name of older)
      await copyFile(path.join(MIGRATIONS_DIR, name), path.join(olderDir, name))

    const folder = path.join(root, 'backups')
    await mkdir(folder, { mode: 0o700 })
    const old = await openPgliteDatabase(undefined, blank)
    try {
      await ensureSupabaseRoles(old)
      await applyMigrations(old, olderDir)
      await seedLeads(old, generateLeads(25))
      await exportBackupFile(old, path.join(folder, 'older.backup'))
    } finally {
      await old.close()
    }
    // Later, on another installation of a newer version, the person asks to be erased.
    const newer = await createTestDatabase()
    try {
      await newer.query('select private.erase_leads_by_email($1)', [ERASED])
      await exportBackupFile(newer, path.join(folder, 'newer.backup'))
    } finally {
      await newer.close()
    }

    const dataDir = path.join(root, 'site')
    const run = await runBuiltCommand(
      'restore',
      [path.join(folder, 'older.backup')],
      { DATA_DIR: dataDir },
      { withoutTemplate: true },
    )
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toContain('Erased again: 1 lead(s)')

    const server = await startServer(testSettings({ PORT: '0', DATA_DIR: dataDir }))
    try {
      const leads = await server.db.query<{ email: string }>(
        'select email from public.contact_submissions',
      )
      expect(leads.rows).toHaveLength(24)
      expect(leads.rows.map((row) => row.email)).not.toContain(ERASED)
      const ledger = await server.db.query<{ name: string }>(
        'select name from app_private.app_migrations order by name',
      )
      expect(ledger.rows.map((row) => row.name)).toEqual(all)
    } finally {
      await server.stop()
    }
  }, 300_000)

  it('without erasures to apply, stays at its own version until a server migrates it', async () => {
    const dataDir = path.join(root, 'site-2')
    const older = path.join(root, 'alone', 'older.backup')
    await mkdir(path.dirname(older))
    await copyFile(path.join(root, 'backups', 'older.backup'), older)
    // The folder from an empty cluster, as the test above made from nothing, without initdb again.
    const empty = await blankPgliteFolder(blank, path.join(root, 'empty-cluster'))
    const run = await runBuiltCommand('restore', [older], {
      DATA_DIR: dataDir,
      PGLITE_TEMPLATE_DIR: empty,
    })
    expect(run.code, run.stderr).toBe(0)
    const db = await openPgliteDatabase(path.join(dataDir, 'pglite'))
    try {
      const ledger = await db.query<{ name: string }>(
        'select name from app_private.app_migrations order by name',
      )
      const all = await knownMigrations()
      expect(ledger.rows.map((row) => row.name)).toEqual(
        all.filter((name) => name < '20261128050000'),
      )
      const leads = await db.query('select 1 from public.contact_submissions')
      expect(leads.rows).toHaveLength(25)
    } finally {
      await db.close()
    }
  }, 300_000)
})

describe('a backup of a database from an earlier commit, taken before upgrading', () => {
  let fresh: string[]
  beforeAll(async () => {
    // A new database's schema is the run's template's: every migration applied to an empty
    // cluster (pglite-template.ts).
    const template = await templateDump()
    if (!template) throw new Error('PGLITE_TEMPLATE_DUMP is unset: run through vitest')
    const db = await openPgliteDatabase(undefined, template)
    try {
      fresh = await describeSchema(db)
    } finally {
      await db.close()
    }
  }, 120_000)

  it.each(EARLIER_SHAPES)(
    'from the shape of $commit ($date): restored, then migrated by the server, rows kept, a lead taken',
    async (shape) => {
      const file = path.join(root, `earlier-${shape.commit}.backup`)
      const earlier = await openPgliteDatabase(undefined, blank)
      let before
      try {
        // The folder as that commit's server left it, backed up by this version's command
        // without a server on it: nothing migrated first.
        await makeEarlierDatabase(earlier, shape)
        before = await storeEarlierRows(earlier)
        await exportBackupFile(earlier, file)
      } finally {
        await earlier.close()
      }

      const contents = await readBackupFile(file, testTrust)
      expect(contents.header.migrations).toEqual(Object.keys(shape.files).sort())
      const db = await openPgliteDatabase(undefined, blank)
      try {
        const restored = await restoreBackup(db, file, contents, {
          erasures: [],
          trust: testTrust,
        })
        expect(restored.skippedTables).toEqual([])
        expect(await readEarlierRows(db)).toEqual(before)
        // The server's start: the ledger the restore wrote is accepted (no edited migration,
        // nothing newer), the rest applied, and the schema is a new database's.
        await ensureSupabaseRoles(db)
        const applied = await applyMigrations(db)
        expect(applied).toEqual((await knownMigrations()).filter((name) => !(name in shape.files)))
        expect(await readEarlierRows(db)).toEqual(before)
        const { missing, unexpected } = schemaDifferences(await describeSchema(db), fresh)
        expect({ missing, unexpected }).toEqual({ missing: [], unexpected: [] })
        expect(await applyMigrations(db)).toEqual([])
        await expectLedgerCheckedAndLeadsTaken(db)
      } finally {
        await db.close()
      }
    },
    180_000,
  )
})
