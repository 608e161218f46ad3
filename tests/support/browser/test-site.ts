import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AddressObject, ParsedMail } from 'mailparser'
import { DIST_DIR as SITE_DIR } from '../../../server/paths.ts'
import { settingsFrom } from '../../../server/settings.ts'
import { startServer, type RunningServer } from '../../../server/start-server.ts'
import { startSmtpCatcher, type SmtpCatcher } from '../smtp-catcher.ts'

const DIST_DIR = `${SITE_DIR}/`

/** Where the company receives leads in these tests; not the site's real address. */
const COMPANY_INBOX = 'leads@aurora.test'

export interface TestSiteOptions {
  /** 'down': the server's SMTP port has nothing listening, so every send is refused. */
  smtp?: 'up' | 'down'
  /**
   * FORM_MIN_FILL_MS. Journeys fill the form at machine speed, far faster than any person, so
   * they run with 0; tests/e2e/bot-signals.test.ts runs the production default and others.
   */
  formMinFillMs?: number | 'production default'
  /** More settings for the server, e.g. a low RATE_LIMIT_* to meet a limit in a few steps. */
  settings?: Record<string, string>
}

export interface StoredSubmission {
  name: string
  email: string
  company: string | null
  message: string
}

export interface CaughtMail {
  to: string[]
  replyTo: string[]
  subject: string
  /** The text part, where a visitor reads the links. */
  text: string
}

export interface TestSite {
  url: string
  /** Where the company receives leads. */
  recipient: string
  /** Rows stored for this sender, read as superuser (visitors may not read the table). */
  submissionsFrom(email: string): Promise<StoredSubmission[]>
  /** Why each submission from this sender waits in quarantine ('trap_filled', 'too_fast'). */
  quarantinedFrom(email: string): Promise<string[]>
  /** Mail the company's SMTP server has received so far. */
  mail(): CaughtMail[]
  /** Any query as superuser: what no visitor may read (bookings, their e-mails waiting). */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>
  stop(): Promise<void>
}

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) =>
    group.value.flatMap((entry) => (entry.address ? [entry.address] : [])),
  )

const toCaughtMail = (mail: ParsedMail): CaughtMail => ({
  to: addresses(mail.to),
  replyTo: addresses(mail.replyTo),
  subject: mail.subject ?? '',
  text: mail.text ?? '',
})

/**
 * The server exactly as `npm start` runs it (same function, the built `dist/`), on a free port,
 * with a database folder of its own and a real SMTP server standing in for the company's.
 */
export async function startTestSite({
  smtp = 'up',
  formMinFillMs = 0,
  settings = {},
}: TestSiteOptions = {}): Promise<TestSite> {
  if (!existsSync(path.join(DIST_DIR, 'index.html'))) {
    throw new Error(
      `${DIST_DIR}index.html is missing. Build the site for the embedded server first: ` +
        '`npm run build` (npm test does this).',
    )
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-data-'))
  let catcher: SmtpCatcher | undefined
  let server: RunningServer | undefined
  try {
    catcher = await startSmtpCatcher()
    // Stopping the catcher frees its port: a real address where nothing answers any more.
    if (smtp === 'down') await catcher.stop()
    // As `npm start` runs it: the built site and the mail sweep. Not its warm-up, which only
    // makes the first requests after a start quicker (about 1.5 CPU-s per start, on a machine
    // the browser files keep busy); the integration tests start `npm start` itself with it.
    server = await startServer({
      ...settingsFrom({
        PORT: '0',
        DATA_DIR: dataDir,
        SMTP_URL: catcher.url,
        CONTACT_TO: COMPANY_INBOX,
        ...(formMinFillMs === 'production default'
          ? {}
          : { FORM_MIN_FILL_MS: String(formMinFillMs) }),
        ...settings,
      }),
      warmUpRequests: 0,
    })
  } catch (error) {
    await catcher?.stop()
    await rm(dataDir, { recursive: true, force: true })
    throw error
  }
  const running = server
  const inbox = catcher
  return {
    url: running.url,
    recipient: COMPANY_INBOX,
    async submissionsFrom(email) {
      const { rows } = await running.db.query<StoredSubmission>(
        'select name, email, company, message from contact_submissions where email = $1 order by created_at',
        [email],
      )
      return rows
    },
    async quarantinedFrom(email) {
      const { rows } = await running.db.query<{ reason: string }>(
        'select reason from private.quarantined_submissions where email = $1 order by quarantined_at',
        [email],
      )
      return rows.map((row) => row.reason)
    },
    mail: () => inbox.messages.map(toCaughtMail),
    async query<T>(sql: string, params: unknown[] = []) {
      return (await running.db.query<T>(sql, params)).rows
    },
    async stop() {
      await running.stop()
      await inbox.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
