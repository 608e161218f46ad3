import type { TestProject } from 'vitest/node'
import { startPostgresServer } from './postgres-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared PostgreSQL server, for tests/support/postgres-database.ts. */
    sharedPostgresUrl: string
  }
}

/**
 * The integration project's global setup: one PostgreSQL server for the run, on which each
 * file that only needs a database of its own makes one (createPostgresDatabase). initdb and a
 * start took 2.5–6 s per file on this machine; a new database takes a fraction of a second.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgresServer()
  project.provide('sharedPostgresUrl', server.url)
  return () => server.stop()
}
