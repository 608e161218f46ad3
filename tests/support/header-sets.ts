import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'

export interface Answer {
  status: number
  /** Names lowercased; a repeated field joined with ", " (Set-Cookie with "\n"). */
  headers: Record<string, string>
}

/**
 * One request over a fresh connection with exactly these headers: unlike fetch, nothing adds
 * an Accept-Encoding, so "none" really means none. The body is read and dropped. Over HTTPS
 * any certificate is accepted: the tests' servers use one made for the run.
 */
export const ask = (
  url: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const request = url.startsWith('https:') ? httpsRequest : httpRequest
    const options = { method, headers, agent: false, rejectUnauthorized: false }
    const sent = request(url, options, (response) => {
      const received: Record<string, string> = {}
      for (const [name, values] of Object.entries(response.headersDistinct)) {
        received[name] = (values ?? []).join(name === 'set-cookie' ? '\n' : ', ')
      }
      response.resume()
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: received }))
      response.on('error', reject)
    })
    sent.on('error', reject)
    sent.end()
  })

/** What differs between two answers to one request by the clock or the connection alone. */
const VOLATILE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

/** What describes the body, which a 304 may leave out (RFC 9110 §15.4.5) but never change. */
const BODY_FIELDS = ['content-type', 'content-length', 'content-encoding']

/** What differs between the compressed and uncompressed forms of one response. */
const CODING_FIELDS = ['etag', 'content-encoding', 'content-length']

/** Cookie names and attributes, without their values (a fresh sign-in nonce each time). */
const withoutCookieValues = (value: string) =>
  value
    .split('\n')
    .map((cookie) => cookie.replace(/^([^=]*)=[^;]*/, '$1=…'))
    .join('\n')

const comparable = (answer: Answer): Record<string, string> =>
  Object.fromEntries(
    Object.entries(answer.headers)
      .filter(([name]) => !VOLATILE.has(name))
      .map(([name, value]) => [name, name === 'set-cookie' ? withoutCookieValues(value) : value]),
  )

const weakly = (tag: string | undefined) => tag?.replace(/^W\//, '')

export interface CompareOptions {
  /** Fields left out of the comparison. */
  ignored?: string[]
  /** ETags compared as If-None-Match does (RFC 9110 §8.8.3.2): W/"x" and "x" are one tag. */
  weakEtags?: boolean
}

/** Every field that differs, as "name: expected → got" lines. */
export const differences = (
  expected: Answer,
  got: Answer,
  { ignored = [], weakEtags = false }: CompareOptions = {},
): string[] => {
  const a = comparable(expected)
  const b = comparable(got)
  const lines: string[] = []
  if (expected.status !== got.status) lines.push(`status: ${expected.status} → ${got.status}`)
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (ignored.includes(name) || a[name] === b[name]) continue
    if (name === 'etag' && weakEtags && weakly(a[name]) === weakly(b[name])) continue
    lines.push(`${name}: ${a[name] ?? '(none)'} → ${b[name] ?? '(none)'}`)
  }
  return lines
}

export interface AskEveryWayOptions {
  /** Sent with every request (an API key, a session cookie). */
  headers?: Record<string, string>
  /**
   * Each compressed form must carry a strong ETag of its own (the Node server). nginx
   * weakens the tag of what it compresses on the fly, and its 304 carries the strong one:
   * without this, ETags are compared weakly, as If-None-Match compares them.
   */
  distinctStrongEtags?: boolean
}

const CODINGS = { none: undefined, gzip: 'gzip', br: 'br' } as const

/**
 * Asks for `url` in every way that must come back with the headers of one same response:
 * with Accept-Encoding br, gzip or none; as GET and as HEAD; revalidated with the ETag it
 * got (a 304); with a tag that does not match; and with a Range, which we do not honour.
 * Returns one line per difference, each naming the request that got it; none when all agree.
 */
export async function headerMismatches(
  url: string,
  { headers = {}, distinctStrongEtags = false }: AskEveryWayOptions = {},
): Promise<string[]> {
  const found: string[] = []
  const compare = (label: string, expected: Answer, got: Answer, ignored: string[] = []) => {
    const options = { ignored, weakEtags: !distinctStrongEtags }
    for (const line of differences(expected, got, options)) found.push(`${label}: ${line}`)
  }
  const plain = await ask(url, 'GET', headers)
  for (const accept of Object.values(CODINGS)) {
    const asked = accept ? { ...headers, 'accept-encoding': accept } : headers
    const get = await ask(url, 'GET', asked)
    const label = (what: string) => `${what} (Accept-Encoding: ${accept ?? 'none'})`
    compare(label('GET'), plain, get, CODING_FIELDS)
    if (distinctStrongEtags && plain.headers.etag && get.headers['content-encoding']) {
      const tag = get.headers.etag ?? ''
      if (!/^"[^"]*"$/.test(tag) || tag === plain.headers.etag) {
        found.push(`${label('GET')}: etag ${tag || '(none)'} is not a strong tag of its own`)
      }
    }
    // A HEAD may leave out a length known only once the body is made (RFC 9110 §9.3.2).
    const head = await ask(url, 'HEAD', asked)
    compare(label('HEAD'), get, head, head.headers['content-length'] ? [] : ['content-length'])
    const other = await ask(url, 'GET', { ...asked, 'if-none-match': '"not-this-one"' })
    compare(label('GET with a tag that does not match'), get, other)
    compare(label('GET with a Range'), get, await ask(url, 'GET', { ...asked, range: 'bytes=0-9' }))
    const etag = get.headers.etag
    if (etag === undefined || get.status !== 200) continue
    for (const method of ['GET', 'HEAD']) {
      const answer = await ask(url, method, { ...asked, 'if-none-match': etag })
      const leftOut = BODY_FIELDS.filter((name) => answer.headers[name] === undefined)
      compare(
        label(`${method} revalidated with its ETag`),
        { ...get, status: 304 },
        answer,
        leftOut,
      )
    }
  }
  return found
}

/** The lines in which two answers differ, for two URLs that name the same thing. */
export async function sameAnswerMismatches(
  first: string,
  second: string,
  headers: Record<string, string> = {},
): Promise<string[]> {
  const [a, b] = await Promise.all([ask(first, 'GET', headers), ask(second, 'GET', headers)])
  return differences(a, b).map((line) => `${second} against ${first}: ${line}`)
}
