import type { Hono } from 'hono'
import type { Database } from '../db/database.ts'
import type { Logger } from '../log.ts'
import type { Settings } from '../settings.ts'
import { company } from '#shared/company/company.ts'
import {
  newBackupToken,
  removeBackupAccess,
  writeBackupAccess,
  type BackupAccess,
} from './backup-access.ts'
import { keptOffTheMachine, signingKey } from './backup-key.ts'
import { createBackupRoute } from './backup-route.ts'
import { createBackupService } from './backup-service.ts'
import { startDailyBackup } from './daily-backup.ts'
import { removeLeftoverSnapshots } from './pglite-snapshot.ts'

export interface StartedBackups {
  /** GET /_backup, on a server that holds a PGlite folder. */
  route: Hono | undefined
  /** Once listening: tells `npm run backup` where this server is (backup-access.json). */
  listening(port: number): Promise<void>
  /**
   * Ends a backup in progress, first thing when the server stops: a backup is retried (the
   * daily one an hour later) and must not hold a restart for minutes.
   */
  stop(): Promise<void>
}

/** The address a command on this machine reaches the server at. */
const localUrl = (host: string, port: number) => {
  if (host === '0.0.0.0' || host === '') return `http://127.0.0.1:${port}`
  if (host === '::') return `http://[::1]:${port}`
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
}

/**
 * What start-server needs for backups: the service that makes them, the route `npm run backup`
 * asks when this server holds a PGlite folder, and the daily schedule (BACKUP_KEEP > 0).
 */
export const startBackups = async (
  settings: Settings,
  db: Database,
  log: Logger,
): Promise<StartedBackups> => {
  const pglite = !settings.databaseUrl
  if (pglite) await removeLeftoverSnapshots(settings.dataDir)
  // Made at start rather than at 3 in the morning, so the operator sees the line saying to keep
  // a copy while setting the server up.
  const { key, created } = await signingKey({
    backupKey: settings.backup.key,
    dataDir: settings.dataDir,
  })
  if (created) {
    log.info('backup_key_created', { path: key.from, key: key.id, message: keptOffTheMachine(key) })
  }
  const service = createBackupService({
    db,
    dataDir: settings.dataDir,
    databaseUrl: settings.databaseUrl,
    log,
    key,
  })
  const token = pglite ? newBackupToken() : undefined
  const { backup } = settings
  const daily =
    backup.keep > 0 && backup.checkIntervalMs !== false
      ? startDailyBackup(
          { db, service, settings: backup, timeZone: company.officeHours.timeZone, log },
          backup.checkIntervalMs,
        )
      : undefined
  let access: BackupAccess | undefined
  return {
    route: token ? createBackupRoute(service, token) : undefined,
    async listening(port) {
      if (!token) return
      access = { url: localUrl(settings.host, port), token }
      await writeBackupAccess(settings.dataDir, access)
    },
    async stop() {
      if (access) await removeBackupAccess(settings.dataDir, access)
      const serviceStopped = service.stop()
      await daily?.stop()
      await serviceStopped
    },
  }
}
