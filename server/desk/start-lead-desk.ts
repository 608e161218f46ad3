import path from 'node:path'
import type { Database } from '../db/database.ts'
import type { Logger } from '../log.ts'
import { createIsHttps } from '../proxy-trust.ts'
import type { Settings } from '../settings.ts'
import { adoptPassword, preparePassword } from './sign-in/password-check.ts'
import type { LeadDeskOptions } from './http/desk-env.ts'
import { applyRetentionDays, startRetentionPurge } from './leads/retention.ts'
import { startQuarantinePurge } from './quarantine/quarantine-purge.ts'

export interface StartedLeadDesk {
  /** For createApp; undefined while no password is set (the desk does not exist then). */
  options: LeadDeskOptions | undefined
  stop(): Promise<void>
}

/**
 * What start-server needs for the lead desk: the password check (hashing a plain password
 * once) and its fingerprint made the database's, which ends sessions made under another
 * password; the retention setting written to the database and its daily purge; and the daily
 * purge of the quarantine (which runs whatever the retention).
 */
export const startLeadDesk = async (
  settings: Settings,
  db: Database,
  log: Logger,
): Promise<StartedLeadDesk> => {
  const { desk } = settings
  const outboxDir = path.join(settings.dataDir, 'outbox')
  await applyRetentionDays(db, desk.retentionDays)
  const purge =
    desk.retentionDays === undefined || desk.retentionIntervalMs === false
      ? undefined
      : startRetentionPurge({ db, outboxDir, log }, desk.retentionDays, desk.retentionIntervalMs)
  const quarantinePurge =
    desk.retentionIntervalMs === false
      ? undefined
      : startQuarantinePurge(db, desk.retentionIntervalMs, log)
  let options: LeadDeskOptions | undefined
  if (desk.password) {
    const password = await preparePassword(db, desk.password)
    const { changed, sessionsEnded } = await adoptPassword(db, password.fingerprint)
    // A changed password ends every session made under the old one, on every server.
    if (changed || sessionsEnded > 0) {
      log.info('desk_sessions_ended', {
        reason: changed ? 'password_changed' : 'other_password',
        sessions: sessionsEnded,
      })
    }
    options = {
      password,
      loginAnswerMs: desk.loginAnswerMs,
      outboxDir,
      isHttps: createIsHttps(settings.trustProxy),
      mailDelivery: settings.mailDelivery,
    }
  }
  return {
    options,
    async stop() {
      await Promise.all([purge?.stop(), quarantinePurge?.stop()])
    },
  }
}
