import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { ensureSupabaseRoles } from '../../server/db/supabase-roles.ts'
import { MIGRATIONS_DIR } from '../../server/paths.ts'
import SHAPES from './earlier-schemas/shapes.json'

/**
 * The schema as each earlier commit of the main line left a new database: which migration files
 * it had, and the text of each (today's, or the one it had then, kept in earlier-schemas/texts/
 * because the suite runs on a fresh clone and must not need git's history). Made once from
 * `git log --first-parent -- supabase/migrations`; from version 1.0 on a released migration
 * never changes, so a later version's shape is a prefix of today's files and needs no fixture.
 */
export interface EarlierShape {
  /** The commit that left the migrations so (for a reader; nothing looks it up). */
  commit: string
  date: string
  files: Record<string, string>
}

// JSON's inferred type gives each shape the other shapes' files as optional keys.
export const EARLIER_SHAPES = SHAPES as EarlierShape[]

const FIXTURES = path.join(import.meta.dirname, 'earlier-schemas')

/** The SQL a shape had for a file: today's text, or the one kept from then. */
export const earlierText = async (where: string, name: string) =>
  readFile(
    where === 'current' ? path.join(MIGRATIONS_DIR, name) : path.join(FIXTURES, where),
    'utf8',
  )

/** The ledger as every server before version 1.0 wrote it: names only. */
const NAMES_ONLY_LEDGER = `
create schema if not exists app_private;
create table if not exists app_private.app_migrations (
  name text primary key,
  applied_at timestamptz not null default now()
);
`

/**
 * Runs the files of a shape the database has not run, in name order, each in a transaction
 * with its name in the ledger: what a server of that commit did at start.
 */
export const migrateAsEarlierServer = async (db: Database, shape: EarlierShape) => {
  await db.exec(NAMES_ONLY_LEDGER)
  const { rows } = await db.query<{ name: string }>('select name from app_private.app_migrations')
  const applied = new Set(rows.map((row) => row.name))
  for (const [name, where] of Object.entries(shape.files).sort(([a], [b]) => a.localeCompare(b))) {
    if (applied.has(name)) continue
    const sql = await earlierText(where, name)
    await db.transaction(async (tx) => {
      await tx.exec(sql)
      await tx.query('insert into app_private.app_migrations (name) values ($1)', [name])
    })
  }
}

/** Makes `db` what a server of that commit made of a new database. */
export const makeEarlierDatabase = async (db: Database, shape: EarlierShape) => {
  await ensureSupabaseRoles(db)
  await migrateAsEarlierServer(db, shape)
}

/** What an earlier database holds before it is upgraded, to find again afterwards. */
export interface EarlierRows {
  /** Leads, bookings' own leads included. */
  leads: { id: string; name: string; email: string; company: string | null; message: string }[]
  meetings: { id: string; lead_id: string; starts_at: string; status: string; note: string }[]
}

const hasTable = async (db: Database, name: string) =>
  (await db.query<{ found: string | null }>('select to_regclass($1)::text as found', [name]))
    .rows[0]?.found != null

/**
 * Stores leads, and meetings where the shape had the agenda, with the calls that shape had:
 * a plain insert of the four fields every shape took, and private.book_meeting on a fixed
 * clock (two Wednesdays' office hours in 2027, far from any holiday).
 */
export const storeEarlierRows = async (db: Database): Promise<EarlierRows> => {
  for (const [index, name] of ['Ana Souza', 'Bruno Lima', 'Célia Ramos'].entries()) {
    await db.query(
      'insert into public.contact_submissions (name, email, company, message) values ($1, $2, $3, $4)',
      [
        name,
        `pessoa${index}@example.com`,
        index === 1 ? null : 'Padaria Pão Quente',
        `Mensagem ${index}: quero um site.`,
      ],
    )
  }
  if (await hasTable(db, 'public.bookings')) {
    for (const [starts, name] of [
      ['2027-03-03T14:00:00-03:00', 'Dora Nunes'],
      ['2027-03-10T10:00:00-03:00', 'Eli Costa'],
    ] as const) {
      await db.query(
        `select private.book_meeting($1, $2, $3, null, 'Quero um app.', 'America/Sao_Paulo',
           null, 60000, '2027-03-01T10:00:00-03:00')`,
        [starts, name, `${name.split(' ')[0]?.toLowerCase()}@example.com`],
      )
    }
  }
  return readEarlierRows(db)
}

export const readEarlierRows = async (db: Database): Promise<EarlierRows> => {
  const leads = await db.query<EarlierRows['leads'][number]>(
    'select id::text, name, email, company, message from public.contact_submissions order by name',
  )
  const meetings = (await hasTable(db, 'public.bookings'))
    ? await db.query<EarlierRows['meetings'][number]>(
        `select id::text, lead_id::text, to_char(starts_at at time zone 'UTC',
           'YYYY-MM-DD"T"HH24:MI:SS"Z"') as starts_at, status, note
           from public.bookings order by starts_at`,
      )
    : { rows: [] }
  return { leads: leads.rows, meetings: meetings.rows }
}

/**
 * What an upgraded database must do from here on: every row of its ledger has a checksum (so an
 * edited migration is refused), and it takes a new lead as the site sends one.
 */
export const expectLedgerCheckedAndLeadsTaken = async (db: Database) => {
  const { rows } = await db.query<{ unchecked: number }>(
    'select count(*)::int as unchecked from app_private.app_migrations where checksum is null',
  )
  expect(rows[0]?.unchecked).toBe(0)
  await db.transaction(async (tx) => {
    await tx.query(`select set_config('role', 'anon', true)`)
    await tx.query(
      `insert into public.contact_submissions (name, email, company, message, form_elapsed_ms)
       values ('Fábio Reis', 'fabio@example.com', null, 'Depois da atualização.', 60000)`,
    )
  })
}
