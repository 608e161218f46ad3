// What the reply promise (migrations 20261128120000 and after) costs a visitor's insert: the
// partial index of leads waiting for an answer and two triggers whose WHEN is false for a
// visitor. Two PGlite databases side by side, one with the migrations up to 1.0.0 and one with
// all of them, each holding the same 20 000 leads; the site's insert (anon, as the REST route
// runs it) into each in turn, round by round, so a busy machine slows both alike.
// Run: npx tsx bench/reply-insert-cost.ts [rounds]   (default 2 000 inserts into each)
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { applyContactLimits } from '../server/db/contact-limits.ts'
import type { Database } from '../server/db/database.ts'
import { applyMigrations } from '../server/db/migrate.ts'
import { openPgliteDatabase } from '../server/db/pglite.ts'
import { ensureSupabaseRoles } from '../server/db/supabase-roles.ts'
import { MIGRATIONS_DIR } from '../server/paths.ts'
import { median, percentile } from './spawn-server.ts'

const rounds = Number(process.argv[2] ?? 2_000)
const FIRST_OF_THIS_WORK = '20261128120000'

const open = async (dir: string) => {
  const db = await openPgliteDatabase()
  await ensureSupabaseRoles(db)
  await applyMigrations(db, dir)
  await applyContactLimits(db, { RATE_LIMIT_UNKNOWN_ADDRESSES: 2_000_000_000 })
  // Plain columns only: the older schema has none of this work's.
  await db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica')
    await tx.query(`insert into public.contact_submissions (created_at, name, email, message, notified_at)
      select now() - n * interval '10 minutes', 'Pessoa ' || n, 'pessoa' || n || '@example.com',
             'Mensagem ' || n, now()
        from generate_series(1, 20000) n`)
  })
  return db
}

let sequence = 0
const insert = async (db: Database) => {
  sequence += 1
  const row = {
    name: `Visitante ${sequence}`,
    email: `visitante${sequence}@example.com`,
    company: null,
    message: `Mensagem ${sequence}.`,
  }
  const started = performance.now()
  await db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', 'anon', true),
              set_config('request.jwt.claims', '{"role":"anon"}', true),
              set_config('request.method', 'POST', true),
              set_config('request.path', '/rest/v1/contact_submissions', true),
              set_config('request.headers', '{}', true)`,
    )
    await tx.query(
      `insert into public.contact_submissions (name, email, company, message)
       select name, email, company, message from json_to_recordset($1::json)
       as _(name text, email text, company text, message text)`,
      [JSON.stringify([row])],
    )
  })
  return performance.now() - started
}

const before = await mkdtemp(path.join(tmpdir(), 'bench-migrations-'))
for (const name of await readdir(MIGRATIONS_DIR)) {
  if (name < FIRST_OF_THIS_WORK) await cp(path.join(MIGRATIONS_DIR, name), path.join(before, name))
}
const [old, current] = [await open(before), await open(MIGRATIONS_DIR)]
const times = { old: [] as number[], current: [] as number[] }
for (let warm = 0; warm < 100; warm += 1) await Promise.all([insert(old), insert(current)])
for (let round = 0; round < rounds; round += 1) {
  // Alternate which goes first, so neither always follows the other's garbage collection.
  if (round % 2 === 0) {
    times.old.push(await insert(old))
    times.current.push(await insert(current))
  } else {
    times.current.push(await insert(current))
    times.old.push(await insert(old))
  }
}
const line = (label: string, samples: number[]) =>
  `${label.padEnd(34)} p50 ${median(samples).toFixed(2).padStart(6)} ms   p99 ${percentile(samples, 99).toFixed(2).padStart(6)} ms`
console.log(
  `${rounds} inserts into each, 20 000 leads stored, load average ${loadavg()[0]?.toFixed(1)}`,
)
console.log(line('migrations up to 1.0.0', times.old))
console.log(line('with the reply promise', times.current))
console.log(
  `ratio p50 ${(median(times.current) / median(times.old)).toFixed(2)}×, p99 ${(percentile(times.current, 99) / percentile(times.old, 99)).toFixed(2)}×`,
)
await Promise.all([old.close(), current.close()])
await rm(before, { recursive: true, force: true })
