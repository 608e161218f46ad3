/**
 * Signing as Standard Webhooks specifies (spec/standard-webhooks.md, "Signature scheme" and
 * "Webhook headers"): HMAC-SHA256 over `<webhook-id>.<webhook-timestamp>.<body>` with the
 * secret's bytes, sent as `v1,<base64>`; several signatures, space separated, while a secret
 * is being replaced. Web Crypto only, so Node and Deno run the same code.
 */

const SECRET_PREFIX = 'whsec_'
/** The spec: random, at least 24 bytes (192 bits); 64 at most (512 bits). */
const MIN_SECRET_BYTES = 24
const MAX_SECRET_BYTES = 64
const SECRET_PART = /^whsec_[A-Za-z0-9+/]+={0,2}$/

const fromBase64 = (text: string): Uint8Array<ArrayBuffer> | null => {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  } catch {
    return null
  }
}

const toBase64 = (bytes: Uint8Array): string => {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** The problem with a secret's text (one or several `whsec_…`), or null when it will sign. */
export const webhookSecretProblem = (name: string, text: string): string | null => {
  const parts = text.trim().split(/\s+/)
  const fine = parts.every((part) => {
    if (!SECRET_PART.test(part)) return false
    const bytes = fromBase64(part.slice(SECRET_PREFIX.length))
    return bytes !== null && bytes.length >= MIN_SECRET_BYTES && bytes.length <= MAX_SECRET_BYTES
  })
  return fine
    ? null
    : `${name} must be whsec_ followed by the base64 of ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} random bytes (several separated by spaces while replacing one); make one with: echo "whsec_$(openssl rand -base64 32)"`
}

/** The keys a secret's text holds, ready to sign with; empty for text that is not one. */
export const readWebhookSecrets = (text: string | null | undefined): Uint8Array<ArrayBuffer>[] => {
  if (text === null || text === undefined || webhookSecretProblem('secret', text) !== null) {
    return []
  }
  return text
    .trim()
    .split(/\s+/)
    .map((part) => fromBase64(part.slice(SECRET_PREFIX.length)))
    .filter((bytes): bytes is Uint8Array<ArrayBuffer> => bytes !== null)
}

const encoder = new TextEncoder()

/**
 * The `webhook-signature` header's value for one attempt: a `v1,<base64>` signature per key.
 * The timestamp is the attempt's, in seconds; the body exactly the bytes sent.
 */
export const signWebhook = async (
  id: string,
  timestampSeconds: number,
  body: string,
  keys: Uint8Array<ArrayBuffer>[],
): Promise<string> => {
  const content = encoder.encode(`${id}.${timestampSeconds}.${body}`)
  const signatures = await Promise.all(
    keys.map(async (key) => {
      const hmac = await crypto.subtle.importKey(
        'raw',
        key,
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign'],
      )
      return `v1,${toBase64(new Uint8Array(await crypto.subtle.sign('HMAC', hmac, content)))}`
    }),
  )
  return signatures.join(' ')
}
