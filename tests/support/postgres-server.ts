import { execFile } from 'node:child_process'
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface PostgresServer {
  url: string
  stop(): Promise<void>
}

const findPostgresBin = async (): Promise<string> => {
  const versions = await readdir('/usr/lib/postgresql').catch(() => [] as string[])
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0]
  if (!newest) {
    throw new Error(
      'No PostgreSQL server binaries found under /usr/lib/postgresql/*/bin. Install them with: apt-get install postgresql',
    )
  }
  return path.join('/usr/lib/postgresql', newest, 'bin')
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })

/**
 * A throwaway PostgreSQL server on a temporary folder and a free loopback port. PostgreSQL
 * refuses to run as root, so as root it runs as the `postgres` system user.
 */
export const startPostgresServer = async (): Promise<PostgresServer> => {
  const bin = await findPostgresBin()
  const dir = await mkdtemp(path.join(tmpdir(), 'pg-test-'))
  const dataDir = path.join(dir, 'data')
  const asRoot = userInfo().uid === 0
  const exec = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args)
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: gid } = await run('id', ['-g', 'postgres'])
    await chown(dir, Number(stdout.trim()), Number(gid.trim()))
  }
  await exec('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-locale',
    '--no-sync',
  ])
  const port = await freePort()
  await exec('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-t',
    '30',
    '-o',
    `-k ${dir} -p ${port} -h 127.0.0.1 -c fsync=off`,
    'start',
  ])
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await exec('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {})
      await rm(dir, { recursive: true, force: true })
    },
  }
}
