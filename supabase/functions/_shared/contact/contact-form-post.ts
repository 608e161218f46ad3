import { ATTRIBUTION_FIELDS, readArrival, type Attribution } from './attribution.ts'
import { CONTACT_FORM_FIELDS } from './contact-form-fields.ts'
import {
  ACCEPTED_BODY_ENCODINGS,
  readBodyWithin,
  unsupportedContentEncoding,
} from '../http/request-body.ts'

/**
 * The contact form as a browser posts it by itself: `application/x-www-form-urlencoded`,
 * UTF-8 (the form says `accept-charset="UTF-8"`). Read the same way by the Node server's
 * /contato route and the submit-contact-form Edge Function.
 */

/**
 * The same cap as the REST route. Percent-encoding triples every byte that is not ASCII, so a
 * message of 5000 emoji (20 KB as UTF-8) arrives as 60 KB: it fits, with the other fields.
 */
export const MAX_FORM_BODY_BYTES = 64 * 1024

/** The `integer` column's ceiling: a tab left open for 25 days must not make the insert fail. */
const MAX_ELAPSED_MS = 2_147_483_647

/** What the form sent; a field it did not send is null, and the database says what is missing. */
export interface ContactFormPost {
  name: string | null
  email: string | null
  company: string | null
  message: string | null
  trap: string | null
  /** Null when the page's script did not run: the database then does not judge the time. */
  elapsedMs: number | null
  /** Where the visitor came from: the hidden fields, or the Referer (attributionOf). */
  attribution: Attribution
}

export type ContactFormPostRead =
  | { ok: true; post: ContactFormPost }
  | { ok: false; status: 400 | 413 | 415; problem: string; headers?: Record<string, string> }

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

const hexValue = (byte: number | undefined): number => {
  if (byte === undefined) return -1
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57
  return -1
}

/**
 * One name or value of an urlencoded body: `+` is a space, `%XX` a byte, and the bytes must be
 * UTF-8. URLSearchParams would turn bytes that are not UTF-8 into U+FFFD, and a lead must
 * never be stored with characters the visitor did not type; undefined says so.
 */
const decodeComponent = (bytes: Uint8Array): string | undefined => {
  const out = new Uint8Array(bytes.length)
  let length = 0
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index] as number
    const high = byte === 0x25 ? hexValue(bytes[index + 1]) : -1
    const low = high >= 0 ? hexValue(bytes[index + 2]) : -1
    if (byte === 0x2b) {
      out[length++] = 0x20
    } else if (low >= 0) {
      out[length++] = high * 16 + low
      index += 2
    } else {
      out[length++] = byte
    }
  }
  try {
    return utf8.decode(out.subarray(0, length))
  } catch {
    return undefined
  }
}

/** Every name=value pair, in order; undefined when any of them is not UTF-8. */
export const parseUrlEncoded = (bytes: Uint8Array): [string, string][] | undefined => {
  const pairs: [string, string][] = []
  let start = 0
  while (start <= bytes.length) {
    let end = bytes.indexOf(0x26, start)
    if (end === -1) end = bytes.length
    if (end > start) {
      const pair = bytes.subarray(start, end)
      const equals = pair.indexOf(0x3d)
      const name = decodeComponent(equals === -1 ? pair : pair.subarray(0, equals))
      const value = decodeComponent(equals === -1 ? new Uint8Array(0) : pair.subarray(equals + 1))
      if (name === undefined || value === undefined) return undefined
      pairs.push([name, value])
    }
    start = end + 1
  }
  return pairs
}

const readElapsedMs = (text: string | null): number | null =>
  text !== null && /^\d{1,16}$/.test(text) ? Math.min(Number(text), MAX_ELAPSED_MS) : null

/**
 * The hidden attribution fields, filled by the page's script on submit. Without script they
 * are empty, and the one thing known is the page the form was sent from: on the Node server
 * the browser sends that page's whole address as Referer (the post is same-origin, and the
 * site's Referrer-Policy strict-origin-when-cross-origin keeps it whole), so its path and
 * utm_* are read from it. A Referer from another origin is ignored: the Edge Function is
 * another origin than the site, and gets only the site's origin, which says nothing.
 */
const attributionOf = (field: (name: string) => string | null, req: Request): Attribution => {
  const posted: Attribution = {}
  for (const name of ATTRIBUTION_FIELDS) {
    const value = field(name)
    if (value) posted[name] = value
  }
  if (Object.keys(posted).length > 0) return posted
  try {
    const referer = new URL(req.headers.get('referer') ?? '')
    // The host alone: behind a proxy that ends TLS the server sees http, the browser https.
    if (referer.host !== new URL(req.url).host) return {}
    return readArrival(referer, '')
  } catch {
    return {}
  }
}

/** A media type's essence and its parameters, names in lower case. */
const parseContentType = (header: string | null) => {
  const [essence = '', ...params] = (header ?? '').split(';').map((part) => part.trim())
  const parameters = new Map<string, string>()
  for (const param of params) {
    const equals = param.indexOf('=')
    if (equals > 0) {
      const value = param.slice(equals + 1).trim()
      parameters.set(param.slice(0, equals).trim().toLowerCase(), value.replace(/^"(.*)"$/, '$1'))
    }
  }
  return { essence: essence.toLowerCase(), parameters }
}

/**
 * The form's fields from a POST, or why it cannot be read: 415 for another media type, a
 * charset other than UTF-8 or a compressed body, 413 over the cap, 400 for bytes that are not
 * UTF-8. The first value of a repeated field counts; fields the form does not have are ignored.
 */
export const readContactFormPost = async (req: Request): Promise<ContactFormPostRead> => {
  const { essence, parameters } = parseContentType(req.headers.get('content-type'))
  const charset = parameters.get('charset')?.toLowerCase()
  if (essence !== 'application/x-www-form-urlencoded' || (charset && charset !== 'utf-8')) {
    return {
      ok: false,
      status: 415,
      problem: 'Send the form as application/x-www-form-urlencoded in UTF-8.',
    }
  }
  const encoding = unsupportedContentEncoding(req.headers)
  if (encoding !== null) {
    return {
      ok: false,
      status: 415,
      problem: `The request body must not be compressed (Content-Encoding: ${encoding}).`,
      headers: { 'Accept-Encoding': ACCEPTED_BODY_ENCODINGS },
    }
  }
  const read = await readBodyWithin(req, MAX_FORM_BODY_BYTES)
  if (!read.ok) {
    return read.problem === 'too_large'
      ? { ok: false, status: 413, problem: 'The form is larger than this server accepts.' }
      : { ok: false, status: 400, problem: 'The request body could not be read.' }
  }
  const pairs = parseUrlEncoded(read.bytes)
  if (!pairs) return { ok: false, status: 400, problem: 'The form is not valid UTF-8.' }
  const field = (name: string) => pairs.find(([key]) => key === name)?.[1] ?? null
  return {
    ok: true,
    post: {
      name: field(CONTACT_FORM_FIELDS.name),
      email: field(CONTACT_FORM_FIELDS.email),
      company: field(CONTACT_FORM_FIELDS.company),
      message: field(CONTACT_FORM_FIELDS.message),
      trap: field(CONTACT_FORM_FIELDS.trap),
      elapsedMs: readElapsedMs(field(CONTACT_FORM_FIELDS.elapsedMs)),
      attribution: attributionOf(field, req),
    },
  }
}
