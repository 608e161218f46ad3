import { createApp, type AppDeps } from '../../server/app.ts'
import type { Database } from '../../server/db/database.ts'
import { DEV_ANON_KEY, settingsFrom, type Settings } from '../../server/settings.ts'
import { TEST_BACKUP_KEY } from './test-backups.ts'

/** MAIL_SWEEP_SECRET for test servers whose tests run the sweep through its route. */
export const TEST_SWEEP_SECRET = 'test-mail-sweep-secret-0123456789abcdef'

/** The header pg_cron sends it in, as a test sends it to POST …/send-contact-email/retry. */
export const TEST_SWEEP_HEADERS = { 'x-mail-sweep-secret': TEST_SWEEP_SECRET }

/**
 * The server's settings as a test needs them: the defaults (as from an empty environment),
 * no site, no sweep timers, no daily backup, no warm-up, the tests' BACKUP_KEY unless `env`
 * gives one; `env` is read exactly as the server reads it.
 */
export const testSettings = (
  env: Record<string, string> = {},
  overrides: Partial<Settings> = {},
): Settings => {
  const settings = settingsFrom({ BACKUP_KEY: TEST_BACKUP_KEY, ...env })
  return {
    ...settings,
    distDir: undefined,
    mailSweepIntervalMs: false,
    webhookSweepIntervalMs: false,
    pipelineWatchIntervalMs: false,
    warmUpRequests: 0,
    backup: { ...settings.backup, checkIntervalMs: false },
    ...overrides,
  }
}

/** createApp with the default key, a mailer that always succeeds and the default deadline. */
export const createTestApp = (db: Database, overrides: Partial<AppDeps> = {}) =>
  createApp({
    db,
    anonKey: DEV_ANON_KEY,
    sendEmail: async () => ({ ok: true }),
    responseDeadlineMs: testSettings().mail.responseDeadlineMs,
    ...overrides,
  })
