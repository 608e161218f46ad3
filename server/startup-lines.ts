import { APP_VERSION } from './app-version.ts'
import type { Settings } from './settings.ts'
import { company, companyDefaultsWarning } from '#shared/company/company.ts'
import { demoFactsWarning } from './demo-facts.ts'

/**
 * What TRUST_PROXY unset means, said at start (decision 057). The server speaks only plain
 * HTTP, so an https:// SITE_URL means something in front ends TLS: a proxy, whose address
 * every visitor would then have. Otherwise it is a plain note, for whoever puts one in front
 * later.
 */
const trustProxyLines = (settings: Settings): { info: string[]; warnings: string[] } => {
  if (settings.trustProxy.kind !== 'none') return { info: [], warnings: [] }
  const how =
    'Set TRUST_PROXY=loopback for a proxy on this machine (nginx, Caddy), its address for one elsewhere, or the number of proxies in front (docs/deploy.md, decision 024).'
  if (settings.siteUrl?.startsWith('https://')) {
    return {
      info: [],
      warnings: [
        `Warning: TRUST_PROXY is not set, yet SITE_URL is ${settings.siteUrl} and this server speaks only HTTP, so a proxy stands in front. Every visitor then counts as that proxy: on this machine as one "unknown" visitor, so all of them share one budget (RATE_LIMIT_UNKNOWN_ADDRESSES, PUBLIC_CALLS_UNKNOWN_PER_MINUTE) and one flood blocks the form for everyone. ${how}`,
      ],
    }
  }
  return {
    info: [
      `Visitors count by the connection's address (TRUST_PROXY is not set). Behind a reverse proxy every visitor would count as the proxy, on this machine as one "unknown" visitor sharing one budget. ${how}`,
    ],
    warnings: [],
  }
}

/**
 * What the server says once it listens: where it listens, which public address its links and
 * canonical URLs use (SITE_URL, or company.ts's when unset), which database and how e-mail
 * leaves, whose address a visitor has; and, on stderr, what an operator must not miss.
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
  const demoFacts = demoFactsWarning()
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
  const proxy = trustProxyLines(settings)
  warnings.push(...proxy.warnings)
  return {
    info: [
      `Site running at ${listening} (version ${APP_VERSION}; ${publicAddress}; database: ${store}; mail: ${mail})`,
      ...proxy.info,
    ],
    warnings,
  }
}
