/**
 * How the API reads a request body, the same on Node and Deno: uncompressed only, and never
 * more than a limit. supabase-js never compresses a body, so a content coding is refused
 * rather than decoded: decoding would need its own limit on the decoded size (a 64 KB gzip
 * body can inflate to gigabytes) for no caller that exists.
 */

/** RFC 9110 §12.5.3: a 415 for a content coding names the codings the server accepts. */
export const ACCEPTED_BODY_ENCODINGS = 'identity'

/**
 * The content coding a body carries that we cannot read, or null when it is plain. Codings
 * are case-insensitive and may be listed ("gzip, identity"); only `identity` (or none) is
 * plain.
 */
export const unsupportedContentEncoding = (headers: Headers): string | null => {
  const codings = (headers.get('content-encoding') ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter(Boolean)
  const other = codings.filter((coding) => coding !== 'identity')
  return other.length > 0 ? other.join(', ') : null
}

export type BodyRead =
  { ok: true; bytes: Uint8Array } | { ok: false; problem: 'too_large' | 'unreadable' }

/**
 * Reads at most `limit` bytes. It stops as soon as the body proves larger (a declared
 * Content-Length is believed before any byte is read) and leaves the rest unread rather than
 * cancelling the stream: on Node, cancelling destroys the socket before the 413 is written,
 * and the server discards what is left so the connection can carry the next request.
 */
export const readBodyWithin = async (req: Request, limit: number): Promise<BodyRead> => {
  const declared = req.headers.get('content-length')
  if (declared !== null && Number(declared) > limit) return { ok: false, problem: 'too_large' }
  if (!req.body) return { ok: true, bytes: new Uint8Array(0) }
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limit) return { ok: false, problem: 'too_large' }
      chunks.push(value)
    }
  } catch {
    // The client went away or the body broke off: nobody is left to read an answer.
    return { ok: false, problem: 'unreadable' }
  } finally {
    reader.releaseLock()
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { ok: true, bytes }
}

export type JsonParse =
  { ok: true; value: unknown } | { ok: false; problem: 'invalid' | 'too_deep' }

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Decodes UTF-8 and parses JSON, refusing nesting deeper than `maxDepth` before parsing. Bytes
 * that are not UTF-8 are refused, never turned into replacement characters in a lead.
 */
export const parseJsonBody = (bytes: Uint8Array, maxDepth: number): JsonParse => {
  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    return { ok: false, problem: 'invalid' }
  }
  if (jsonNestsDeeperThan(text, maxDepth)) return { ok: false, problem: 'too_deep' }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false, problem: 'invalid' }
  }
}

/**
 * True when arrays and objects nest deeper than `limit`. A contact message is flat; a body
 * nested thousands deep is only an attack, and would overflow the stack of whatever walks it
 * recursively (JSON.stringify, a driver), so it is refused before parsing.
 */
export const jsonNestsDeeperThan = (text: string, limit: number): boolean => {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index)
    if (inString) {
      if (char === 0x5c)
        index += 1 // backslash: skip the escaped character
      else if (char === 0x22) inString = false
    } else if (char === 0x22) {
      inString = true
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1
      if (depth > limit) return true
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1
    }
  }
  return false
}
