/**
 * What a webhook receiver is: an address and how deliveries to it are written. The same rules
 * as private.is_webhook_url (migration 20261126000000_webhooks.sql), checked again before every
 * send, and the one way an address is ever shown (its host and a hint: the address of a Slack
 * or Discord webhook is itself the secret that lets anyone post to the channel).
 */

/**
 * - standard: the signed JSON of Standard Webhooks ({type, timestamp, data}), for n8n, Make,
 *   Zapier, a CRM or your own code;
 * - slack, teams, discord: a readable message in the shape that service's incoming webhook
 *   takes (webhook-messages.ts).
 */
export const WEBHOOK_FORMATS = ['standard', 'slack', 'teams', 'discord'] as const
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number]

export const isWebhookFormat = (value: unknown): value is WebhookFormat =>
  (WEBHOOK_FORMATS as readonly unknown[]).includes(value)

const MAX_URL_LENGTH = 2000
const HTTPS_URL = /^https:\/\/[^/?@]+(\/[^@]*)?$/
const LOOPBACK_HTTP_URL =
  /^http:\/\/(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])(:\d{1,5})?(\/[^@]*)?$/
// Blanks and control characters, as the SQL check refuses them.
const BLANKS_OR_CONTROLS = /[\s\p{Cc}]/u

/**
 * Whether deliveries may go to this address: https, or plain http only on this machine's
 * loopback (tests, an n8n beside the server). Receivers are the company's own choice, never a
 * visitor's, so other private addresses are not refused (decision 032); no user name or
 * password in the address, no fragment, no blanks.
 */
export const isWebhookUrl = (value: string): boolean =>
  value.length <= MAX_URL_LENGTH &&
  !BLANKS_OR_CONTROLS.test(value) &&
  !value.includes('#') &&
  (HTTPS_URL.test(value) || LOOPBACK_HTTP_URL.test(value))

/** The part of an address before its path: scheme and host (with the port, if any). */
const origin = (url: string) => /^[a-z]+:\/\/[^/?]+/i.exec(url)?.[0] ?? ''

/** A first path segment this short names a route (/services, /webhook), not a token. */
const MAX_SHOWN_SEGMENT = 16

/**
 * How an address is shown in the desk, in logs and in setting errors: its host, the first
 * segment of its path when it is short enough to be a route's name, and the last four
 * characters of the rest when that is long enough to be a token
 * (`hooks.slack.com/services/…x9Qf`, `hook.eu1.make.com/…k2Lm`). Enough to tell receivers
 * apart, never enough to post to one.
 */
export const describeWebhookUrl = (url: string): string => {
  const start = origin(url)
  // Never a user name or password written into the address.
  const host = start.replace(/^[a-z]+:\/\//i, '').replace(/^.*@/, '')
  const path = url.slice(start.length)
  if (path === '' || path === '/') return host
  const first = /^\/[^/?]*/.exec(path)?.[0] ?? ''
  const shown = first.length > 1 && first.length <= MAX_SHOWN_SEGMENT ? first : ''
  const hidden = path.slice(shown.length)
  if (hidden === '') return `${host}${shown}`
  return `${host}${shown}/…${hidden.length >= 16 ? hidden.slice(-4) : ''}`
}

/**
 * Text about a delivery (an error, a receiver's answer) with the address's path and query
 * taken out wherever they appear, so it can be stored, shown and logged: some runtimes name
 * the whole address in their errors.
 */
export const withoutUrlSecrets = (text: string, url: string): string => {
  const start = origin(url)
  const secretPart = url.slice(start.length)
  if (secretPart.length < 8) return text
  let clean = text.split(url).join(`${start.replace(/\/\/.*@/, '//')}/…`)
  for (const part of [secretPart, safeDecode(secretPart)]) clean = clean.split(part).join('/…')
  return clean
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
