/**
 * The mail sweep (POST …/send-contact-email/retry) sends what is due and reports counts: only
 * the scheduler may run it. pg_cron sends the secret from Supabase Vault (`mail_sweep_secret`,
 * migration 20261124000210) in this header; the function compares it with MAIL_SWEEP_SECRET.
 */
export const SWEEP_SECRET_HEADER = 'x-mail-sweep-secret'

/** Long enough not to be guessed: `openssl rand -hex 32` gives 64 characters. */
export const SWEEP_SECRET_MIN_LENGTH = 32

/** Printable ASCII without spaces: it travels in an HTTP header as is. */
const SWEEP_SECRET_SHAPE = /^[\x21-\x7e]+$/

/** The problem with a secret setting's value (named `name`), or null when it will do. */
export const secretProblem = (name: string, value: string): string | null =>
  value.length < SWEEP_SECRET_MIN_LENGTH || value.length > 1024 || !SWEEP_SECRET_SHAPE.test(value)
    ? `${name} must be ${SWEEP_SECRET_MIN_LENGTH} to 1024 printable ASCII characters without spaces (e.g. \`openssl rand -hex 32\`).`
    : null

/** The problem with a MAIL_SWEEP_SECRET value, or null when it will do. */
export const sweepSecretProblem = (value: string): string | null =>
  secretProblem('MAIL_SWEEP_SECRET', value)

const sha256 = async (text: string) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))

/**
 * Whether the caller gave the secret, in time that tells nothing about how much of it was
 * right (or how long it is): both values are hashed to 32 bytes and every byte is compared.
 * Without a configured secret nobody gets in.
 */
export const secretMatches = async (
  given: string | null,
  expected: string | undefined,
): Promise<boolean> => {
  if (expected === undefined || given === null) return false
  const [a, b] = await Promise.all([sha256(given), sha256(expected)])
  let difference = 0
  for (let index = 0; index < a.length; index += 1) {
    difference |= (a[index] ?? 0) ^ (b[index] ?? 0)
  }
  return difference === 0
}

/** Whether the caller may run the sweep: it gave MAIL_SWEEP_SECRET. */
export const isSweepAllowed = secretMatches
