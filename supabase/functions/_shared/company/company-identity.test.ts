import { describe, expect, it } from 'vitest'
import { cnpjCheckDigits, formatCnpj, isValidCnpj } from './cnpj.ts'
import { companyIdentityProblems, type CompanyIdentity } from './company-identity.ts'
import { whatsappLink } from './whatsapp.ts'

describe('a CNPJ', () => {
  it('holds when its two check digits are the mod 11 of the first twelve', () => {
    // The Receita Federal's own example of the numeric layout.
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true)
    expect(isValidCnpj('11222333000181')).toBe(true)
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false)
    expect(isValidCnpj('11.222.333/0001-18')).toBe(false)
    expect(cnpjCheckDigits('112223330001')).toBe('81')
  })

  it('takes the alphanumeric layout of July 2026 (letters count as their ASCII code minus 48)', () => {
    // The example of the Receita Federal's technical note on the alphanumeric CNPJ.
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true)
    expect(isValidCnpj('12abc34501de35')).toBe(true)
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false)
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35')
  })

  it('refuses what only looks like one: wrong length, letters among the check digits, one repeated character', () => {
    for (const text of [
      '',
      '11.222.333/0001-8',
      '11.222.333/0001-811',
      '12.ABC.345/01DE-3A',
      '00.000.000/0000-00',
      '11.111.111/1111-11',
      '11.222.333/0001-81\n<script>',
    ]) {
      expect(isValidCnpj(text), text).toBe(false)
    }
  })
})

describe("the company's identity facts", () => {
  const facts = (changes: Partial<CompanyIdentity> = {}): CompanyIdentity => ({
    name: 'Borboleta Sistemas',
    whatsapp: '553133334444',
    legal: { name: 'Borboleta Sistemas Ltda.', cnpj: '11.222.333/0001-81' },
    dataProtectionOfficer: { name: 'Maria Silva', email: 'dpo@borboleta.example' },
    replyPromiseHours: 24,
    replyAlertAfterHours: 20,
    ...changes,
  })

  it('are all right as shipped and as a fork sets them', () => {
    // company.ts as this copy has it: the demo's, or a fork's own.
    expect(companyIdentityProblems()).toEqual([])
    expect(companyIdentityProblems(facts())).toEqual([])
  })

  it('name each field a fork got wrong', () => {
    const problems = companyIdentityProblems(
      facts({
        whatsapp: '+55 (31) 3333-4444',
        legal: { name: ' ', cnpj: '11.222.333/0001-80' },
        dataProtectionOfficer: { name: '', email: 'dpo' },
        replyPromiseHours: 24,
        replyAlertAfterHours: 24,
      }),
    )
    expect(problems.join('\n')).toMatch(/legal\.name/)
    expect(problems.join('\n')).toMatch(/legal\.cnpj.*11\.222\.333\/0001-80/)
    expect(problems.join('\n')).toMatch(/dataProtectionOfficer\.name/)
    expect(problems.join('\n')).toMatch(/dataProtectionOfficer\.email/)
    expect(problems.join('\n')).toMatch(/whatsapp/)
    expect(problems.join('\n')).toMatch(/replyAlertAfterHours .*less than/)
  })
})

describe('the WhatsApp link', () => {
  it('is wa.me with the digits and the message encoded, and none without a number', () => {
    expect(whatsappLink('556533334444', 'Olá, tudo bem? 100% & mais')).toBe(
      'https://wa.me/556533334444?text=Ol%C3%A1%2C%20tudo%20bem%3F%20100%25%20%26%20mais',
    )
    for (const number of ['', '+556533334444', '55 65 3333-4444', '0556533334444', '5565']) {
      expect(whatsappLink(number), number).toBeUndefined()
    }
  })
})
