import { existsSync } from 'node:fs'
import { ensureBuild } from './ensure-build.ts'
import { readServerEnv } from './env.ts'
import { createJsonLogger } from './log.ts'
import { DIST_DIR } from './paths.ts'
import { startServer } from './start-server.ts'

const main = async () => {
  // Settings may live in a .env file (see .env.example); real environment variables win.
  if (existsSync('.env')) process.loadEnvFile('.env')
  const result = readServerEnv()
  if (!result.ok) {
    console.error(`Cannot start: fix these settings.\n- ${result.problems.join('\n- ')}`)
    process.exit(1)
  }
  const { env } = result
  await ensureBuild({ anonKey: env.anonKey })
  const server = await startServer({
    port: env.port,
    host: env.host,
    dataDir: env.dataDir,
    databaseUrl: env.databaseUrl,
    smtpUrl: env.smtpUrl,
    contactTo: env.contactTo,
    anonKey: env.anonKey,
    trustProxy: env.trustProxy,
    distDir: DIST_DIR,
    log: createJsonLogger(),
  })
  const store = env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.dataDir}`
  const mail = env.smtpUrl ? 'SMTP' : `.eml files in ${env.dataDir}/outbox`
  console.log(`Site running at ${env.siteUrl ?? server.url} (database: ${store}; mail: ${mail})`)

  const shutdown = (signal: string) => {
    console.log(`${signal} received, finishing requests in flight…`)
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
