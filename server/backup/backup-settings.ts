import path from 'node:path'
import { BACKUPS } from '../declared-settings/desk-and-backups.ts'
import { BACKUP_KEY_FORMAT_HINT, parseBackupKey } from './backup-key.ts'

/** The daily backup's part of the server's settings (server/settings.ts reads it from here). */
export interface BackupSettings {
  /** BACKUP_DIR, absolute: where the daily backups are kept. */
  dir: string
  /** BACKUP_KEEP: how many; 0 turns the daily backup off. */
  keep: number
  /** BACKUP_HOUR: the hour, on the company's clock, from which the day's backup is made. */
  hour: number
  /** BACKUP_AFTER_COMMAND: run with the new file as "$1", to copy it off the machine. */
  afterCommand: string | undefined
  afterCommandTimeoutMs: number
  /**
   * BACKUP_KEY: the key backups are signed with (backup-key.ts); without it, the one in
   * DATA_DIR/backup-key, made by the first start or backup that needs one.
   */
  key: string | undefined
  /** BACKUP_CHECK_SECONDS: how often the schedule is looked at; false turns it off (tests). */
  checkIntervalMs: number | false
}

/**
 * Reads BACKUP_DIR, BACKUP_KEEP, BACKUP_HOUR, BACKUP_CHECK_SECONDS, BACKUP_AFTER_COMMAND and
 * BACKUP_KEY, listing every problem (never quoting the key).
 */
export const readBackupSettings = (
  env: Readonly<Record<string, string | undefined>>,
  dataDir: string,
): { backup: BackupSettings; problems: string[] } => {
  const problems: string[] = []
  const value = (name: string) => {
    const raw = env[name]?.trim()
    return raw === undefined || raw === '' ? undefined : raw
  }
  const whole = (name: 'BACKUP_KEEP' | 'BACKUP_HOUR' | 'BACKUP_CHECK_SECONDS') => {
    const {
      fallback,
      range: [min, max],
    } = BACKUPS.settings[name]
    const text = value(name) ?? String(fallback)
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${text}").`)
      return fallback
    }
    return Number(text)
  }
  const keep = whole('BACKUP_KEEP')
  const hour = whole('BACKUP_HOUR')
  const checkSeconds = whole('BACKUP_CHECK_SECONDS')
  const dir = path.resolve(value('BACKUP_DIR') ?? path.join(dataDir, 'backups'))
  const inside = path.relative(path.join(dataDir, 'pglite'), dir)
  if (!inside.startsWith('..') && !path.isAbsolute(inside)) {
    problems.push('BACKUP_DIR must not be inside DATA_DIR/pglite, the database itself.')
  }
  const key = value('BACKUP_KEY')
  if (key !== undefined && !parseBackupKey(key, 'BACKUP_KEY')) problems.push(BACKUP_KEY_FORMAT_HINT)
  return {
    backup: {
      dir,
      keep,
      hour,
      afterCommand: value('BACKUP_AFTER_COMMAND'),
      afterCommandTimeoutMs: 30 * 60 * 1000,
      checkIntervalMs: checkSeconds * 1000,
      key,
    },
    problems,
  }
}
