import type { TestProject } from 'vitest/node'
import { rm } from 'node:fs/promises'
import { INITDB_TEMPLATE_ENV, makeInitdbTemplate, startPostgresServer } from './postgres-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared PostgreSQL server, for tests/support/postgres-database.ts. */
    sharedPostgresUrl: string
    /** Its log, where each file's database is checked for deadlocks when it is dropped. */
    sharedPostgresLog: string
  }
}

/**
 * The integration project's global setup: one PostgreSQL server for the run, on which each
 * file that only needs a database of its own makes one (createPostgresDatabase). initdb and a
 * start took 2.5–6 s per file on this machine; a new database takes a fraction of a second.
 * Files that need a server of their own (stopped, restarted, with pg_cron) copy the run's one
 * initdb output rather than making their own: the test files' processes inherit its folder.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await makeInitdbTemplate()
  process.env[INITDB_TEMPLATE_ENV] = template
  const server = await startPostgresServer()
  project.provide('sharedPostgresUrl', server.url)
  project.provide('sharedPostgresLog', server.logFile)
  return async () => {
    await server.stop()
    await rm(template, { recursive: true, force: true })
  }
}
