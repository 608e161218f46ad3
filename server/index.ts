import { existsSync } from 'node:fs'
import { createJsonLogger } from './log.ts'
import { leadDeskStartupLine } from './desk/startup-line.ts'
import { demoIdentityWarning } from '../supabase/functions/_shared/company-identity.ts'
import { readSettings } from './settings.ts'
import { startServer } from './start-server.ts'

// The built server's entry (dist-server/server.js): the environment is read here and only here.
const main = async () => {
  // Settings may live in a .env file (see .env.example); real environment variables win.
  if (existsSync('.env')) process.loadEnvFile('.env')
  const result = readSettings(process.env)
  if (!result.ok) {
    console.error(`Cannot start: fix these settings.\n- ${result.problems.join('\n- ')}`)
    process.exit(1)
  }
  const { settings } = result
  const server = await startServer(settings, createJsonLogger())
  const store = settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${settings.dataDir}`
  const mail = settings.smtpUrl ? 'SMTP' : `.eml files in ${settings.dataDir}/outbox`
  console.log(
    `Site running at ${settings.siteUrl ?? server.url} (database: ${store}; mail: ${mail})`,
  )
  console.log(leadDeskStartupLine(settings, settings.siteUrl ?? server.url))
  const demoFacts = demoIdentityWarning()
  if (demoFacts) console.warn(`Warning: ${demoFacts}`)

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
