import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { appendFile, chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './free-port.ts'
import { LOG_LINE_PREFIX, refuseDeadlocks } from './postgres-deadlocks.ts'

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
  /** Its log: what it refused, and why (postgres-deadlocks.ts reads it). */
  logFile: string
  /**
   * Stops it and removes its folder; then throws if PostgreSQL broke a deadlock meanwhile
   * (postgres-deadlocks.ts), so the file that caused it fails, saying which statements.
   */
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
 * Where a test run keeps one freshly made cluster (initdb's output) for every server it starts
 * to copy: initdb took 2.5–6 s per server on this machine, a copy a fifth of a second. Set by
 * the integration tests' global setup (shared-postgres.ts); unset, each server runs initdb.
 */
export const INITDB_TEMPLATE_ENV = 'PG_TEST_INITDB_TEMPLATE'

/**
 * Where each server's folder is made; unset, the system's temporary folder. `npm test` names a
 * folder of its own here, and stops whatever server is still running in it when the run ends,
 * however it ends (scripts/stop-postgres-servers.sh).
 */
const SERVERS_DIR_ENV = 'TEST_POSTGRES_DIR'
const serversDir = () => process.env[SERVERS_DIR_ENV] || tmpdir()

/** Runs a tool as the user PostgreSQL runs as: `postgres` when we are root, else ourselves. */
const runAs = async () => {
  if (userInfo().uid !== 0) {
    return { owner: undefined, exec: (file: string, args: string[]) => run(file, args) }
  }
  const { stdout: uid } = await run('id', ['-u', 'postgres'])
  const { stdout: gid } = await run('id', ['-g', 'postgres'])
  return {
    owner: { uid: Number(uid.trim()), gid: Number(gid.trim()) },
    exec: (file: string, args: string[]) => run('runuser', ['-u', 'postgres', '--', file, ...args]),
  }
}

/** A new cluster in `<dir>/data`, owned by whoever runs the server. */
const initCluster = async (bin: string, dir: string): Promise<string> => {
  const { owner, exec } = await runAs()
  if (owner) await chown(dir, owner.uid, owner.gid)
  const dataDir = path.join(dir, 'data')
  await exec(path.join(bin, 'initdb'), [
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
  await appendFile(
    path.join(dataDir, 'postgresql.conf'),
    `log_line_prefix = '${LOG_LINE_PREFIX}'\n`,
  )
  return dataDir
}

/** Makes the run's cluster to copy (INITDB_TEMPLATE_ENV); the caller removes its folder. */
export const makeInitdbTemplate = async (): Promise<string> => {
  const dir = await mkdtemp(path.join(serversDir(), 'pg-template-'))
  await initCluster(await findPostgresBin(), dir)
  return dir
}

/**
 * Stops the server on `dir` and removes the folder once this process is gone without having
 * done so: pg_ctl starts PostgreSQL outside the test's process group, so a test file run by
 * hand and stopped (Ctrl-C, a kill) would leave its server running. A shell of a few kilobytes
 * that looks every two seconds, and leaves as soon as the folder has gone. SIGQUIT is
 * PostgreSQL's immediate shutdown: the data is thrown away with the folder.
 */
const WATCHDOG = `
while kill -0 "$1" 2>/dev/null; do
  [ -d "$2" ] || exit 0
  sleep 2
done
pid=$(head -n 1 "$2/data/postmaster.pid" 2>/dev/null)
case "$pid" in
  ''|*[!0-9]*) ;;
  *) kill -QUIT "$pid" 2>/dev/null
     while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done ;;
esac
rm -rf "$2"
`
const watchOver = (dir: string) =>
  spawn('sh', ['-c', WATCHDOG, 'postgres-watchdog', String(process.pid), dir], {
    detached: true,
    stdio: 'ignore',
  }).unref()

/**
 * A throwaway PostgreSQL server on a temporary folder and a free loopback port. PostgreSQL
 * refuses to run as root, so as root it runs as the `postgres` system user. If this process
 * ends without stopping it, a watchdog does (watchOver).
 */
export const startPostgresServer = async ({
  pgCron = false,
}: PostgresServerOptions = {}): Promise<PostgresServer> => {
  const bin = await findPostgresBin()
  const dir = await mkdtemp(path.join(serversDir(), 'pg-test-'))
  const dataDir = path.join(dir, 'data')
  const { owner, exec: execAs } = await runAs()
  const exec = (tool: string, args: string[]) => execAs(path.join(bin, tool), args)
  const template = process.env[INITDB_TEMPLATE_ENV]
  if (template && existsSync(path.join(template, 'data', 'PG_VERSION'))) {
    if (owner) await chown(dir, owner.uid, owner.gid)
    // Copied as the server's user, so its files stay its own and the folder keeps its 0700.
    await execAs('cp', ['-a', path.join(template, 'data'), dataDir])
  } else {
    await initCluster(bin, dir)
  }
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
  watchOver(dir)
  const logFile = path.join(dir, 'log')
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    halt,
    async resume() {
      await start()
    },
    logFile,
    async stop() {
      await halt()
      const log = await readFile(logFile, 'utf8').catch(() => '')
      await rm(dir, { recursive: true, force: true })
      refuseDeadlocks(log, 'its PostgreSQL server')
    },
  }
}
