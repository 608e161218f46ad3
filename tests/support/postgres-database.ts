import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import pg from 'pg'
import { inject } from 'vitest'
import { refuseDeadlocks } from './postgres-deadlocks.ts'
import { startPostgresServer } from './postgres-server.ts'

export interface PostgresDatabase {
  /** A superuser's URL for this database alone. */
  url: string
  /**
   * Drops the database (and, when it had a server of its own, stops that); then throws if
   * PostgreSQL broke a deadlock in it (postgres-deadlocks.ts).
   */
  stop(): Promise<void>
}

const onShared = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/**
 * A new, empty database of this file's own on the run's shared PostgreSQL server
 * (tests/support/shared-postgres.ts), for tests that only need a database: the roles the
 * migrations make are the server's, so every database sees the same ones. A test that stops
 * or restarts the server, preloads pg_cron, or makes roles or databases of its own starts a
 * server of its own with startPostgresServer. Outside the integration project (no shared
 * server provided) it starts one.
 */
export const createPostgresDatabase = async (): Promise<PostgresDatabase> => {
  const shared = inject('sharedPostgresUrl')
  if (!shared) {
    const server = await startPostgresServer()
    return { url: server.url, stop: () => server.stop() }
  }
  const name = `test_${randomBytes(6).toString('hex')}`
  await onShared(shared, (client) => client.query(`create database ${name}`))
  const url = new URL(shared)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async stop() {
      await onShared(shared, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      )
      const log = await readFile(inject('sharedPostgresLog'), 'utf8').catch(() => '')
      refuseDeadlocks(log, `this file's database (${name})`, name)
    },
  }
}
