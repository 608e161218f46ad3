import { execFile, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { acquireDataDirLock } from './lock.ts'

const run = promisify(execFile)
const folders: string[] = []
const tempFolder = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'lock-test-'))
  folders.push(dir)
  return dir
}
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

/** The pid of a process that has already exited. */
const deadPid = () =>
  new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['-e', ''])
    child.once('exit', () => resolve(child.pid ?? 0))
  })

describe('data folder lock', () => {
  it('refuses a second process, naming the folder and the PID that holds it', async () => {
    const dir = await tempFolder()
    const lock = await acquireDataDirLock(dir)
    const script = `import('${path.resolve(import.meta.dirname, 'lock.ts')}').then(m => m.acquireDataDirLock(process.argv[1])).then(() => process.exit(0), e => { console.error(e.message); process.exit(3) })`
    const attempt = run(process.execPath, ['--import', 'tsx', '-e', script, dir])
    const error = await attempt.then(
      () => undefined,
      (failure: { code: number; stderr: string }) => failure,
    )
    expect(error?.code).toBe(3)
    expect(error?.stderr).toContain(dir)
    expect(error?.stderr).toContain(`PID ${process.pid}`)
    await lock.release()
  })

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = await tempFolder()
    const pid = await deadPid()
    const file = path.join(dir, '.lock')
    await writeFile(
      file,
      JSON.stringify({ pid, hostname: hostname(), startedAt: '2020-01-01T00:00:00Z' }),
    )
    const lock = await acquireDataDirLock(dir)
    expect(JSON.parse(await readFile(file, 'utf8')).pid).toBe(process.pid)
    await lock.release()
  })

  it('frees the folder on release, so the next start succeeds', async () => {
    const dir = await tempFolder()
    await (await acquireDataDirLock(dir)).release()
    const again = await acquireDataDirLock(dir)
    await again.release()
  })
})
