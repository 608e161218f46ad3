import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './free-port.ts'

const run = promisify(execFile)

export interface PostgresServer {
  url: string
  /**
   * Stops the server, keeping its data: the database is down. 'immediate' (the default) drops
   * every connection as a crash would; 'fast' is `systemctl stop postgresql`: each session is
   * told (57P01) and the next start needs no recovery.
   */
  halt(mode?: 'immediate' | 'fast'): Promise<void>
  /** Starts it again on the same port with the same data. */
  resume(): Promise<void>
  /** Stops it and removes its folder. */
  stop(): Promise<void>
}

export interface PostgresServerOptions {
  /**
   * Preloads pg_cron (Debian's postgresql-<version>-cron), as Supabase does, so migrations can
   * schedule jobs and the scheduler runs them.
   */
  pgCron?: boolean
}

/**
 * The newest PostgreSQL's binaries under /usr/lib/postgresql (Debian's layout, as
 * scripts/ensure-system-deps.sh finds them): the server the tests start, and its pg_dump.
 */
export const findPostgresBin = async (): Promise<string> => {
  const versions = await readdir('/usr/lib/postgresql').catch(() => [] as string[])
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0]
  if (!newest) {
    throw new Error(
      'No PostgreSQL server binaries found under /usr/lib/postgresql/*/bin. Install them with: apt-get install postgresql',
    )
  }
  return path.join('/usr/lib/postgresql', newest, 'bin')
}

/**
 * A throwaway PostgreSQL server on a temporary folder and a free loopback port. PostgreSQL
 * refuses to run as root, so as root it runs as the `postgres` system user.
 */
export const startPostgresServer = async ({
  pgCron = false,
}: PostgresServerOptions = {}): Promise<PostgresServer> => {
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
  if (pgCron && !existsSync(path.join(bin, '..', 'lib', 'pg_cron.so'))) {
    throw new Error(
      `pg_cron is not installed for ${bin}. Install it with: apt-get install postgresql-${path.basename(path.dirname(bin))}-cron`,
    )
  }
  let port = await freePort()
  const cron = pgCron ? ' -c shared_preload_libraries=pg_cron -c cron.database_name=postgres' : ''
  const start = () =>
    exec('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '30',
      '-o',
      `-k ${dir} -p ${port} -h 127.0.0.1 -c fsync=off${cron}`,
      'start',
    ])
  const halt = async (mode: 'immediate' | 'fast' = 'immediate') => {
    await exec('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']).catch(() => {})
  }
  // Another process on the machine (another test file, another checkout's suite) may take the
  // free port before PostgreSQL binds it.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await start()
      break
    } catch (error) {
      const log = await readFile(path.join(dir, 'log'), 'utf8').catch(() => '')
      if (attempt >= 3 || !/could not bind|already in use/i.test(log)) throw error
      port = await freePort()
    }
  }
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    halt,
    async resume() {
      await start()
    },
    async stop() {
      await halt()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
