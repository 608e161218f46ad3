import path from 'node:path'
import { company } from '#shared/company/company.ts'
import { readSiteUrl } from '#shared/http/function-settings.ts'
import { readMailSettings, type MailSettings } from '#shared/mail/mail-settings.ts'
import { secretProblem, sweepSecretProblem } from '#shared/http/sweep-secret.ts'
import { readBusyCalendarUrl } from '#shared/busy-calendar/busy-calendar-settings.ts'
import type { BusyCalendarSchedule } from './booking/busy-calendar-refresh.ts'
import { parseTrustProxy, type TrustProxy } from './proxy-trust.ts'
import {
  CONTACT_LIMIT_BOUNDS,
  CONTACT_LIMIT_SETTINGS,
  type ContactLimitName,
} from './db/contact-limits.ts'
import { bookingFactsProblems } from './booking/booking-facts.ts'
import { companyIdentityProblems } from '#shared/company/company-identity.ts'
import { demoFactsProblem } from './demo-facts.ts'
import { readBookingSettings, type BookingSettings } from './booking/booking-settings.ts'
import { readDeskSettings, type DeskSettings } from './desk/desk-settings.ts'
import { readBackupSettings, type BackupSettings } from './backup/backup-settings.ts'
import { readWebhookSettings, type WebhookSettings } from './webhooks/webhook-settings.ts'
import { readReplySettings, type ReplySettings } from './watch/reply-settings.ts'
import { WEBHOOK_TIMEOUT_MS } from '#shared/webhooks/webhook-delivery.ts'
import { CONTACT_TEMPLATE, DIST_DIR } from './paths.ts'
import { AGENDA, BACKGROUND_JOBS, HTTP_LIMITS, SERVER_BASICS } from './declared-settings/index.ts'

/**
 * The publishable key the embedded server accepts when SUPABASE_ANON_KEY is not set. It is
 * public by nature (it ships in the page), so a fixed development value is fine.
 */
export const DEV_ANON_KEY = 'sb_publishable_local-development-key'

/** Everything the Node server can be told, with its default; see docs/settings.md. */
export interface Settings {
  port: number
  host: string
  /** Absolute; holds pglite/, its lock and outbox/. */
  dataDir: string
  /** PostgreSQL instead of PGlite. */
  databaseUrl: string | undefined
  /** Without it, e-mails are written as .eml files to <dataDir>/outbox (see mailDelivery). */
  smtpUrl: string | undefined
  /**
   * How e-mail leaves: through SMTP_URL; as .eml files in <dataDir>/outbox, nobody receiving
   * them (development: NODE_ENV is not production); or not at all (production without
   * SMTP_URL: the e-mails wait in the database and are sent once SMTP_URL is set).
   */
  mailDelivery: MailDelivery
  mail: MailSettings
  anonKey: string
  /** The public address, for the start-up line. */
  siteUrl: string | undefined
  /**
   * Where the booking e-mails' links point: SITE_URL, or company.ts's siteUrl, without a
   * trailing slash.
   */
  linkSiteUrl: string
  /** Which peers' X-Forwarded-For is believed (see proxy-trust.ts). */
  trustProxy: TrustProxy
  /** Limits written to the database at start; unset ones keep the database's values. */
  contactLimits: Partial<Record<ContactLimitName, number>>
  /** The agenda's BOOKING_* that were set, written to the database at start like the limits. */
  booking: BookingSettings
  /**
   * BOOKING_BUSY_CALENDAR_URL and BOOKING_BUSY_CALENDAR_REFRESH_MINUTES: the company's
   * calendar feed, read at start and then on this schedule; undefined turns the import off.
   */
  busyCalendar: BusyCalendarSchedule | undefined
  /** The built site; undefined serves the API only. */
  distDir: string | undefined
  /** The build's contact page for a refused form (read only with a site, if it exists). */
  contactPageTemplate: string | undefined
  /**
   * MAIL_SWEEP_SECONDS: how often unsent e-mails are looked for; false turns the sweep off
   * (tests).
   */
  mailSweepIntervalMs: number | false
  /**
   * MAIL_SWEEP_SECRET: POST /functions/v1/send-contact-email/retry runs the sweep only for a
   * caller that sends it (the server sweeps by itself; the route is for operators and tests).
   */
  mailSweepSecret: string | undefined
  /**
   * HEALTH_TOKEN: /healthz shows its queues and open incidents only to a caller that sends it
   * as a bearer token; anyone else gets the status alone (decision 057).
   */
  healthToken: string | undefined
  /**
   * WARM_UP_REQUESTS: refused inserts run through the insert path before listening, so the first
   * visitors do not wait for cold code; 0 listens at once.
   */
  warmUpRequests: number
  /** The lead desk (ADMIN_PASSWORD…) and lead retention (LEADS_RETENTION_DAYS). */
  desk: DeskSettings
  /** Time limits and connection caps of the HTTP server; see docs/decisions/010-http-limits.md. */
  http: HttpLimits
  /**
   * Refusals this server repeats without the database to one caller the database refused, per
   * second at most; more wait their turn (decision 027). 0: no limit.
   */
  refusalsPerSecond: number
  /** WEBHOOK_URLS and WEBHOOK_SECRET (decision 032). */
  webhooks: WebhookSettings
  /** How often due webhook deliveries are looked for; false turns the sweep off (tests). */
  webhookSweepIntervalMs: number | false
  /** How long one webhook attempt may take before it counts as failed. */
  webhookTimeoutMs: number
  /**
   * The daily backup: BACKUP_DIR, BACKUP_KEEP, BACKUP_HOUR, BACKUP_CHECK_SECONDS,
   * BACKUP_AFTER_COMMAND.
   */
  backup: BackupSettings
  /** REPLY_PROMISE_HOURS, REPLY_ALERT_AFTER_HOURS and WEEKLY_SUMMARY (decision 051). */
  reply: ReplySettings
  /**
   * PIPELINE_WATCH_SECONDS: how often the pipeline is watched (overdue leads, incidents, the
   * weekly summary) and the company's alerts and the desk's replies sent; false turns the watch
   * off (tests).
   */
  pipelineWatchIntervalMs: number | false
}

export type MailDelivery = 'smtp' | 'outbox' | 'off'

export interface HttpLimits {
  /** From a connection's (or a request's) first byte to the end of its headers. */
  headersTimeoutMs: number
  /** From a request's first byte to the end of its body. */
  requestTimeoutMs: number
  /** How long an idle keep-alive connection waits for its next request. */
  keepAliveTimeoutMs: number
  /** Connections one client address may hold open at once (an IPv6 /64 is one address). */
  maxConnectionsPerAddress: number
  /** The same for loopback, where a reverse proxy on this machine connects from. */
  maxLoopbackConnections: number
}

export type SettingsResult = { ok: true; settings: Settings } | { ok: false; problems: string[] }

type Environment = Readonly<Record<string, string | undefined>>

const hasScheme = (value: string, schemes: string[]): boolean => {
  try {
    return schemes.includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** Reads every setting; a set but invalid one is reported together with all the others. */
export const readSettings = (env: Environment = process.env): SettingsResult => {
  const problems: string[] = []
  const value = (name: string) => {
    const raw = env[name]?.trim()
    return raw === undefined || raw === '' ? undefined : raw
  }

  const declared = {
    ...SERVER_BASICS.settings,
    ...HTTP_LIMITS.settings,
    ...AGENDA.settings,
    ...BACKGROUND_JOBS.settings,
  }
  const portText = value('PORT') ?? String(declared.PORT.fallback)
  const port = Number(portText)
  const [portMin, portMax] = declared.PORT.range
  if (!/^\d+$/.test(portText) || port > portMax) {
    problems.push(`PORT must be a whole number from ${portMin} to ${portMax} (got "${portText}").`)
  }
  const databaseUrl = value('DATABASE_URL')
  if (databaseUrl && !hasScheme(databaseUrl, ['postgres:', 'postgresql:'])) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL.')
  }
  const mail = readMailSettings({
    SMTP_URL: value('SMTP_URL'),
    CONTACT_TO: value('CONTACT_TO'),
    MAIL_FROM: value('MAIL_FROM'),
  })
  if (!mail.ok) problems.push(...mail.problems)
  const mailSweepSecret = value('MAIL_SWEEP_SECRET')
  const sweepProblem = mailSweepSecret === undefined ? null : sweepSecretProblem(mailSweepSecret)
  if (sweepProblem !== null) problems.push(sweepProblem)
  const healthToken = value('HEALTH_TOKEN')
  const healthProblem =
    healthToken === undefined ? null : secretProblem('HEALTH_TOKEN', healthToken)
  if (healthProblem !== null) problems.push(healthProblem)
  const anonKey = value('SUPABASE_ANON_KEY') ?? DEV_ANON_KEY
  if (/\s/.test(anonKey)) problems.push('SUPABASE_ANON_KEY must not contain spaces.')
  const siteUrl = value('SITE_URL')
  if (siteUrl && !hasScheme(siteUrl, ['http:', 'https:'])) {
    problems.push('SITE_URL must be an http:// or https:// URL.')
  }
  const linkSite = readSiteUrl(siteUrl ?? company.siteUrl)
  if (siteUrl && hasScheme(siteUrl, ['http:', 'https:']) && !linkSite.ok) {
    problems.push(linkSite.problem)
  }
  const trustProxy = parseTrustProxy(value('TRUST_PROXY') ?? declared.TRUST_PROXY.fallback)
  if ('problem' in trustProxy) problems.push(trustProxy.problem)
  const contactLimits: Partial<Record<ContactLimitName, number>> = {}
  for (const name of Object.keys(CONTACT_LIMIT_SETTINGS) as ContactLimitName[]) {
    const text = value(name)
    if (text === undefined) continue
    const [minimum, maximum] = CONTACT_LIMIT_BOUNDS[name]
    if (!/^\d+$/.test(text) || Number(text) < minimum || Number(text) > maximum) {
      problems.push(`${name} must be a whole number from ${minimum} to ${maximum} (got "${text}").`)
    } else {
      contactLimits[name] = Number(text)
    }
  }

  const { desk, problems: deskProblems } = readDeskSettings(env)
  problems.push(...deskProblems)
  const { webhooks, problems: webhookProblems } = readWebhookSettings(env)
  problems.push(...webhookProblems)
  const dataDir = path.resolve(value('DATA_DIR') ?? declared.DATA_DIR.fallback)
  const { backup, problems: backupProblems } = readBackupSettings(env, dataDir)
  problems.push(...backupProblems)
  const { reply, problems: replyProblems } = readReplySettings(env)
  problems.push(...replyProblems)
  const { booking, problems: bookingProblems } = readBookingSettings(env)
  problems.push(...bookingProblems, ...bookingFactsProblems(), ...companyIdentityProblems())
  const demoSite = value('DEMO_SITE')
  if (demoSite !== undefined && demoSite.toLowerCase() !== 'true') {
    problems.push(`DEMO_SITE must be true or unset (got "${demoSite}").`)
  }
  const demoFacts = demoFactsProblem(env)
  if (demoFacts) problems.push(demoFacts)
  const busyCalendarUrl = readBusyCalendarUrl(value('BOOKING_BUSY_CALENDAR_URL'))
  if (!busyCalendarUrl.ok) problems.push(busyCalendarUrl.problem)
  /** A whole number within its declared range, its declared default when unset. */
  const positive = (
    name:
      | 'HEADERS_TIMEOUT_MS'
      | 'REQUEST_TIMEOUT_MS'
      | 'KEEP_ALIVE_TIMEOUT_MS'
      | 'MAX_CONNECTIONS_PER_ADDRESS'
      | 'MAX_LOOPBACK_CONNECTIONS'
      | 'BOOKING_BUSY_CALENDAR_REFRESH_MINUTES'
      | 'MAIL_SWEEP_SECONDS'
      | 'PIPELINE_WATCH_SECONDS'
      | 'WARM_UP_REQUESTS',
  ): number => {
    const { fallback, range } = declared[name]
    const [min, max] = range
    const text = value(name) ?? String(fallback)
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${text}").`)
    }
    return Number(text)
  }
  const http: HttpLimits = {
    headersTimeoutMs: positive('HEADERS_TIMEOUT_MS'),
    requestTimeoutMs: positive('REQUEST_TIMEOUT_MS'),
    keepAliveTimeoutMs: positive('KEEP_ALIVE_TIMEOUT_MS'),
    maxConnectionsPerAddress: positive('MAX_CONNECTIONS_PER_ADDRESS'),
    maxLoopbackConnections: positive('MAX_LOOPBACK_CONNECTIONS'),
  }
  const refusals = declared.REFUSALS_PER_SECOND
  const refusalsText = value('REFUSALS_PER_SECOND') ?? String(refusals.fallback)
  if (!/^\d{1,6}$/.test(refusalsText)) {
    problems.push(
      `REFUSALS_PER_SECOND must be a whole number from ${refusals.range[0]} to ${refusals.range[1]} (got "${refusalsText}").`,
    )
  }
  const refreshMinutes = positive('BOOKING_BUSY_CALENDAR_REFRESH_MINUTES')
  const mailSweepSeconds = positive('MAIL_SWEEP_SECONDS')
  const pipelineWatchSeconds = positive('PIPELINE_WATCH_SECONDS')
  const warmUpRequests = positive('WARM_UP_REQUESTS')
  const busyCalendar =
    busyCalendarUrl.ok && busyCalendarUrl.feed
      ? { feed: busyCalendarUrl.feed, intervalMs: refreshMinutes * 60_000 }
      : undefined
  if (http.headersTimeoutMs > http.requestTimeoutMs) {
    problems.push(
      `HEADERS_TIMEOUT_MS (${http.headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${http.requestTimeoutMs}): the headers are part of the request.`,
    )
  }

  if (problems.length > 0 || !mail.ok || 'problem' in trustProxy) return { ok: false, problems }
  return {
    ok: true,
    settings: {
      port,
      host: value('HOST') ?? declared.HOST.fallback,
      dataDir,
      databaseUrl,
      smtpUrl: mail.smtpUrl,
      mailDelivery: mail.smtpUrl ? 'smtp' : value('NODE_ENV') === 'production' ? 'off' : 'outbox',
      mail: mail.settings,
      anonKey,
      siteUrl,
      linkSiteUrl: linkSite.ok ? linkSite.siteUrl : company.siteUrl,
      trustProxy,
      contactLimits,
      booking,
      busyCalendar,
      distDir: DIST_DIR,
      contactPageTemplate: CONTACT_TEMPLATE,
      mailSweepIntervalMs: mailSweepSeconds * 1000,
      mailSweepSecret,
      healthToken,
      warmUpRequests,
      desk,
      http,
      refusalsPerSecond: Number(refusalsText),
      webhooks,
      webhookSweepIntervalMs: 5_000,
      webhookTimeoutMs: WEBHOOK_TIMEOUT_MS,
      backup,
      reply,
      // An overdue lead's alert leaves within this of its time (60 s promised, decision 051).
      pipelineWatchIntervalMs: pipelineWatchSeconds * 1000,
    },
  }
}

/** readSettings for code that cannot go on without them (tests, scripts): throws the list. */
export const settingsFrom = (env: Environment, overrides: Partial<Settings> = {}): Settings => {
  const result = readSettings(env)
  if (!result.ok) throw new Error(`Invalid settings:\n- ${result.problems.join('\n- ')}`)
  return { ...result.settings, ...overrides }
}
