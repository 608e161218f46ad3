import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * Password hashes in the PHC string format: `$scrypt$ln=15,r=8,p=1$<salt>$<hash>` (base64
 * without padding). scrypt is in node:crypto, so no dependency; it runs on libuv's thread
 * pool, so a sign-in never blocks the visitors' requests.
 */
export interface PasswordHash {
  logN: number
  r: number
  p: number
  salt: Buffer
  hash: Buffer
}

/** 2^15 × r=8 uses 32 MiB and about 0.1 s per check here; OWASP's floor is 2^17 × 8 × 1 / 5. */
const DEFAULT_COST = { logN: 15, r: 8, p: 1 }
/** Weaker hashes than this are refused, so a pasted test hash cannot guard a real desk. */
const MIN_LOG_N = 14
const KEY_BYTES = 32

const derive = (password: string, salt: Buffer, cost: Omit<PasswordHash, 'salt' | 'hash'>) => {
  const options: ScryptOptions = {
    N: 2 ** cost.logN,
    r: cost.r,
    p: cost.p,
    // scrypt needs 128 × N × r bytes; Node's default ceiling (32 MiB) is just too small.
    maxmem: 256 * 2 ** cost.logN * cost.r,
  }
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

const b64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '')

export const formatPasswordHash = ({ logN, r, p, salt, hash }: PasswordHash): string =>
  `$scrypt$ln=${logN},r=${r},p=${p}$${b64(salt)}$${b64(hash)}`

/** A new hash with a random salt; a given salt gives the same hash for the same password. */
export const hashPassword = async (
  password: string,
  cost = DEFAULT_COST,
  salt: Buffer = randomBytes(16),
): Promise<string> =>
  formatPasswordHash({ ...cost, salt, hash: await derive(password, salt, cost) })

const PHC =
  /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{16,})\$([A-Za-z0-9+/]{32,})$/

/** The hash, or a sentence saying what is wrong with the text. */
export const parsePasswordHash = (text: string): PasswordHash | { problem: string } => {
  const match = PHC.exec(text.trim())
  if (!match) {
    return { problem: 'is not a password hash from `npm run leads -- hash-password`.' }
  }
  const [, logN, r, p, salt, hash] = match
  const parsed = {
    logN: Number(logN),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt ?? '', 'base64'),
    hash: Buffer.from(hash ?? '', 'base64'),
  }
  if (parsed.logN < MIN_LOG_N || parsed.logN > 20 || parsed.r < 8 || parsed.p < 1) {
    return { problem: `is too cheap to compute (at least ln=${MIN_LOG_N}, r=8); make a new one.` }
  }
  return parsed
}

/** Compares in constant time: how long it takes says nothing about how close a guess was. */
export const verifyPassword = async (candidate: string, stored: PasswordHash): Promise<boolean> => {
  const key = await derive(candidate, stored.salt, stored)
  return key.length === stored.hash.length && timingSafeEqual(key, stored.hash)
}
