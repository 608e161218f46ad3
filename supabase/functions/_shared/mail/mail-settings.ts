import { company, type Company } from '../company/company.ts'
import { isEmailAddress } from '../contact/contact-message.ts'

/** Everything about the company's notification e-mails that is not their content. */
export interface MailSettings {
  /** The company's inbox: the only recipient there ever is. */
  to: string
  from: { name: string; address: string }
  /** nodemailer's per-phase limits; together they bound one SMTP transaction. */
  smtpTimeouts: { connectionMs: number; greetingMs: number; socketMs: number }
  /**
   * How long a visitor's request waits for the mail server before it is answered "queued".
   * Shorter than every SMTP phase limit, so a mail server that never answers always gives the
   * same answer, and the send itself is never abandoned halfway (which could mail twice).
   */
  responseDeadlineMs: number
}

/** The settings the adapters read from their environment; every one is optional. */
export interface MailEnvironment {
  SMTP_URL?: string
  CONTACT_TO?: string
  MAIL_FROM?: string
}

export type MailSettingsResult =
  | { ok: true; settings: MailSettings; smtpUrl: string | undefined }
  | { ok: false; problems: string[] }

const setting = (value: string | undefined) => {
  const trimmed = value?.trim()
  return trimmed === undefined || trimmed === '' ? undefined : trimmed
}

const isSmtpUrl = (value: string) => {
  try {
    return ['smtp:', 'smtps:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/**
 * Reads and checks the mail settings, with the company's facts (company.ts's unless given) as
 * defaults.
 */
export const readMailSettings = (
  env: MailEnvironment,
  facts: Pick<Company, 'inbox' | 'mailSenderName'> = company,
): MailSettingsResult => {
  const problems: string[] = []
  const smtpUrl = setting(env.SMTP_URL)
  if (smtpUrl !== undefined && !isSmtpUrl(smtpUrl)) {
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL.')
  }
  const to = setting(env.CONTACT_TO) ?? facts.inbox
  if (!isEmailAddress(to)) problems.push(`CONTACT_TO must be one e-mail address (got "${to}").`)
  const fromAddress = setting(env.MAIL_FROM) ?? to
  if (!isEmailAddress(fromAddress)) {
    problems.push(`MAIL_FROM must be one e-mail address (got "${fromAddress}").`)
  }
  if (problems.length > 0) return { ok: false, problems }
  return {
    ok: true,
    smtpUrl,
    settings: {
      to,
      from: { name: facts.mailSenderName, address: fromAddress },
      smtpTimeouts: { connectionMs: 10_000, greetingMs: 10_000, socketMs: 20_000 },
      responseDeadlineMs: 8_000,
    },
  }
}

/** Options for nodemailer.createTransport: the SMTP server in the URL, with our time limits. */
export const smtpTransportOptions = (smtpUrl: string, settings: MailSettings) => {
  const url = new URL(smtpUrl)
  const secure = url.protocol === 'smtps:'
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: settings.smtpTimeouts.connectionMs,
    greetingTimeout: settings.smtpTimeouts.greetingMs,
    socketTimeout: settings.smtpTimeouts.socketMs,
  }
}
