import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { createClientAddress } from './client-address.ts'
import type { Database } from './db/database.ts'
import { acquireDataDirLock, type DataDirLock } from './db/lock.ts'
import { applyMigrations } from './db/migrate.ts'
import { openPgliteDatabase } from './db/pglite.ts'
import { openPostgresDatabase } from './db/postgres.ts'
import { ensureSupabaseRoles } from './db/supabase-roles.ts'
import { DEV_ANON_KEY } from './dev-anon-key.ts'
import { DEFAULT_CONTACT_TO } from './env.ts'
import { silentLogger, type Logger } from './log.ts'
import type { SendEmail } from './mail/mailer.ts'
import { createOutboxMailer } from './mail/outbox-mailer.ts'
import { createSmtpMailer } from './mail/smtp-mailer.ts'
import { startRetryLoop } from './notify/retry-notifications.ts'
import { loadStaticSite, type StaticSite } from './static-site.ts'
import { warmUp } from './warm-up.ts'

export interface StartServerOptions {
  port?: number
  host?: string
  dataDir?: string
  databaseUrl?: string
  smtpUrl?: string
  contactTo?: string
  anonKey?: string
  /** The built site (dist/); omit to serve only the API. */
  distDir?: string
  log?: Logger
  /** A reverse proxy in front appends the visitor's address to X-Forwarded-For. */
  trustProxy?: boolean
  /** How often unsent notifications are retried; false turns the retry off. */
  retryIntervalMs?: number | false
  /**
   * Runs a few hundred refused inserts before listening (up to ~1.5 s), so the first visitors
   * do not wait for cold code; false skips it (tests that start many servers).
   */
  warmUp?: boolean
}

export interface RunningServer {
  url: string
  /** Superuser access to the same database, e.g. for tests to read rows. */
  db: Database
  /** Stops accepting, lets requests in flight finish, closes the database, frees the folder. */
  stop(): Promise<void>
}

const openDatabase = async (
  options: StartServerOptions,
  dataDir: string,
): Promise<{ db: Database; lock?: DataDirLock }> => {
  if (options.databaseUrl) return { db: await openPostgresDatabase(options.databaseUrl) }
  const lock = await acquireDataDirLock(dataDir)
  try {
    return { db: await openPgliteDatabase(path.join(dataDir, 'pglite')), lock }
  } catch (error) {
    await lock.release()
    throw error
  }
}

export const startServer = async (options: StartServerOptions = {}): Promise<RunningServer> => {
  const log = options.log ?? silentLogger
  const dataDir = path.resolve(options.dataDir ?? '.data')
  const contactTo = options.contactTo ?? DEFAULT_CONTACT_TO
  const site: StaticSite = options.distDir ? await loadStaticSite(options.distDir) : new Map()
  const { db, lock } = await openDatabase(options, dataDir)
  try {
    await ensureSupabaseRoles(db)
    const applied = await applyMigrations(db)
    if (applied.length > 0) log.info('migrations_applied', { names: applied.join(', ') })
  } catch (error) {
    await db.close()
    await lock?.release()
    throw error
  }

  const sendEmail: SendEmail = options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, contactTo, log)
    : createOutboxMailer(path.join(dataDir, 'outbox'), contactTo, log)
  const deps = {
    db,
    anonKey: options.anonKey ?? DEV_ANON_KEY,
    sendEmail,
    site,
    log,
    clientAddress: createClientAddress(options.trustProxy ?? false),
  }
  const app = createApp(deps)
  if (options.warmUp !== false) {
    // Only a speed-up: whatever happens in it, the server still starts.
    const warmed = await warmUp(deps).catch((error: unknown) => ({
      requests: 0,
      ms: 0,
      status: 0,
      message: error instanceof Error ? error.message : String(error),
    }))
    if (warmed.status === 400) log.info('warmed_up', { requests: warmed.requests, ms: warmed.ms })
    else log.error('warm_up_stopped', { ...warmed })
  }
  const retry =
    options.retryIntervalMs === false
      ? undefined
      : startRetryLoop(
          (sql, params) => db.query(sql, params),
          sendEmail,
          log,
          options.retryIntervalMs,
        )

  const host = options.host ?? '127.0.0.1'
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const created = serve({ fetch: app.fetch, hostname: host, port: options.port ?? 8080 }, () =>
      resolve(created),
    )
    created.once('error', reject)
  })
  const { port } = server.address() as AddressInfo
  const shownHost = host.includes(':') ? `[${host}]` : host

  let stopping: Promise<void> | undefined
  return {
    url: `http://${shownHost}:${port}`,
    db,
    stop() {
      stopping ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          // Idle keep-alive sockets would hold close() open; busy ones finish their request.
          if ('closeIdleConnections' in server) server.closeIdleConnections()
        })
        await retry?.stop()
        await db.close()
        await lock?.release()
      })()
      return stopping
    },
  }
}
