import type { DeskSettings } from '../desk-settings.ts'
import { hashPassword, parsePasswordHash, verifyPassword } from './password-hash.ts'

export type PasswordCheck = (candidate: string) => Promise<boolean>

/**
 * One comparison path for both settings: a plain ADMIN_PASSWORD is hashed once at start with a
 * random salt, so every guess costs the same scrypt as with ADMIN_PASSWORD_HASH and the plain
 * text is never compared directly.
 */
export const preparePasswordCheck = async (
  password: NonNullable<DeskSettings['password']>,
): Promise<PasswordCheck> => {
  const stored =
    password.kind === 'hash'
      ? password.value
      : parsePasswordHash(await hashPassword(password.value))
  if ('problem' in stored) throw new Error(`Could not hash ADMIN_PASSWORD: ${stored.problem}`)
  return (candidate) => verifyPassword(candidate, stored)
}
