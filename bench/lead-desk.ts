// The lead desk with 10 000 leads: list and search as the operator uses them, through the
// real server (`npm start`'s code in its own process, signed in, HTML rendered), on PGlite and
// on PostgreSQL 15, against the same queries issued straight to the database in the same run.
// Run: npm run bench:desk [-- rounds]   (default 150 rounds of every request)
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Database } from '../server/db/database.ts'
import { applyMigrations } from '../server/db/migrate.ts'
import { openPgliteDatabase } from '../server/db/pglite.ts'
import { openPostgresDatabase } from '../server/db/postgres.ts'
import { ensureSupabaseRoles } from '../server/db/supabase-roles.ts'
import { MIGRATIONS_DIR } from '../server/paths.ts'
import { EMPTY_FILTER, type LeadFilter } from '../server/desk/leads/lead-filter.ts'
import { listLeads, PAGE_SIZE } from '../server/desk/leads/lead-store.ts'
import { createDeskClient, type DeskClient } from '../tests/support/desk-client.ts'
import { startPostgresServer } from '../tests/support/postgres-server.ts'
import { generateLeads, seedLeads } from '../tests/support/seed-leads.ts'
import { insertFor } from './direct-inserts.ts'
import { median, percentile, spawnServer } from './spawn-server.ts'

const LEADS = 10_000
const rounds = Number(process.argv[2] ?? 150)
const PASSWORD = 'correto cavalo bateria grampo'
const LAST_PAGE = Math.ceil(LEADS / PAGE_SIZE)

interface Case {
  name: string
  filter: LeadFilter
  page: number
}

// What an operator does: the first page, the oldest page, a word many messages share, one
// person's address (a single match), and two filters together.
const CASES: Case[] = [
  { name: 'list, page 1', filter: EMPTY_FILTER, page: 1 },
  { name: `list, page ${LAST_PAGE} (last)`, filter: EMPTY_FILTER, page: LAST_PAGE },
  {
    name: 'search "integracao" (1 in 6 match)',
    filter: { ...EMPTY_FILTER, search: 'integracao' },
    page: 1,
  },
  {
    name: 'search one address (1 match)',
    filter: { ...EMPTY_FILTER, search: 'joao.7771@empresa11' },
    page: 1,
  },
  {
    name: 'filter status + delivery',
    filter: { ...EMPTY_FILTER, status: 'novo', delivery: 'falhou' },
    page: 1,
  },
]

const CASES_FIRST: Case = CASES[0] ?? { name: 'list', filter: EMPTY_FILTER, page: 1 }

const seed = async (db: Database) => {
  await ensureSupabaseRoles(db)
  await applyMigrations(db)
  // In batches: one 10 000-row JSON parameter is needlessly large for PGlite's heap.
  const leads = generateLeads(LEADS)
  for (let start = 0; start < leads.length; start += 1_000) {
    await seedLeads(db, leads.slice(start, start + 1_000))
  }
}

/** One signed-in session per case: the filter lives in the session, as for a person. */
const sessionFor = async (url: string, item: Case): Promise<DeskClient> => {
  const client = createDeskClient((target, init) => fetch(new URL(target, url), init))
  const signedIn = await client.signIn(PASSWORD)
  if (signedIn.status !== 303) throw new Error(`Sign-in failed: ${signedIn.status}`)
  if (item.filter !== EMPTY_FILTER) await client.post('/painel/filtro', { ...item.filter })
  return client
}

const timeHttp = async (client: DeskClient, item: Case) => {
  const started = performance.now()
  const response = await client.request(item.page > 1 ? `/painel?pagina=${item.page}` : '/painel')
  const html = await response.text()
  if (response.status !== 200 || !html.includes('<table')) {
    throw new Error(`${item.name}: HTTP ${response.status}`)
  }
  return performance.now() - started
}

const timeDirect = async (db: Database, item: Case) => {
  const started = performance.now()
  await listLeads(db, { filter: item.filter }, item.page)
  return performance.now() - started
}

type Samples = Map<string, number[]>

const record = (samples: Samples, name: string, ms: number) =>
  samples.set(name, [...(samples.get(name) ?? []), ms])

/** Rounds of every case in turn, so a slow moment of the shared machine hits all alike. */
const measure = async (rounds: number, run: (item: Case) => Promise<number>) => {
  const samples: Samples = new Map()
  for (const item of CASES) await run(item) // warm: first render, first plan
  for (let round = 0; round < rounds; round += 1) {
    for (const item of CASES) record(samples, item.name, await run(item))
  }
  return samples
}

const exportOnce = async (client: DeskClient) => {
  const started = performance.now()
  const response = await client.request('/painel/exportar?formato=csv')
  const bytes = (await response.arrayBuffer()).byteLength
  return { ms: performance.now() - started, megabytes: bytes / 1024 / 1024 }
}

const fmt = (ms: number) => ms.toFixed(1)

const report = (
  store: string,
  http: Samples,
  direct: Samples,
  exported: { ms: number; megabytes: number },
) => {
  console.log(`\n### ${store}: ${LEADS} leads, ${rounds} rounds\n`)
  console.log('| request | HTTP p50 | HTTP p95 | DB p50 | DB p95 | HTTP p95 / DB p95 |')
  console.log('| --- | --- | --- | --- | --- | --- |')
  for (const item of CASES) {
    const h = http.get(item.name) ?? []
    const d = direct.get(item.name) ?? []
    const ratio = percentile(h, 95) / Math.max(0.01, percentile(d, 95))
    console.log(
      `| ${item.name} | ${fmt(median(h))} ms | ${fmt(percentile(h, 95))} ms | ${fmt(median(d))} ms | ${fmt(percentile(d, 95))} ms | ${ratio.toFixed(2)}× |`,
    )
  }
  console.log(
    `\nCSV export of all ${LEADS} leads: ${fmt(exported.ms)} ms, ${exported.megabytes.toFixed(1)} MB.`,
  )
}

const openSessions = async (url: string) => {
  const sessions = await Promise.all(CASES.map((item) => sessionFor(url, item)))
  return (item: Case) => {
    const session = sessions[CASES.indexOf(item)]
    if (!session) throw new Error(`No session for ${item.name}`)
    return session
  }
}

const benchPglite = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-desk-'))
  try {
    const folder = path.join(dataDir, 'pglite')
    const seeding = await openPgliteDatabase(folder)
    await seed(seeding)
    await seeding.close()
    // The server opens the seeded folder (spawnServer reuses BENCH_DATA_DIR).
    process.env.BENCH_DATA_DIR = dataDir
    const server = await spawnServer({ ADMIN_PASSWORD: PASSWORD })
    let http: Samples
    let exported: { ms: number; megabytes: number }
    try {
      const sessionOf = await openSessions(server.url)
      http = await measure(rounds, (item) => timeHttp(sessionOf(item), item))
      exported = await exportOnce(sessionOf(CASES_FIRST))
    } finally {
      await server.stop()
      delete process.env.BENCH_DATA_DIR
    }
    // Only one process may open a PGlite folder: the direct reference runs right after.
    const db = await openPgliteDatabase(folder)
    try {
      report('PGlite', http, await measure(rounds, (item) => timeDirect(db, item)), exported)
    } finally {
      await db.close()
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

const benchPostgres = async () => {
  const postgres = await startPostgresServer()
  try {
    const db = await openPostgresDatabase(postgres.url)
    try {
      await seed(db)
      await db.query('analyze public.contact_submissions')
      const server = await spawnServer({ ADMIN_PASSWORD: PASSWORD, DATABASE_URL: postgres.url })
      try {
        const sessionOf = await openSessions(server.url)
        // Interleaved: each round asks the server, then the database, the same thing.
        const http: Samples = new Map()
        const direct: Samples = new Map()
        for (const item of CASES) {
          await timeHttp(sessionOf(item), item)
          await timeDirect(db, item)
        }
        for (let round = 0; round < rounds; round += 1) {
          for (const item of CASES) {
            record(http, item.name, await timeHttp(sessionOf(item), item))
            record(direct, item.name, await timeDirect(db, item))
          }
        }
        const exported = await exportOnce(sessionOf(CASES_FIRST))
        report('PostgreSQL 15 (DATABASE_URL)', http, direct, exported)
      } finally {
        await server.stop()
      }
    } finally {
      await db.close()
    }
  } finally {
    await postgres.stop()
  }
}

/**
 * What the desk's migration (search column, two indexes) costs the visitors' path: the REST
 * route's insert issued straight to PGlite, with and without it, alternated.
 */
const benchInsertCost = async (seconds = 3, pairs = 4) => {
  const root = await mkdtemp(path.join(tmpdir(), 'bench-desk-inserts-'))
  try {
    const without = path.join(root, 'migrations-without-desk')
    await mkdir(without)
    for (const name of await readdir(MIGRATIONS_DIR)) {
      if (!name.includes('lead_desk'))
        await copyFile(path.join(MIGRATIONS_DIR, name), path.join(without, name))
    }
    const rates: Record<'without' | 'with', number[]> = { without: [], with: [] }
    for (let pair = 0; pair < pairs; pair += 1) {
      // ABBA order, so neither variant always runs on a warmer process.
      const order = pair % 2 === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const)
      for (const variant of order) {
        const db = await openPgliteDatabase(path.join(root, `${variant}-${pair}`))
        await ensureSupabaseRoles(db)
        await applyMigrations(db, variant === 'with' ? MIGRATIONS_DIR : without)
        // Every insert comes from one unknown address: lift its cap to measure the path.
        await db.query('update private.contact_settings set unknown_address_limit = 2000000000')
        rates[variant].push((await insertFor(db, seconds)) / seconds)
        await db.close()
      }
    }
    const show = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ')
    console.log(`\n### Cost to visitors' inserts (PGlite folder, ${seconds} s runs, alternated)\n`)
    console.log(
      `Inserts/s without the desk migration: ${show(rates.without)} (median ${median(rates.without).toFixed(0)})`,
    )
    console.log(`Inserts/s with it: ${show(rates.with)} (median ${median(rates.with).toFixed(0)})`)
    console.log(`Ratio with / without: ${(median(rates.with) / median(rates.without)).toFixed(2)}`)
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

await benchPglite()
await benchPostgres()
await benchInsertCost()
