/**
 * A server killed with SIGKILL while visitors are submitting: every submission it answered 201
 * must be in the database afterwards, and the next start must open the data cleanly. Three
 * rounds on the same data, on PGlite and on PostgreSQL, with the built server as deployed.
 * (npm test builds first; alone: `npm run build`.)
 */
import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { openPgliteDatabase } from '../../server/db/pglite.ts'
import { openPostgresDatabase } from '../../server/db/postgres.ts'
import { ROOT_DIR } from '../../server/paths.ts'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'
import { startBuiltServer } from '../support/built-server.ts'

const ROUNDS = 3
const LOAD_MS = 1_500
const CONCURRENCY = 8

interface Store {
  env: Record<string, string>
  /** Opens the data while no server runs (PGlite allows one process at a time). */
  open(): Promise<Database>
  remove(): Promise<void>
}

const pgliteStore = async (): Promise<Store> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crash-pglite-'))
  return {
    env: { DATA_DIR: dataDir },
    open: () => openPgliteDatabase(path.join(dataDir, 'pglite')),
    remove: () => rm(dataDir, { recursive: true, force: true }),
  }
}

let postgres: PostgresDatabase | undefined
const postgresStore = async (): Promise<Store> => {
  postgres = await createPostgresDatabase()
  const url = postgres.url
  return {
    env: { DATABASE_URL: url },
    open: () => openPostgresDatabase(url),
    remove: async () => {},
  }
}

beforeAll(() => {
  if (!existsSync(path.join(ROOT_DIR, 'dist-server', 'server.js'))) {
    throw new Error('dist-server/server.js is missing: run `npm run build` first (npm test does).')
  }
})

afterAll(async () => {
  await postgres?.stop()
})

/** The built server in its own process, so it can be killed like a crashing one. */
const startCrashable = (env: Record<string, string>) =>
  // Every request comes from loopback: lift the shared cap for unknown addresses.
  startBuiltServer({ RATE_LIMIT_UNKNOWN_ADDRESSES: '2000000000', ...env })

/** Visitors submitting until the server dies under them; returns who got a 201. */
const submitUntilKilled = async (url: string, child: ChildProcess, round: string) => {
  const acknowledged: string[] = []
  let sequence = 0
  let alive = true
  const visitor = async () => {
    while (alive) {
      sequence += 1
      const email = `crash.${round}.${sequence}@example.com`
      try {
        const response = await fetch(`${url}/rest/v1/contact_submissions`, {
          method: 'POST',
          headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Ana', email, company: null, message: `Rodada ${round}` }),
        })
        if (response.status === 201) acknowledged.push(email)
      } catch {
        // The connection died with the server: this one was never acknowledged.
      }
    }
  }
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const visitors = Array.from({ length: CONCURRENCY }, visitor)
  await new Promise((resolve) => setTimeout(resolve, LOAD_MS))
  child.kill('SIGKILL')
  await exited
  alive = false
  await Promise.all(visitors)
  return acknowledged
}

describe.each([
  ['PGlite', pgliteStore],
  ['PostgreSQL', postgresStore],
])('kill -9 under load on %s', (name, makeStore) => {
  it(`keeps every acknowledged submission over ${ROUNDS} rounds`, async () => {
    const store = await makeStore()
    const counts: string[] = []
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        const { url, child } = await startCrashable(store.env)
        const acknowledged = await submitUntilKilled(url, child, `${name}-${round}`)
        expect(acknowledged.length, 'some submissions were acknowledged').toBeGreaterThan(0)
        const db = await store.open()
        try {
          const { rows } = await db.query<{ email: string }>(
            'select email from contact_submissions where email = any($1)',
            [acknowledged],
          )
          const stored = new Set(rows.map((row) => row.email))
          const lost = acknowledged.filter((email) => !stored.has(email))
          expect(lost, 'acknowledged but missing after the crash').toEqual([])
          counts.push(`${acknowledged.length}/${acknowledged.length}`)
        } finally {
          await db.close()
        }
      }
      // The data opens once more for a server, after the last crash.
      const { child } = await startCrashable(store.env)
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
      console.info(`${name}: acknowledged/present per round ${counts.join(', ')}`)
    } finally {
      await store.remove()
    }
  }, 180_000)
})
