import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { createApp } from './app.ts'
import { loadContactPageTemplate } from './contact-page.ts'
import { createClientAddress, createIsHttps } from './proxy-trust.ts'
import type { Database } from './db/database.ts'
import { acquireDataDirLock, type DataDirLock } from './db/lock.ts'
import { setNodeClientAddressHeader } from './db/client-address-source.ts'
import { applyContactLimits } from './db/contact-limits.ts'
import { tightenDataFolder } from './db/data-folder.ts'
import { applyBookingSettings } from './booking/apply-booking-settings.ts'
import { startBackups } from './backup/start-backups.ts'
import {
  applicationName,
  holdServerPresence,
  SERVER_APPLICATION,
  withApplicationName,
  type ServerPresence,
} from './backup/restore-guard.ts'
import { bookingFacts } from './booking/booking-facts.ts'
import { reportBusyCalendarOff, startBusyCalendarRefresh } from './booking/busy-calendar-refresh.ts'
import { checkDatabasePrivileges } from './db/database-privileges.ts'
import { applyMigrations } from './db/migrate.ts'
import { createCallBudget } from './rate-limit/call-budget.ts'
import { startCallTally } from './rate-limit/call-tally.ts'
import { createReadCache } from './db/read-cache.ts'
import { openPgliteDatabase } from './db/pglite.ts'
import { openPostgresDatabase } from './db/postgres.ts'
import { ensureSupabaseRoles } from './db/supabase-roles.ts'
import { startLeadDesk } from './desk/start-lead-desk.ts'
import { createHttpServer } from './http/http-server.ts'
import { silentLogger, type Logger } from './log.ts'
import { SITE_COMPRESSED_DIR } from './paths.ts'
import { startMailSweep } from './mail/mail-sweep.ts'
import { releaseMailHeldWhileOff } from './mail/mail-off.ts'
import { openMailer } from './mail/open-mailer.ts'
import type { Settings } from './settings.ts'
import { loadStaticSite, type StaticSite } from './static-site.ts'
import { warmUp } from './warm-up.ts'
import { applyWebhookSettings } from './webhooks/apply-webhook-settings.ts'
import { startWebhookSweep } from './webhooks/webhook-sweep.ts'
import { applyReplySettings } from './watch/reply-settings.ts'
import { startPipelineWatch } from './watch/pipeline-watch.ts'
import { company } from '#shared/company/company.ts'

export interface RunningServer {
  url: string
  /** Superuser access to the same database, e.g. for tests to read rows. */
  db: Database
  /** Stops accepting, lets requests in flight finish, closes the database, frees the folder. */
  stop(): Promise<void>
}

/** An earlier version left DATA_DIR readable by every local user: close it, and say so. */
const closeDataFolder = async (dataDir: string, log: Logger) => {
  const { tightened, refused } = await tightenDataFolder(dataDir)
  for (const { path: folder, was, files } of tightened) {
    log.info('data_folder_tightened', { path: folder, was, now: files ? '600' : '700', files })
  }
  for (const { path: folder, was, reason } of refused) {
    log.error('data_folder_open_to_others', { path: folder, mode: was, reason })
  }
}

const openDatabase = async (
  settings: Settings,
  log: Logger,
): Promise<{ db: Database; lock?: DataDirLock; presence?: ServerPresence }> => {
  if (settings.databaseUrl) {
    // Named, so a restore can say which servers to stop; held, so none runs under one.
    const url = withApplicationName(settings.databaseUrl, applicationName(SERVER_APPLICATION))
    const db = await openPostgresDatabase(url, log)
    try {
      return { db, presence: await holdServerPresence(settings.databaseUrl, log) }
    } catch (error) {
      await db.close()
      throw error
    }
  }
  const lock = await acquireDataDirLock(settings.dataDir, {
    log,
    onWait: (message) => log.info('data_folder_waiting', { message }),
    onLost: (reason) => {
      // Another process owns the folder now: closing PGlite would write into it. Stop here.
      log.error('data_folder_lost', { reason })
      process.exit(1)
    },
  })
  try {
    return { db: await openPgliteDatabase(path.join(settings.dataDir, 'pglite')), lock }
  } catch (error) {
    await lock.release()
    throw error
  }
}

/** Opens the database and the mailer, applies the migrations, then listens. */
export const startServer = async (
  settings: Settings,
  log: Logger = silentLogger,
): Promise<RunningServer> => {
  const site: StaticSite = settings.distDir
    ? await loadStaticSite(settings.distDir, SITE_COMPRESSED_DIR)
    : new Map()
  await closeDataFolder(settings.dataDir, log)
  const contactPage =
    settings.distDir && settings.contactPageTemplate
      ? await loadContactPageTemplate(settings.contactPageTemplate)
      : undefined
  const { db, lock, presence } = await openDatabase(settings, log)
  try {
    // Before anything is created: a missing privilege is one message saying what to grant.
    if (settings.databaseUrl) await checkDatabasePrivileges(db)
    await ensureSupabaseRoles(db)
    const applied = await applyMigrations(db)
    if (applied.length > 0) log.info('migrations_applied', { names: applied.join(', ') })
    if (settings.mailDelivery === 'smtp') {
      const released = await releaseMailHeldWhileOff(db)
      if (released > 0) log.info('mail_held_while_off_released', { emails: released })
    }
    await applyContactLimits(db, settings.contactLimits)
    await setNodeClientAddressHeader(db)
    await applyBookingSettings(db, bookingFacts(), settings.booking)
    await applyReplySettings(db, settings.reply)
    // Payloads link to the lead in this server's desk, when it has one.
    await applyWebhookSettings(
      db,
      settings.webhooks.receivers,
      settings.desk.password ? (settings.siteUrl ?? company.siteUrl) : undefined,
    )
  } catch (error) {
    await db.close()
    await presence?.release()
    await lock?.release()
    throw error
  }

  const { sendEmail, sendBookingEmail, sendMessage } = openMailer(settings)
  const bookingMail = {
    sendBookingEmail,
    settings: { to: settings.mail.to, from: settings.mail.from, siteUrl: settings.linkSiteUrl },
  }
  const leadDesk = await startLeadDesk(settings, db, log)
  const backups = await startBackups(settings, db, log)
  // Every public call counted per caller, one budget across the servers of one database
  // (decision 040); the first tally reads the limits before anyone calls.
  const callBudget = createCallBudget()
  const callTally = startCallTally(callBudget, (sql, params) => db.query(sql, params), log)
  await callTally.tick()
  const deps = {
    db,
    anonKey: settings.anonKey,
    sendEmail,
    responseDeadlineMs: settings.mail.responseDeadlineMs,
    mailSweepSecret: settings.mailSweepSecret,
    healthToken: settings.healthToken,
    bookingMail,
    site: settings.distDir ? site : undefined,
    contactPage,
    log,
    clientAddress: createClientAddress(settings.trustProxy),
    isHttps: createIsHttps(settings.trustProxy),
    desk: leadDesk.options,
    refusalsPerSecond: settings.refusalsPerSecond,
    backupRoute: backups.route,
    callBudget,
    readCache: createReadCache(),
    blocksChanged: () => callTally.refresh(),
  }
  const app = createApp(deps)
  if (settings.warmUpRequests > 0) {
    // Only a speed-up: whatever happens in it, the server still starts.
    const warmed = await warmUp(deps, { requests: settings.warmUpRequests }).catch(
      (error: unknown) => ({
        requests: 0,
        ms: 0,
        status: 0,
        message: error instanceof Error ? error.message : String(error),
      }),
    )
    if (warmed.status === 400) log.info('warmed_up', { requests: warmed.requests, ms: warmed.ms })
    else log.error('warm_up_stopped', { ...warmed })
  }
  const sweep =
    settings.mailSweepIntervalMs === false
      ? undefined
      : startMailSweep(
          { query: (sql, params) => db.query(sql, params), sendEmail, log },
          settings.mailSweepIntervalMs,
          { query: (sql, params) => db.query(sql, params), log, ...bookingMail },
        )
  const webhookSweep =
    settings.webhookSweepIntervalMs === false
      ? undefined
      : startWebhookSweep(
          {
            query: (sql, params) => db.query(sql, params),
            defaultSecret: settings.webhooks.secret,
            timeoutMs: settings.webhookTimeoutMs,
            log,
          },
          settings.webhookSweepIntervalMs,
        )

  const mailTo = { to: settings.mail.to, from: settings.mail.from }
  const watchQuery = (sql: string, params: unknown[]) => db.query(sql, params)
  const watch =
    settings.pipelineWatchIntervalMs === false
      ? undefined
      : startPipelineWatch(
          {
            alerts: { query: watchQuery, sendMessage, settings: mailTo, log },
            replies: { query: watchQuery, sendMessage, settings: mailTo, log },
            log,
          },
          settings.pipelineWatchIntervalMs,
        )

  const { host } = settings
  const { server, destroyLingering } = createHttpServer(app.fetch, settings.http, host)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(settings.port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  // Once listening, so a server that failed to start leaves no read behind.
  const query = (sql: string, params: unknown[]) => db.query(sql, params)
  const busyCalendar = settings.busyCalendar
    ? startBusyCalendarRefresh(settings.busyCalendar, query, log)
    : await reportBusyCalendarOff(query, log).then(() => undefined)
  const shownHost = host.includes(':') ? `[${host}]` : host
  await backups.listening(port)

  let stopping: Promise<void> | undefined
  return {
    url: `http://${shownHost}:${port}`,
    db,
    stop() {
      stopping ??= (async () => {
        const backupsStopped = backups.stop()
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          // Idle keep-alive sockets would hold close() open; busy ones finish their request.
          server.closeIdleConnections()
          destroyLingering()
        })
        await Promise.all([
          sweep?.stop(),
          webhookSweep?.stop(),
          busyCalendar?.stop(),
          callTally.stop(),
          watch?.stop(),
        ])
        await leadDesk.stop()
        await backupsStopped
        await db.close()
        await presence?.release()
        await lock?.release()
      })()
      return stopping
    },
  }
}
