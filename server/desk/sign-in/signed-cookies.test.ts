import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../tests/support/test-database.ts'
import type { Database } from '../../db/database.ts'
import { preparePassword } from './password-check.ts'
import { readSignedToken, signToken } from './signed-cookies.ts'

let db: Database
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

describe("the desk's signed cookies", () => {
  it('open only for the key and purpose they were signed with, whole and untouched', () => {
    const key = randomBytes(32)
    const token = randomBytes(32).toString('base64url')
    const cookie = signToken(key, 'session', token)
    expect(readSignedToken(key, 'session', cookie)).toBe(token)
    // A known browser's cookie is no session, and another database's key opens nothing.
    expect(readSignedToken(key, 'device', cookie)).toBeUndefined()
    expect(readSignedToken(randomBytes(32), 'session', cookie)).toBeUndefined()
    const [, mac = ''] = cookie.split('.')
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`
    for (const forged of [
      `${token}.${flipped}`,
      `${randomBytes(32).toString('base64url')}.${mac}`,
      token,
      `${cookie}.`,
      ` ${cookie}`,
      '',
      undefined,
    ]) {
      expect(readSignedToken(key, 'session', forged)).toBeUndefined()
    }
  })

  it('are signed with one key per database, the same for every server and every password', async () => {
    const [first, second] = await Promise.all([
      preparePassword(db, { kind: 'plain', value: 'correto cavalo bateria grampo' }),
      preparePassword(db, { kind: 'plain', value: 'correto cavalo bateria grampo' }),
    ])
    const changed = await preparePassword(db, { kind: 'plain', value: 'outra frase bem comprida' })
    expect(first.cookieKey.length).toBe(32)
    expect(second.cookieKey.equals(first.cookieKey)).toBe(true)
    expect(changed.cookieKey.equals(first.cookieKey)).toBe(true)
    expect(changed.fingerprint).not.toBe(first.fingerprint)
  })
})
