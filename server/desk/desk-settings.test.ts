import { describe, expect, it } from 'vitest'
import { readSettings } from '../settings.ts'
import { hashPassword } from './sign-in/password-hash.ts'
import { leadDeskStartupLine } from './startup-line.ts'

const problems = (env: Record<string, string>) => {
  const result = readSettings(env)
  return result.ok ? [] : result.problems
}

describe('lead desk settings', () => {
  it('leave the desk off and keep leads when nothing is set', () => {
    const result = readSettings({})
    if (!result.ok) throw new Error(result.problems.join())
    expect(result.settings.desk).toMatchObject({ password: undefined, retentionDays: undefined })
  })

  it('take a password as typed, spaces included', () => {
    const result = readSettings({ ADMIN_PASSWORD: ' correto cavalo bateria ' })
    if (!result.ok) throw new Error(result.problems.join())
    expect(result.settings.desk.password).toEqual({
      kind: 'plain',
      value: ' correto cavalo bateria ',
    })
  })

  it('refuse a weak password, a broken hash, both at once and a bad retention', async () => {
    expect(problems({ ADMIN_PASSWORD: 'admin' })).toEqual([
      'ADMIN_PASSWORD must have at least 12 characters.',
    ])
    expect(problems({ ADMIN_PASSWORD_HASH: 'abc' })[0]).toMatch(/^ADMIN_PASSWORD_HASH is not/)
    const hash = await hashPassword('correto cavalo bateria')
    expect(
      problems({ ADMIN_PASSWORD: 'correto cavalo bateria', ADMIN_PASSWORD_HASH: hash }),
    ).toEqual(['Set ADMIN_PASSWORD or ADMIN_PASSWORD_HASH, not both.'])
    expect(problems({ ADMIN_PASSWORD_HASH: hash })).toEqual([])
    expect(problems({ LEADS_RETENTION_DAYS: '0' })[0]).toMatch(/^LEADS_RETENTION_DAYS/)
    expect(problems({ LEADS_RETENTION_DAYS: '365' })).toEqual([])
  })
})

describe('the start-up line', () => {
  it('says where the desk is, or how to turn it on, and what retention does', () => {
    const on = readSettings({
      ADMIN_PASSWORD: 'correto cavalo bateria',
      LEADS_RETENTION_DAYS: '90',
    })
    const off = readSettings({})
    if (!on.ok || !off.ok) throw new Error('settings')
    expect(leadDeskStartupLine(on.settings, 'https://www.example.com.br/')).toBe(
      'Lead desk at https://www.example.com.br/painel (leads older than 90 days are deleted daily).',
    )
    expect(leadDeskStartupLine(off.settings, 'http://127.0.0.1:8080')).toMatch(
      /^Lead desk off: set ADMIN_PASSWORD, or ADMIN_PASSWORD_HASH from `npm run leads -- hash-password`, to open it at \/painel/,
    )
  })
})
