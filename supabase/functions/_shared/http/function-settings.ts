import { readMailSettings, type MailSettings } from '../mail/mail-settings.ts'
import { readDatabaseUrl, readSweepSecret } from './function-env.ts'

/** What the Edge Function needs from its environment (Supabase secrets and platform values). */
export interface FunctionSettings {
  /** Provided by the platform on hosted Supabase. */
  databaseUrl: string
  smtpUrl: string
  mail: MailSettings
  /** MAIL_SWEEP_SECRET, which pg_cron's sweep must send; without it the sweep is refused. */
  sweepSecret: string | undefined
  /** Things that work but are probably wrong, for the boot log. */
  warnings: string[]
}

export type FunctionSettingsResult =
  { ok: true; settings: FunctionSettings } | { ok: false; problems: string[] }

// Supabase Edge Functions may not open connections to these ports (Functions → Limits).
const BLOCKED_SMTP_PORTS = ['25', '587']

export const readFunctionSettings = (
  env: Readonly<Record<string, string | undefined>>,
): FunctionSettingsResult => {
  const problems: string[] = []
  const databaseUrl = readDatabaseUrl(env, problems)
  const mail = readMailSettings(env)
  if (!mail.ok) problems.push(...mail.problems)
  else if (mail.smtpUrl === undefined) {
    problems.push('SMTP_URL is missing: set it with `supabase secrets set SMTP_URL=smtps://…`.')
  }
  const sweepSecret = readSweepSecret(env, problems)
  if (!mail.ok || mail.smtpUrl === undefined || !databaseUrl || problems.length > 0) {
    return { ok: false, problems }
  }

  const warnings: string[] = []
  if (sweepSecret === undefined) {
    warnings.push(
      'MAIL_SWEEP_SECRET is missing: the scheduled sweep is refused, so failed e-mails are not re-sent (docs/deploy.md).',
    )
  }
  const url = new URL(mail.smtpUrl)
  const port = url.port || (url.protocol === 'smtps:' ? '465' : '587')
  if (BLOCKED_SMTP_PORTS.includes(port)) {
    warnings.push(
      `SMTP_URL uses port ${port}, which hosted Supabase blocks; use smtps:// on 465 or your provider's 2525.`,
    )
  }
  return {
    ok: true,
    settings: { databaseUrl, smtpUrl: mail.smtpUrl, mail: mail.settings, sweepSecret, warnings },
  }
}

export type SiteUrlResult = { ok: true; siteUrl: string } | { ok: false; problem: string }

/**
 * SITE_URL, the public address of the static site: the only place submit-contact-form sends
 * visitors back to (never a Referer or a parameter, which would make it an open redirect).
 * Returned without a trailing slash, so paths are appended to it.
 */
export const readSiteUrl = (value: string | undefined): SiteUrlResult => {
  const text = value?.trim() ?? ''
  const problem = (why: string): SiteUrlResult => ({
    ok: false,
    problem: `SITE_URL ${why}: set it with \`supabase secrets set SITE_URL=https://www.your-domain.com.br\`.`,
  })
  if (text === '') return problem('is missing')
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return problem(`must be an http:// or https:// address (got "${text}")`)
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
    return problem(`must be an http:// or https:// address (got "${text}")`)
  }
  if (url.search || url.hash) return problem(`must not have a query or a fragment (got "${text}")`)
  return { ok: true, siteUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}` }
}
