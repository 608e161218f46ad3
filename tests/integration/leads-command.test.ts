/**
 * `npm run leads` as a deployment runs it: the bundle esbuild makes for dist-server/ (plain
 * JavaScript, packages left to node_modules), run by Node in its own process, against a
 * running server, a real PostgreSQL (DATABASE_URL) and a PGlite folder no server holds.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleForNode } from '../../scripts/bundle-for-node.js'
import { ROOT_DIR } from '../../server/paths.ts'
import { parsePasswordHash, verifyPassword } from '../../server/desk/sign-in/password-hash.ts'
import { startServer, type RunningServer } from '../../server/start-server.ts'
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database.ts'
import { seedLeads } from '../support/seed-leads.ts'
import { testSettings } from '../support/test-app.ts'

const PASSWORD = 'correto cavalo bateria grampo'
// Inside the project, so the bundle finds node_modules and the migrations as dist-server/ does.
// One folder per run: checkouts that share an installed node_modules may run this file at once.
const BUILD_DIR = path.join(ROOT_DIR, 'node_modules', '.cache', `leads-command-test-${process.pid}`)
const COMMAND = path.join(BUILD_DIR, 'leads.js')

interface Run {
  code: number | null
  stdout: Buffer
  stderr: string
}

const runLeads = (args: string[], env: Record<string, string>, input?: string) =>
  new Promise<Run>((resolve, reject) => {
    const child = spawn(process.execPath, [COMMAND, ...args], {
      // A folder without a .env, and only what the test gives (plus PATH for Node itself).
      cwd: tmpdir(),
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const stdout: Buffer[] = []
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout: Buffer.concat(stdout), stderr }))
    child.stdin.end(input ?? '')
  })

const leadNames = (json: Buffer) =>
  (JSON.parse(json.toString('utf8')) as { name: string }[]).map((lead) => lead.name).sort()

beforeAll(async () => {
  await bundleForNode('server/leads-command.ts', COMMAND, ROOT_DIR)
}, 60_000)
afterAll(async () => {
  await rm(BUILD_DIR, { recursive: true, force: true })
})

describe('the built command', () => {
  it('imports nothing but Node built-ins and production dependencies', async () => {
    const pkg = JSON.parse(await readFile(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    const code = await readFile(COMMAND, 'utf8')
    // Import statements and dynamic imports only: the settings' help text has a line ending in
    // "from" before a string, which is not an import.
    const specifiers = [
      ...code.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*"([^"./][^"]*)"/gm),
      ...code.matchAll(/^\s*import\s*"([^"./][^"]*)"/gm),
      ...code.matchAll(/\bimport\(\s*"([^"./][^"]*)"\s*\)/g),
    ].map((match) => match[1] ?? '')
    const packages = new Set(
      specifiers
        .filter((name) => !name.startsWith('node:') && !builtinModules.includes(name))
        .map((name) =>
          name
            .split('/')
            .slice(0, name.startsWith('@') ? 2 : 1)
            .join('/'),
        ),
    )
    expect(packages.size).toBeGreaterThan(0)
    for (const name of packages) expect([name, name in pkg.dependencies]).toEqual([name, true])
  })

  it('prints a hash for a strong password read from standard input, and refuses a weak one', async () => {
    const made = await runLeads(['hash-password'], {}, `${PASSWORD}\n`)
    expect(made.code).toBe(0)
    const parsed = parsePasswordHash(made.stdout.toString().trim())
    if ('problem' in parsed) throw new Error(parsed.problem)
    expect(await verifyPassword(PASSWORD, parsed)).toBe(true)
    const weak = await runLeads(['hash-password'], {}, 'senha123\n')
    expect(weak.code).toBe(1)
    expect(weak.stderr).toContain('at least 12 characters')
    const usage = await runLeads(['export'], {})
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain('export needs --format csv or --format json')
  })
})

describe('with the embedded database (PGlite)', () => {
  let dataDir: string
  let server: RunningServer | undefined

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'leads-command-'))
    server = await startServer(
      testSettings({ PORT: '0', DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD }),
    )
    await seedLeads(server.db, [
      {
        name: 'Conceição Antiga',
        email: 'antiga@example.com',
        message: 'Olá',
        createdAt: new Date('2026-01-10T15:00:00Z'),
      },
      {
        name: 'Íris Nova',
        email: 'iris@example.com',
        message: 'Orçamento, por favor',
        createdAt: new Date('2026-02-10T15:00:00Z'),
      },
      {
        name: 'Íris de novo',
        email: 'IRIS@example.com',
        message: 'Oi de novo',
        createdAt: new Date('2026-02-11T15:00:00Z'),
      },
    ])
  })
  afterAll(async () => {
    await server?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('exports through the running server, signed in, and erases by e-mail there', async () => {
    const { port } = new URL(server?.url ?? '')
    // HOST and PORT as the server's own settings would say: found without --server.
    const env = { DATA_DIR: dataDir, PORT: port, ADMIN_PASSWORD: PASSWORD }
    const csv = await runLeads(['export', '--format', 'csv', '--since', '2026-02-01'], env)
    expect(csv.stderr).toContain(`Using the server at http://127.0.0.1:${port}.`)
    expect(csv.code).toBe(0)
    expect([...csv.stdout.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = csv.stdout.subarray(3).toString('utf8').trimEnd().split('\r\n')
    expect(rows).toHaveLength(3)
    expect(rows[1]).toMatch(
      /^11\/02\/2026 12:00;Íris de novo;IRIS@example\.com;;Oi de novo;novo;enviado;;;;;;;;;$/,
    )

    const erased = await runLeads(['erase', 'iris@example.com'], env)
    expect(erased.code).toBe(0)
    expect(erased.stderr).toContain('Erased 2 lead(s)')
    const left = await server?.db.query<{ name: string }>('select name from contact_submissions')
    expect(left?.rows.map((row) => row.name)).toEqual(['Conceição Antiga'])
    const audit = await server?.db.query(
      'select action, leads, via from private.lead_audit order by id',
    )
    expect(audit?.rows).toEqual([
      { action: 'export', leads: 2, via: 'comando' },
      { action: 'erase', leads: 2, via: 'comando' },
    ])
    // The command signed out: no session is left behind.
    const sessions = await server?.db.query('select 1 from private.desk_sessions')
    expect(sessions?.rows).toEqual([])

    const wrong = await runLeads(['export', '--format', 'json'], {
      ...env,
      ADMIN_PASSWORD: 'outra senha bem comprida',
    })
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toContain('refused the password')
  })

  it('finds the server running on DATA_DIR when its own PORT names another, as npm run backup does', async () => {
    const { port } = new URL(server?.url ?? '')
    const env = { DATA_DIR: dataDir, PORT: '1', ADMIN_PASSWORD: PASSWORD }
    const found = await runLeads(['export', '--format', 'json'], env)
    expect(found.stderr).toMatch(new RegExp(`Using the server at http://[^ ]+:${port}\\.`))
    expect(found.code).toBe(0)
    expect(found.stderr).not.toContain('directly')
  })

  it('will not open the folder while the server holds it, and opens it once it has stopped', async () => {
    const env = { DATA_DIR: dataDir, PORT: '1' }
    const refused = await runLeads(['export', '--format', 'json', '--direct'], env)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('is in use by another process')
    await server?.stop()
    server = undefined
    const direct = await runLeads(['export', '--format', 'json'], env)
    expect(direct.stderr).toContain('Using the database directly (PGlite')
    expect(direct.code).toBe(0)
    expect(leadNames(direct.stdout)).toEqual(['Conceição Antiga'])
    const erased = await runLeads(['erase', 'ANTIGA@example.com'], env)
    expect(erased.stderr).toContain('Erased 1 lead(s)')
    expect(leadNames((await runLeads(['export', '--format', 'json'], env)).stdout)).toEqual([])
  })
})

describe('with DATABASE_URL', () => {
  let postgres: PostgresDatabase

  beforeAll(async () => {
    postgres = await createPostgresDatabase()
    // The server applies the migrations at start, as in a deployment.
    const server = await startServer(testSettings({ PORT: '0', DATABASE_URL: postgres.url }))
    await seedLeads(server.db, [
      { name: 'Paula Pão', email: 'paula@example.com', message: 'Quero um app' },
      { name: 'Quim', email: 'quim@example.com', message: 'Quero um site' },
    ])
    await server.stop()
  })
  afterAll(async () => {
    await postgres.stop()
  })

  it('exports and erases straight on PostgreSQL, with no server running', async () => {
    const env = { DATABASE_URL: postgres.url }
    const json = await runLeads(['export', '--format', 'json'], env)
    expect(json.stderr).toContain('Using the database directly (DATABASE_URL)')
    expect(leadNames(json.stdout)).toEqual(['Paula Pão', 'Quim'])
    const erased = await runLeads(['erase', 'paula@example.com'], env)
    expect(erased.code).toBe(0)
    expect(leadNames((await runLeads(['export', '--format', 'json'], env)).stdout)).toEqual([
      'Quim',
    ])
  })
})
