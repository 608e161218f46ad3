import { contactFacts } from '../src/content/site.ts'
import { DEV_ANON_KEY } from './dev-anon-key.ts'

/** The site's own address (re-branded in one place): where messages go unless CONTACT_TO says otherwise. */
export const DEFAULT_CONTACT_TO = contactFacts.email

export interface ServerEnv {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  smtpUrl: string | undefined
  contactTo: string
  anonKey: string
  siteUrl: string | undefined
  trustProxy: boolean
}

export type EnvResult = { ok: true; env: ServerEnv } | { ok: false; problems: string[] }

type Source = Record<string, string | undefined>

const SIMPLE_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/

const hasScheme = (value: string, schemes: string[]): boolean => {
  try {
    return schemes.includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** Every setting is optional; a set but invalid one is reported with all the others at once. */
export const readServerEnv = (source: Source = process.env): EnvResult => {
  const problems: string[] = []
  const value = (name: string) => {
    const raw = source[name]?.trim()
    return raw === undefined || raw === '' ? undefined : raw
  }

  const portText = value('PORT') ?? '8080'
  const port = Number(portText)
  if (!/^\d+$/.test(portText) || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535 (got "${portText}").`)
  }
  const databaseUrl = value('DATABASE_URL')
  if (databaseUrl && !hasScheme(databaseUrl, ['postgres:', 'postgresql:'])) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL.')
  }
  const smtpUrl = value('SMTP_URL')
  if (smtpUrl && !hasScheme(smtpUrl, ['smtp:', 'smtps:'])) {
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL.')
  }
  const contactTo = value('CONTACT_TO') ?? DEFAULT_CONTACT_TO
  if (!SIMPLE_EMAIL.test(contactTo)) {
    problems.push(`CONTACT_TO must be one e-mail address (got "${contactTo}").`)
  }
  const anonKey = value('SUPABASE_ANON_KEY') ?? DEV_ANON_KEY
  if (/\s/.test(anonKey)) problems.push('SUPABASE_ANON_KEY must not contain spaces.')
  const siteUrl = value('SITE_URL')
  if (siteUrl && !hasScheme(siteUrl, ['http:', 'https:'])) {
    problems.push('SITE_URL must be an http:// or https:// URL.')
  }

  const trustProxyText = (value('TRUST_PROXY') ?? 'false').toLowerCase()
  if (!['0', '1', 'false', 'true'].includes(trustProxyText)) {
    problems.push(`TRUST_PROXY must be true or false (got "${trustProxyText}").`)
  }

  if (problems.length > 0) return { ok: false, problems }
  return {
    ok: true,
    env: {
      port,
      host: value('HOST') ?? '127.0.0.1',
      dataDir: value('DATA_DIR') ?? '.data',
      databaseUrl,
      smtpUrl,
      contactTo,
      anonKey,
      siteUrl,
      trustProxy: trustProxyText === 'true' || trustProxyText === '1',
    },
  }
}
