// First: on a Node.js too old for the rest, stop here with a message that says so.
import './require-supported-node.ts'
import { existsSync } from 'node:fs'
import { buildKeyProblem, readBuildInfo } from './build-key.ts'
import { exampleProjectsProblem, exampleProjectsWarning } from './example-projects.ts'
import { keepServingOnUnhandledRejection } from './keep-serving.ts'
import { createJsonLogger } from './log.ts'
import { leadDeskStartupLine } from './desk/startup-line.ts'
import { DEV_ANON_KEY, readSettings } from './settings.ts'
import { startServer } from './start-server.ts'
import { startupLines } from './startup-lines.ts'

// The built server's entry (dist-server/server.js): the environment is read here and only here.
const main = async () => {
  // Settings may live in a .env file (see .env.example); real environment variables win.
  if (existsSync('.env')) process.loadEnvFile('.env')
  const result = readSettings(process.env)
  // The site this server would publish: the demo's example projects are refused like its facts.
  const examples = readBuildInfo()?.exampleProjects ?? []
  const examplesProblem = exampleProjectsProblem(process.env, examples)
  if (!result.ok || examplesProblem) {
    const problems = [
      ...(result.ok ? [] : result.problems),
      ...(examplesProblem ? [examplesProblem] : []),
    ]
    console.error(`Cannot start: fix these settings.\n- ${problems.join('\n- ')}`)
    process.exit(1)
  }
  const { settings } = result
  // Never serve pages that carry a key this server refuses.
  const keyProblem = settings.distDir
    ? buildKeyProblem(readBuildInfo(), {
        key: settings.anonKey,
        fromEnvironment: settings.anonKey !== DEV_ANON_KEY,
      })
    : undefined
  if (keyProblem) {
    console.error(keyProblem)
    process.exit(1)
  }
  const log = createJsonLogger()
  keepServingOnUnhandledRejection(log)
  const server = await startServer(settings, log)
  const { info, warnings } = startupLines(settings, server.url)
  for (const line of info) console.log(line)
  for (const line of warnings) console.error(line)
  const examplesWarning = exampleProjectsWarning(examples)
  if (examplesWarning) console.error(`Warning: ${examplesWarning}`)
  console.log(leadDeskStartupLine(settings, settings.siteUrl ?? server.url))

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
