import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ROOT_DIR } from '../../server/paths.ts'
import { DEV_ANON_KEY } from '../../server/settings.ts'
import { pgliteTemplateEnv } from './built-server.ts'
import { TEST_BACKUP_KEY } from './test-backups.ts'

export interface CommandRun {
  code: number | null
  stdout: Buffer
  stderr: string
}

/**
 * `npm run backup` / `npm run restore` as a deployment runs them: dist-server/<name>.js (the
 * build's bundle, production dependencies only) in a process of its own, from a folder
 * without a .env, with only the environment given (and the run's PGlite template, which a
 * new folder copies instead of running initdb: docs/decisions/035), and the tests' backup key
 * as BACKUP_KEY unless `env` gives one (`BACKUP_KEY: ''` for none).
 */
export const runBuiltCommand = (
  name: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
  /** Make a new PGlite folder from nothing (initdb), as a deployment does. */
  { withoutTemplate = false } = {},
) => {
  const command = path.join(ROOT_DIR, 'dist-server', `${name}.js`)
  if (!existsSync(command)) {
    throw new Error(`${command} is missing: run \`npm run build\` first (npm test does).`)
  }
  return new Promise<CommandRun>((resolve, reject) => {
    const child = spawn(process.execPath, [command, ...args], {
      cwd: tmpdir(),
      env: {
        PATH: process.env.PATH ?? '',
        ...(withoutTemplate ? {} : pgliteTemplateEnv()),
        BACKUP_KEY: TEST_BACKUP_KEY,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const stdout: Buffer[] = []
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout: Buffer.concat(stdout), stderr }))
  })
}

/**
 * Visitors sending the contact form's insert to a server, one after another in `concurrency`
 * lines, until stopped; stop() says whose message the server acknowledged (201).
 */
export const streamVisitors = (url: string, tag: string, concurrency = 3) => {
  const acknowledged: string[] = []
  let sequence = 0
  let going = true
  const visitor = async () => {
    while (going) {
      sequence += 1
      const email = `${tag}.${sequence}@example.com`
      const response = await fetch(`${url}/rest/v1/contact_submissions`, {
        method: 'POST',
        headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Visitante', email, company: null, message: `Olá ${email}` }),
      }).catch(() => undefined)
      if (response?.status === 201) acknowledged.push(email)
      await response?.arrayBuffer().catch(() => undefined)
    }
  }
  const lines = Array.from({ length: concurrency }, visitor)
  return {
    /** Acknowledged so far (a copy). */
    soFar: () => [...acknowledged],
    async stop() {
      going = false
      await Promise.all(lines)
      return acknowledged
    },
  }
}
