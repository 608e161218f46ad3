import { hostname } from 'node:os'
import pg from 'pg'
import { describeConnectionFailure } from '../db/postgres.ts'
import type { Logger } from '../log.ts'

/**
 * A restore and the site's servers on one PostgreSQL database keep out of each other's way
 * (decision 056). 1.1.0's `restore --replace` ran under live servers: it printed "Restored"
 * while the next lead went to the backup's webhook receivers, and rows written since vanished.
 *
 * Each server holds, for as long as it runs, a session-level SHARED advisory lock on a
 * connection of its own, named in `application_name` (`site-server <host> pid <pid>`); it takes
 * it before it migrates or writes anything. A restore takes the same lock EXCLUSIVELY on its
 * own connection (`site-restore …`) and holds it to its end: it is refused while any server
 * holds it, naming each, and a server starting meanwhile waits for the restore to end. Advisory
 * locks belong to one database, so servers of other databases on the same PostgreSQL do not
 * count. With --replace, every other session on the database is refused too (as PostgreSQL
 * refuses DROP DATABASE under other sessions): a server of an older version, which holds no
 * lock, or someone's psql.
 */
const LOCK_KEY = 7242056

export const SERVER_APPLICATION = 'site-server'
export const RESTORE_APPLICATION = 'site-restore'

/** `site-server web1 pid 4242`: what pg_stat_activity shows, 63 bytes at most. */
export const applicationName = (role: string) =>
  `${role} ${hostname()} pid ${process.pid}`.slice(0, 63)

/** DATABASE_URL with this process's application_name, unless the operator set one. */
export const withApplicationName = (url: string, name: string) => {
  const named = new URL(url)
  if (!named.searchParams.has('application_name')) {
    named.searchParams.set('application_name', name)
  }
  return named.toString()
}

interface Session {
  pid: number
  application_name: string | null
  usename: string | null
  client: string | null
  backend_start: Date | null
}

const describeSession = (session: Session) => {
  const facts = [
    session.usename ? `user ${session.usename}` : '',
    session.client ? `from ${session.client}` : '',
    session.backend_start ? `connected at ${session.backend_start.toISOString()}` : '',
  ].filter(Boolean)
  const name = session.application_name ? ` "${session.application_name}"` : ''
  return `PID ${session.pid}${name}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`
}

const SESSION_COLUMNS = `a.pid, nullif(a.application_name, '') as application_name, a.usename,
  host(a.client_addr) as client, a.backend_start`

/** The sessions holding the lock (in `mode`), but this one. */
const lockHolders = async (client: pg.Client, mode: 'ShareLock' | 'ExclusiveLock') => {
  const { rows } = await client.query<Session>(
    `select ${SESSION_COLUMNS}
       from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.mode = $2
        and l.database = (select oid from pg_database where datname = current_database())
        and l.classid = 0 and l.objid = $1 and l.objsubid = 1
        and l.pid <> pg_backend_pid()
      order by a.backend_start`,
    [LOCK_KEY, mode],
  )
  return rows
}

const connect = async (url: string, name: string) => {
  const client = new pg.Client({
    connectionString: url,
    application_name: name,
    connectionTimeoutMillis: 5_000,
  })
  // A connection lost later is reported by the 'end' event; an unhandled 'error' would crash.
  client.on('error', () => {})
  try {
    await client.connect()
  } catch (error) {
    await client.end().catch(() => {})
    throw new Error(describeConnectionFailure(url, error), { cause: error })
  }
  return client
}

export interface ServerPresence {
  /** Lets a restore in: the server has stopped using the database. */
  release(): Promise<void>
}

/**
 * This server's shared hold on its database, taken before it migrates or writes anything:
 * while a restore holds the database, it waits (and says so) until the restore has ended. A
 * lost connection (the database restarted) is made again and the hold taken again.
 */
export const holdServerPresence = async (url: string, log: Logger): Promise<ServerPresence> => {
  const name = applicationName(SERVER_APPLICATION)
  let released = false
  let retry: NodeJS.Timeout | undefined
  let delayMs = 1_000

  const hold = async (): Promise<pg.Client> => {
    const client = await connect(url, name)
    try {
      const { rows } = await client.query<{ held: boolean }>(
        'select pg_try_advisory_lock_shared($1) as held',
        [LOCK_KEY],
      )
      if (!rows[0]?.held) {
        const restores = await lockHolders(client, 'ExclusiveLock')
        log.info('database_restore_waiting', {
          message: `A restore is running on this database (${restores.map(describeSession).join('; ') || 'a session this user may not see'}): this server starts when it has finished.`,
        })
        await client.query('select pg_advisory_lock_shared($1)', [LOCK_KEY])
        log.info('database_restore_ended')
      }
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    client.once('end', () => lost())
    return client
  }

  const lost = () => {
    if (released) return
    log.info('restore_guard_lost', {
      message: 'The connection that keeps restores out of this database closed: making it again.',
    })
    const again = () => {
      retry = setTimeout(() => {
        hold().then(
          (client) => {
            current = client
            delayMs = 1_000
            if (released) void client.end().catch(() => {})
            else log.info('restore_guard_back')
          },
          () => {
            delayMs = Math.min(delayMs * 2, 30_000)
            if (!released) again()
          },
        )
      }, delayMs)
      retry.unref()
    }
    again()
  }

  let current = await hold()
  return {
    async release() {
      released = true
      clearTimeout(retry)
      await current.end().catch(() => {})
    },
  }
}

/** A restore refused because the database is in use: nothing was changed. */
export class DatabaseInUseError extends Error {}

export interface RestoreClaim {
  /** The URL the restore's own connections use: named as the restore, so not counted. */
  url: string
  release(): Promise<void>
}

const STOP_SERVERS =
  "Stop them first (under systemd: systemctl stop 'site@*' on each machine the names say; or Ctrl-C where npm start runs), then run the restore again."

/** How long sessions that are closing (a psql just quit) are given to go before they count. */
const CLOSING_SESSIONS_MS = 5_000

/**
 * The database for this restore alone, until release(): refused while a server of the site
 * holds it, and with `replace`, while any other session is connected to it. A server that
 * starts meanwhile waits.
 */
export const claimDatabaseForRestore = async (
  url: string,
  { replace }: { replace: boolean },
): Promise<RestoreClaim> => {
  const name = applicationName(RESTORE_APPLICATION)
  const client = await connect(url, name)
  try {
    const { rows } = await client.query<{ held: boolean }>(
      'select pg_try_advisory_lock($1) as held',
      [LOCK_KEY],
    )
    if (!rows[0]?.held) {
      const servers = await lockHolders(client, 'ShareLock')
      const others = await lockHolders(client, 'ExclusiveLock')
      throw new DatabaseInUseError(
        others.length > 0 && servers.length === 0
          ? `Another restore is running on this database: ${others.map(describeSession).join('; ')}. Wait for it to end.`
          : `${servers.length} server(s) of the site are using this database: ${servers.map(describeSession).join('; ')}. ${STOP_SERVERS}`,
      )
    }
    if (replace) {
      const deadline = Date.now() + CLOSING_SESSIONS_MS
      for (;;) {
        const { rows: sessions } = await client.query<Session>(
          `select ${SESSION_COLUMNS} from pg_stat_activity a
            where a.datname = current_database() and a.pid <> pg_backend_pid()
              and coalesce(a.backend_type, 'client backend') = 'client backend'
              and a.usesysid is not null
              and a.application_name is distinct from $1
            order by a.backend_start`,
          [name],
        )
        if (sessions.length === 0) break
        if (Date.now() > deadline) {
          throw new DatabaseInUseError(
            `Other sessions are connected to this database, and --replace would drop the site's schemas under them: ${sessions.map(describeSession).join('; ')}. ${STOP_SERVERS} Close any other session (psql, a database tool) too.`,
          )
        }
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }
  } catch (error) {
    await client.end().catch(() => {})
    throw error
  }
  return {
    url: withApplicationName(url, name),
    release: () => client.end().catch(() => {}),
  }
}
