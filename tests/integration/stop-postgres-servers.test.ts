/**
 * `npm test` stops, on its way out, every PostgreSQL server its tests left running in the run's
 * folder (scripts/stop-postgres-servers.sh): a lane stopped because another failed never runs
 * its files' teardown, and pg_ctl starts each server outside the lane's process group, so
 * without this a failed run left servers and their folders behind. Outside `npm test` (a file
 * run by hand, then stopped), each server's watchdog stops it once the test process is gone.
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'
import { ROOT_DIR } from '../../server/paths.ts'
import { startPostgresServer } from '../support/postgres-server.ts'
import { waitFor } from '../support/wait.ts'

const run = promisify(execFile)
const STOP_SCRIPT = path.join(ROOT_DIR, 'scripts', 'stop-postgres-servers.sh')

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

let runFolder = ''
afterAll(async () => {
  if (runFolder) await rm(runFolder, { recursive: true, force: true })
})

it('stops a server a stopped run left in its folder, then removes the folder', async () => {
  runFolder = await mkdtemp(path.join(tmpdir(), 'test-postgres-'))
  await chmod(runFolder, 0o755)
  const before = process.env.TEST_POSTGRES_DIR
  process.env.TEST_POSTGRES_DIR = runFolder
  const server = await startPostgresServer().finally(() => {
    if (before === undefined) delete process.env.TEST_POSTGRES_DIR
    else process.env.TEST_POSTGRES_DIR = before
  })
  try {
    const [serverFolder] = await readdir(runFolder)
    const pidFile = path.join(runFolder, serverFolder ?? '', 'data', 'postmaster.pid')
    const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0])
    expect(isRunning(pid), 'the server runs in the run’s folder').toBe(true)

    const { stderr } = await run('bash', [STOP_SCRIPT, runFolder])

    expect(stderr).toContain('Stopped 1 PostgreSQL server(s) the tests left running.')
    expect(isRunning(pid)).toBe(false)
    expect(existsSync(runFolder)).toBe(false)
  } finally {
    await server.stop()
  }
})

it('does nothing, quietly, when every server was stopped and the folder is gone', async () => {
  const { stdout, stderr } = await run('bash', [STOP_SCRIPT, path.join(tmpdir(), 'no-such-run')])
  expect({ stdout, stderr }).toEqual({ stdout: '', stderr: '' })
})

it('stops the server of a test process killed before its teardown, and removes its folder', async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'test-postgres-killed-'))
  await chmod(folder, 0o755)
  try {
    // A test file run by hand and stopped: the process that started the server is killed.
    const starter = path.join(ROOT_DIR, 'tests', 'support', 'postgres-server.ts')
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '--eval',
        // Started, then kept alive until killed, as a test runner waiting on its next test.
        `await (await import(${JSON.stringify(starter)})).startPostgresServer(); console.log('up'); setInterval(() => {}, 1000)`,
      ],
      { cwd: ROOT_DIR, env: { ...process.env, TEST_POSTGRES_DIR: folder }, stdio: 'pipe' },
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    await waitFor(
      'the server to start',
      () => output,
      (text) => text.includes('up'),
      {
        timeoutMs: 60_000,
      },
    )
    const [serverFolder = ''] = await readdir(folder)
    const pidFile = path.join(folder, serverFolder, 'data', 'postmaster.pid')
    const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0])
    expect(isRunning(pid), output).toBe(true)

    expect(child.exitCode, 'the test process still runs').toBeNull()
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited

    await waitFor(
      'the server to stop',
      () => isRunning(pid),
      (running) => !running,
      {
        timeoutMs: 30_000,
      },
    )
    await waitFor(
      'its folder to be removed',
      () => existsSync(path.join(folder, serverFolder)),
      (exists) => !exists,
      { timeoutMs: 10_000 },
    )
  } finally {
    await run('bash', [STOP_SCRIPT, folder])
  }
}, 120_000)
