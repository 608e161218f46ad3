import { checkPublicHost, type ResolveHost } from './public-address.ts'

/**
 * Reads the calendar feed over HTTP with bounds a hostile or broken server cannot stretch:
 * one deadline for the whole read (redirects and body included), a size cap counted as the
 * bytes arrive, a few redirects, and a body that must be iCalendar. Runs on Node's and Deno's
 * fetch alike.
 *
 * The address in the setting is the company's choice, and is read as given. A redirect is the
 * feed's host's choice: it is followed only within the setting's own origin, or to an https
 * host whose every address is on the public internet (public-address.ts), checked at each
 * hop; never to this machine, its network or the cloud's metadata service.
 */

export interface FeedLimits {
  /** From the first request to the body's last byte. */
  timeoutMs: number
  maxBytes: number
  maxRedirects: number
}

/** Google's and Outlook's feeds answer in a second or two and weigh tens to hundreds of KB. */
export const FEED_LIMITS: FeedLimits = {
  timeoutMs: 20_000,
  maxBytes: 5 * 1024 * 1024,
  // Google's secret address answers at once; Outlook's published link redirects once.
  maxRedirects: 3,
}

/** Why a read gave no calendar; busy-feed-messages.ts words each for the desk. */
export type FeedProblem =
  | { kind: 'unreachable'; code: string | undefined }
  | { kind: 'timeout'; seconds: number }
  | { kind: 'http_status'; status: number }
  | { kind: 'too_many_redirects'; count: number }
  | { kind: 'insecure_redirect' }
  /** A redirect to a host inside a private network (or that resolves to one). */
  | { kind: 'private_redirect'; host: string }
  | { kind: 'too_large'; megabytes: number }
  | { kind: 'not_calendar'; contentType: string }

export type FeedRead =
  | { ok: true; text: string }
  | { ok: false; problem: FeedProblem }
  /** `signal` was aborted (the server is stopping): nothing to report. */
  | { ok: false; aborted: true }

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/**
 * What servers label iCalendar with; some static hosts know no better than text/plain or
 * octet-stream. The body must start with BEGIN:VCALENDAR whatever the label says.
 */
const CALENDAR_TYPES = new Set([
  '',
  'text/calendar',
  'application/ics',
  'text/x-vcalendar',
  'text/plain',
  'application/octet-stream',
])

const mediaType = (response: Response) =>
  (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''

/** A system error's code (ECONNREFUSED…) from Node's `fetch failed` or Deno's message. */
const networkCode = (error: unknown): string | undefined => {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause
  if (typeof cause?.code === 'string') return cause.code
  const message = error instanceof Error ? error.message : ''
  if (/refused/i.test(message)) return 'ECONNREFUSED'
  if (/dns|lookup|not known|name resolution/i.test(message)) return 'ENOTFOUND'
  if (/certificate|tls|ssl/i.test(message)) return 'CERT'
  if (/reset|closed|broken pipe/i.test(message)) return 'ECONNRESET'
  return undefined
}

/** Reads the body up to maxBytes; undefined when there is more. */
const readCapped = async (
  response: Response,
  maxBytes: number,
): Promise<Uint8Array | undefined> => {
  const declared = Number(response.headers.get('content-length') ?? 'NaN')
  if (declared > maxBytes) {
    await response.body?.cancel()
    return undefined
  }
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body?.getReader()
  if (!reader) return new Uint8Array()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

const looksLikeCalendar = (text: string) => /^\s*BEGIN:VCALENDAR\b/i.test(text)

/**
 * Follows redirects itself, so each hop is checked and counted. (Not told apart with
 * `instanceof Response`: @hono/node-server replaces the global Response with a class of its
 * own, which fetch's answers are not.)
 */
const fetchFollowing = async (
  address: string,
  limits: FeedLimits,
  signal: AbortSignal,
  fetchImpl: typeof fetch,
  resolveHost: ResolveHost,
): Promise<{ response: Response } | { problem: FeedProblem }> => {
  const origin = new URL(address).origin
  let url = new URL(address)
  for (let hop = 0; ; hop += 1) {
    const response = await fetchImpl(url, {
      redirect: 'manual',
      signal,
      headers: { accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1' },
    })
    const location = response.headers.get('location')
    if (!REDIRECTS.has(response.status) || location === null) return { response }
    await response.body?.cancel()
    if (hop >= limits.maxRedirects) {
      return { problem: { kind: 'too_many_redirects', count: hop + 1 } }
    }
    url = new URL(location, url)
    if (url.origin === origin) continue
    if (url.protocol !== 'https:') return { problem: { kind: 'insecure_redirect' } }
    const check = await checkPublicHost(url.hostname, resolveHost)
    if (check === 'private') return { problem: { kind: 'private_redirect', host: url.host } }
    if (check === 'unresolvable') return { problem: { kind: 'unreachable', code: 'ENOTFOUND' } }
  }
}

/** One read of the feed, within `limits`; never throws for what the network or server does. */
export const fetchFeed = async (
  address: string,
  {
    resolveHost,
    limits = FEED_LIMITS,
    signal,
    fetchImpl = fetch,
  }: {
    /** The runtime's resolver, for the hosts redirects name. */
    resolveHost: ResolveHost
    limits?: FeedLimits
    signal?: AbortSignal
    fetchImpl?: typeof fetch
  },
): Promise<FeedRead> => {
  const deadline = AbortSignal.timeout(limits.timeoutMs)
  const combined = signal ? AbortSignal.any([signal, deadline]) : deadline
  try {
    const followed = await fetchFollowing(address, limits, combined, fetchImpl, resolveHost)
    if ('problem' in followed) return { ok: false, problem: followed.problem }
    const answer = followed.response
    if (answer.status !== 200) {
      await answer.body?.cancel()
      return { ok: false, problem: { kind: 'http_status', status: answer.status } }
    }
    const type = mediaType(answer)
    if (!CALENDAR_TYPES.has(type)) {
      await answer.body?.cancel()
      return { ok: false, problem: { kind: 'not_calendar', contentType: type } }
    }
    const bytes = await readCapped(answer, limits.maxBytes)
    if (bytes === undefined) {
      return {
        ok: false,
        problem: { kind: 'too_large', megabytes: limits.maxBytes / (1024 * 1024) },
      }
    }
    const text = new TextDecoder().decode(bytes)
    if (!looksLikeCalendar(text)) {
      return { ok: false, problem: { kind: 'not_calendar', contentType: type } }
    }
    return { ok: true, text }
  } catch (error) {
    if (signal?.aborted) return { ok: false, aborted: true }
    if (deadline.aborted) {
      return { ok: false, problem: { kind: 'timeout', seconds: limits.timeoutMs / 1000 } }
    }
    return { ok: false, problem: { kind: 'unreachable', code: networkCode(error) } }
  }
}
