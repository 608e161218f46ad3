import { APP_VERSION } from './app-version.ts'
import type { Settings } from './settings.ts'
import { company, companyDefaultsWarning } from '../supabase/functions/_shared/company.ts'
import { demoIdentityWarning } from '../supabase/functions/_shared/company-identity.ts'

/**
 * What the server says once it listens: where it listens, which public address its links and
 * canonical URLs use (SITE_URL, or company.ts's when unset), which database and how e-mail
 * leaves; and, on stderr, what an operator must not miss.
 */
export const startupLines = (settings: Settings, listening: string) => {
  const store = settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${settings.dataDir}`
  const mail = {
    smtp: 'SMTP',
    outbox: `.eml files in ${settings.dataDir}/outbox, received by nobody`,
    off: 'off (no SMTP_URL)',
  }[settings.mailDelivery]
  const publicAddress = settings.siteUrl
    ? `public address ${settings.siteUrl}`
    : `public address not set (SITE_URL): links in e-mails use ${company.siteUrl}`
  const warnings: string[] = []
  const defaults = companyDefaultsWarning()
  if (defaults) warnings.push(defaults)
  const demoFacts = demoIdentityWarning()
  if (demoFacts) warnings.push(`Warning: ${demoFacts}`)
  if (settings.mailDelivery === 'off') {
    warnings.push(
      'Warning: no SMTP_URL in production, so no e-mail leaves this server. Leads and bookings are kept and shown in the lead desk as not sent; their e-mails wait in the database and go out once SMTP_URL is set and the server restarted.',
    )
  }
  if (settings.mailDelivery === 'outbox') {
    warnings.push(
      `Development mail: without SMTP_URL each e-mail is written to ${settings.dataDir}/outbox and nobody receives it. Set SMTP_URL to send them (NODE_ENV=production writes none).`,
    )
  }
  return {
    info: [
      `Site running at ${listening} (version ${APP_VERSION}; ${publicAddress}; database: ${store}; mail: ${mail})`,
    ],
    warnings,
  }
}
