import { describe, expect, it } from 'vitest'
import { hashPassword, parsePasswordHash, verifyPassword } from './password-hash.ts'
import { companyToken } from '#shared/company/company-name.ts'
import { guessableWords, weakPasswordReason } from './password-policy.ts'

describe('password hashes', () => {
  it('verifies the password they were made from and nothing else', async () => {
    const text = await hashPassword('cavalo correto bateria')
    expect(text).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
    const parsed = parsePasswordHash(text)
    if ('problem' in parsed) throw new Error(parsed.problem)
    expect(await verifyPassword('cavalo correto bateria', parsed)).toBe(true)
    expect(await verifyPassword('cavalo correto bateriA', parsed)).toBe(false)
    expect(await verifyPassword('', parsed)).toBe(false)
  })

  it('salts every hash, so one password never gives the same text twice', async () => {
    expect(await hashPassword('cavalo correto bateria')).not.toBe(
      await hashPassword('cavalo correto bateria'),
    )
  })

  it('treats a composed and a decomposed accent as the same password', async () => {
    const parsed = parsePasswordHash(await hashPassword('coração valente 42'))
    if ('problem' in parsed) throw new Error(parsed.problem)
    expect(await verifyPassword('coração valente 42'.normalize('NFD'), parsed)).toBe(true)
  })

  it('refuses text that is no hash, or a hash too cheap to guard the desk', async () => {
    expect(parsePasswordHash('hunter2')).toHaveProperty('problem')
    const cheap = await hashPassword('cavalo correto bateria', { logN: 10, r: 8, p: 1 })
    expect(parsePasswordHash(cheap)).toEqual({
      problem: 'is too cheap to compute (at least ln=14, r=8); make a new one.',
    })
  })
})

describe('weak passwords', () => {
  it.each([
    ['short', 'curta1!'],
    ['repetitive', 'aaaaaaaaaaaaaaa'],
    ['a default with digits', 'Senha@2026!!'],
    ['English default', 'Password1234'],
    ['the company name', `${companyToken}2026`],
    ['digits only', '123456789012'],
  ])('refuses a %s one', (_kind, password) => {
    expect(weakPasswordReason(password)).toBeDefined()
  })

  it('refuses a company name with accents however it is written, the way it refuses one without', () => {
    const nebula = guessableWords({ name: 'Nébula Sistemas', logoWords: ['Nébula', 'Sistemas'] })
    for (const password of [
      'NébulaSistemas2026!',
      'Nébula@2026!!',
      'nebula sistemas 2026',
      'NEBULA-2026-!!',
    ]) {
      expect(weakPasswordReason(password, nebula), password).toBe(
        'is a common or default password; use a passphrase or a generated one.',
      )
    }
    expect(weakPasswordReason('correto cavalo bateria grampo', nebula)).toBeUndefined()
  })

  it('accepts a passphrase or a generated password', () => {
    expect(weakPasswordReason('correto cavalo bateria grampo')).toBeUndefined()
    expect(weakPasswordReason('q7R#vX2!mP9z')).toBeUndefined()
  })
})
