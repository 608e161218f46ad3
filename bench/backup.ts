// A backup of a data folder with 100 000 leads while visitors keep sending, and its restore.
// The server runs as `npm start` runs it, in its own process; `npm run backup` and
// `npm run restore` are the build's commands (dist-server/backup.js, restore.js), as an
// operator runs them. Rounds alternate a quiet phase and a backup, visitors sending the
// contact insert open-loop throughout, so each backup's inserts are set against the quiet
// phases of the same run. Then the last backup is restored into a new folder (or database) and
// every lead acknowledged before it began is looked for.
// Run: npm run bench:backup [-- rounds leads]   (defaults: 3 100000). BENCH_POSTGRES=1 measures
// PostgreSQL too (DATABASE_URL: that server instead); BENCH_SKIP_PGLITE=1 leaves PGlite out.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { readBackupFile } from '../server/backup/backup-format.ts'
import { parseBackupKey } from '../server/backup/backup-key.ts'
import type { Database } from '../server/db/database.ts'
import { applyMigrations } from '../server/db/migrate.ts'
import { openPgliteDatabase } from '../server/db/pglite.ts'
import { openPostgresDatabase } from '../server/db/postgres.ts'
import { ensureSupabaseRoles } from '../server/db/supabase-roles.ts'
import { DEV_ANON_KEY } from '../server/settings.ts'
import { startPostgresServer, type PostgresServer } from '../tests/support/postgres-server.ts'
import { generateLeads, seedLeads } from '../tests/support/seed-leads.ts'
import { median, percentile, spawnServer } from './spawn-server.ts'

const rounds = Number(process.argv[2] ?? 3)
const leadCount = Number(process.argv[3] ?? 100_000)
/** What the visitors do, open-loop: far more than a company's site sees. */
const INSERTS_PER_SECOND = 10
const TARGET_RATIO = 3
/** The server, the backups and the restores share one backup key, as one company's machines do. */
const BACKUP_KEY = 'be0cbe0cbe0cbe0cbe0cbe0cbe0cbe0cbe0cbe0cbe0cbe0cbe0cbe0cbe0cbe0c'

interface Sample {
  ms: number
  status: number
  email: string
  sentAt: number
}

let visitorNumber = 0
const visitorAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

const visitorInsert = async (url: string): Promise<Sample> => {
  const n = ++visitorNumber
  const email = `visitante${n}@example.com`
  const sentAt = performance.now()
  try {
    const response = await fetch(`${url}/rest/v1/contact_submissions`, {
      method: 'POST',
      headers: {
        apikey: DEV_ANON_KEY,
        'content-type': 'application/json',
        'x-forwarded-for': visitorAddress(n),
      },
      body: JSON.stringify({
        name: `Visitante ${n}`,
        email,
        company: null,
        message: `Uma mensagem de verdade, número ${n}.`,
      }),
    })
    await response.arrayBuffer()
    return { ms: performance.now() - sentAt, status: response.status, email, sentAt }
  } catch {
    return { ms: performance.now() - sentAt, status: 0, email, sentAt }
  }
}

/** Visitors at INSERTS_PER_SECOND, each sent on time whether or not the last returned, until stopped. */
const visitors = (url: string) => {
  const samples: Promise<Sample>[] = []
  let going = true
  const start = performance.now()
  const loop = (async () => {
    for (let i = 0; going; i += 1) {
      const wait = start + (i * 1000) / INSERTS_PER_SECOND - performance.now()
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait))
      samples.push(visitorInsert(url))
    }
  })()
  return {
    async stop() {
      going = false
      await loop
      return Promise.all(samples)
    },
  }
}

const run = (command: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  new Promise<{ code: number | null; stderr: string; seconds: number }>((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, [`dist-server/${command}.js`, ...args], {
      env: { PATH: process.env.PATH ?? '', BACKUP_KEY, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) =>
      resolve({ code, stderr, seconds: (performance.now() - started) / 1000 }),
    )
  })

/** 100 000 leads over four years, a meeting for every 50th, as a busy company's database. */
const seed = async (db: Database) => {
  const started = performance.now()
  const leads = generateLeads(leadCount).map((lead, index) => ({
    ...lead,
    createdAt: new Date(Date.now() - (index + 1) * 20 * 60_000),
    notified: true,
  }))
  for (let start = 0; start < leads.length; start += 2_000) {
    await seedLeads(db, leads.slice(start, start + 2_000))
  }
  await db.exec(`insert into public.bookings (lead_id, starts_at, ends_at, blocked_until, name,
      email, note, time_zone, meeting_url, manage_token_hash, created_at)
    select s.id, s.created_at + interval '2 days', s.created_at + interval '2 days 30 minutes',
           s.created_at + interval '2 days 45 minutes', s.name, s.email, 'Conversa',
           'America/Sao_Paulo', 'https://meet.example/x', md5(s.id::text), s.created_at
      from (select id, name, email, created_at, row_number() over (order by created_at) as n
              from public.contact_submissions) s
     where s.n % 50 = 0`)
  await db.query("update public.contact_submissions set desk_note = 'Ligar' where random() < 0.1")
  console.log(
    `  seeded ${leadCount} leads in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  )
}

const ms = (value: number) => `${value.toFixed(1)} ms`
const p99 = (samples: Sample[]) =>
  percentile(
    samples.map((s) => s.ms),
    99,
  )
const p50 = (samples: Sample[]) => median(samples.map((s) => s.ms))
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

interface Store {
  label: string
  env: Record<string, string>
  /** The database, opened in this process, when no server holds it. */
  open(): Promise<Database>
  /** Where a restore goes: a new folder, or a new database. */
  restoreTarget(): Promise<{ env: Record<string, string>; open(): Promise<Database> }>
  /** PGlite must be seeded before its server starts, PostgreSQL after. */
  seedFirst: boolean
  seedFolder?: () => Promise<void>
  folderBytes?: () => Promise<number>
}

const folderSize = async (dir: string): Promise<number> => {
  const { readdir } = await import('node:fs/promises')
  let total = 0
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size
  }
  return total
}

const measure = async (store: Store, work: string) => {
  console.log(`\n${store.label}: ${leadCount} leads, ${rounds} rounds`)
  if (store.seedFirst) await store.seedFolder?.()
  const snapshots: string[] = []
  // What else the server did (its sweeps, its digests), to tell an outlier's cause.
  const events: { at: number; event: string }[] = []
  const server = await spawnServer(
    { ...store.env, BACKUP_KEY, TRUST_PROXY: '1', BACKUP_KEEP: '0' },
    (line) => {
      const event = /"event":"([a-z_]+)"/.exec(line)?.[1]
      if (event && event !== 'request') events.push({ at: performance.now(), event })
      if (line.includes('"event":"backup_snapshot"')) {
        const { checkpoint_ms, files_ms } = JSON.parse(line) as Record<string, number>
        snapshots.push(
          `checkpoint ${checkpoint_ms} ms, then the exporter started and copied the files in ${files_ms} ms`,
        )
      }
    },
  )
  try {
    if (!store.seedFirst) {
      const db = await store.open()
      await seed(db)
      await db.close()
    }
    if (store.folderBytes) console.log(`  data folder ${mb(await store.folderBytes())}`)
    const warm = visitors(server.url)
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    await warm.stop()

    const quiet: Sample[][] = []
    const during: Sample[][] = []
    const times: number[] = []
    const sizes: number[] = []
    let lastFile = ''
    let acknowledgedBefore: string[] = []
    for (let round = 0; round < rounds; round += 1) {
      // Quiet for as long as the last backup took (20 s before the first).
      const quietPhase = visitors(server.url)
      await new Promise((resolve) => setTimeout(resolve, 1000 * (times.at(-1) ?? 20)))
      quiet.push(await quietPhase.stop())
      const file = path.join(work, `round-${round + 1}.backup`)
      const backupPhase = visitors(server.url)
      const beforeBackup = performance.now()
      const made = await run('backup', [file], { ...store.env })
      const samples = await backupPhase.stop()
      if (made.code !== 0) throw new Error(`backup failed: ${made.stderr}`)
      during.push(samples)
      times.push(made.seconds)
      sizes.push((await stat(file)).size)
      lastFile = file
      acknowledgedBefore = [...quiet, ...during]
        .flat()
        .filter((s) => s.status === 201 && s.sentAt + s.ms < beforeBackup)
        .map((s) => s.email)
      const ratio = p99(samples) / p99(quiet.at(-1) ?? [])
      const slowest = [...samples]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 3)
        .map((s) => `${ms(s.ms)} at +${((s.sentAt - beforeBackup) / 1000).toFixed(1)} s`)
        .join(', ')
      console.log(
        `  round ${round + 1}: backup ${made.seconds.toFixed(1)} s, ${mb(sizes.at(-1) ?? 0)}; insert p50/p99 quiet ${ms(p50(quiet.at(-1) ?? []))} / ${ms(p99(quiet.at(-1) ?? []))}, during ${ms(p50(samples))} / ${ms(p99(samples))} (${ratio.toFixed(2)}×), ${samples.length} inserts during, statuses ${[...new Set(samples.map((s) => s.status))].join(',')}`,
      )
      const alongside = events
        .filter((e) => e.at >= beforeBackup && e.event !== 'backup_snapshot')
        .map((e) => `${e.event} at +${((e.at - beforeBackup) / 1000).toFixed(1)} s`)
      console.log(`    server events during: ${alongside.join(', ') || 'none'}`)
      console.log(
        `    slowest inserts during: ${slowest}${snapshots.length > 0 ? `; online backup: ${snapshots.at(-1)}` : ''}`,
      )
    }
    const pooledQuiet = quiet.flat()
    const pooledDuring = during.flat()
    const pooled = p99(pooledDuring) / p99(pooledQuiet)
    const key = parseBackupKey(BACKUP_KEY, 'BACKUP_KEY')
    const { bytes } = await readBackupFile(lastFile, {
      keys: key ? [key] : [],
      acceptUnsigned: false,
    })
    console.log(
      `  backup time median ${median(times).toFixed(1)} s (${times.map((t) => t.toFixed(1)).join(', ')}), size ${mb(median(sizes))} (${mb(bytes)} uncompressed)`,
    )
    console.log(
      `  visitor insert p50 ${ms(p50(pooledQuiet))} → ${ms(p50(pooledDuring))}, p99 ${ms(p99(pooledQuiet))} → ${ms(p99(pooledDuring))} (${pooled.toFixed(2)}×; rounds ${during.map((d, i) => (p99(d) / p99(quiet[i] ?? [])).toFixed(2)).join(', ')})   target ≤ ${TARGET_RATIO}×: ${pooled <= TARGET_RATIO ? 'met' : 'missed'}`,
    )

    if (process.env.BENCH_SKIP_RESTORE === '1') return
    const target = await store.restoreTarget()
    const restored = await run('restore', [lastFile], target.env)
    if (restored.code !== 0) throw new Error(`restore failed: ${restored.stderr}`)
    const db = await target.open()
    try {
      const { rows } = await db.query<{ email: string }>(
        'select email from public.contact_submissions where email = any($1)',
        [acknowledgedBefore],
      )
      const count = await db.query<{ n: number }>(
        'select count(*)::integer as n from public.contact_submissions',
      )
      const present = new Set(rows.map((row) => row.email))
      const missing = acknowledgedBefore.filter((email) => !present.has(email))
      console.log(
        `  restore ${restored.seconds.toFixed(1)} s: ${count.rows[0]?.n} leads; acknowledged before the backup began ${present.size}/${acknowledgedBefore.length} present${missing.length ? ` (missing: ${missing.slice(0, 5).join(', ')})` : ''}`,
      )
    } finally {
      await db.close()
    }
  } finally {
    await server.stop()
  }
}

const postgres: PostgresServer | undefined =
  process.env.BENCH_POSTGRES === '1' && !process.env.DATABASE_URL
    ? await startPostgresServer()
    : undefined
const databaseUrl = process.env.DATABASE_URL ?? postgres?.url
const work = await mkdtemp(path.join(os.tmpdir(), 'bench-backup-'))
console.log(
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} at the start, ${os.cpus().length} cores; visitors ${INSERTS_PER_SECOND} inserts/s`,
)
try {
  if (process.env.BENCH_SKIP_PGLITE !== '1') {
    const dataDir = path.join(work, 'data')
    let restores = 0
    await measure(
      {
        label: 'PGlite (embedded)',
        env: { DATA_DIR: dataDir },
        seedFirst: true,
        async open() {
          const db = await openPgliteDatabase(path.join(dataDir, 'pglite'))
          await ensureSupabaseRoles(db)
          await applyMigrations(db)
          return db
        },
        async restoreTarget() {
          const restoredDir = path.join(work, `restored-${++restores}`)
          return {
            env: { DATA_DIR: restoredDir },
            open: () => openPgliteDatabase(path.join(restoredDir, 'pglite')),
          }
        },
        folderBytes: () => folderSize(path.join(dataDir, 'pglite')),
        // A seeded folder is kept in the temporary folder and copied for the next run: seeding
        // 100 000 leads takes minutes. BENCH_RESEED=1 makes it again.
        async seedFolder() {
          const cache = path.join(os.tmpdir(), `bench-backup-seed-${leadCount}`)
          if (process.env.BENCH_RESEED === '1') await rm(cache, { recursive: true, force: true })
          if (!existsSync(path.join(cache, 'pglite', 'PG_VERSION'))) {
            await rm(cache, { recursive: true, force: true })
            const db = await openPgliteDatabase(path.join(cache, 'pglite'))
            await ensureSupabaseRoles(db)
            await applyMigrations(db)
            await seed(db)
            await db.close()
          } else {
            console.log(`  seeded folder reused from ${cache}`)
          }
          await cp(cache, dataDir, { recursive: true })
        },
      },
      work,
    )
  }
  if (databaseUrl) {
    const url = new URL(databaseUrl)
    await measure(
      {
        label: 'PostgreSQL (DATABASE_URL)',
        env: { DATABASE_URL: databaseUrl },
        seedFirst: false,
        open: () => openPostgresDatabase(databaseUrl),
        async restoreTarget() {
          const admin = await openPostgresDatabase(databaseUrl)
          const name = `restored_${Date.now()}`
          await admin.query(`create database ${name}`)
          await admin.close()
          url.pathname = `/${name}`
          const target = url.toString()
          return { env: { DATABASE_URL: target }, open: () => openPostgresDatabase(target) }
        },
      },
      work,
    )
  }
} finally {
  await rm(work, { recursive: true, force: true })
  await postgres?.stop()
}
console.log(
  `\nload average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} at the end`,
)
