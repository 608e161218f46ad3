/**
 * `npm test` stops, on its way out, every PostgreSQL server its tests left running in the run's
 * folder (scripts/stop-postgres-servers.sh): a lane stopped because another failed never runs
 * its files' teardown, and pg_ctl starts each server outside the lane's process group, so
 * without this a failed run left servers and their folders behind.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'
import { ROOT_DIR } from '../../server/paths.ts'
import { startPostgresServer } from '../support/postgres-server.ts'

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
