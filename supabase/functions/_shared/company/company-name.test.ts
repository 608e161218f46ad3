import { describe, expect, it } from 'vitest'
import { company, companyDefaultsWarning, factsAtDefault } from './company.ts'
import { companyDefaults } from './company-defaults.ts'
import { companyFacts } from './company-facts.ts'
import { asciiToken, companyName, nameInSentence } from './company-name.ts'
import { USER_AGENT } from '../webhooks/webhook-delivery.ts'

describe("the company's name in a sentence", () => {
  it('keeps the spec’s heading for the company, with the article its facts give', () => {
    // "Por que escolher a Aurora Digital?", "… o Grupo Faria?", "… Natura?"
    const the = [company.article, company.name].filter(Boolean).join(' ')
    expect(`Por que escolher ${companyName.the}?`).toBe(`Por que escolher ${the}?`)
  })

  it('joins each preposition with a feminine, a masculine or no article', () => {
    expect(nameInSentence('Nébula Sistemas', 'a')).toEqual({
      the: 'a Nébula Sistemas',
      The: 'A Nébula Sistemas',
      of: 'da Nébula Sistemas',
      in: 'na Nébula Sistemas',
      to: 'à Nébula Sistemas',
      by: 'pela Nébula Sistemas',
      with: 'com a Nébula Sistemas',
      for: 'para a Nébula Sistemas',
    })
    expect(nameInSentence('Grupo Faria', 'o')).toEqual({
      the: 'o Grupo Faria',
      The: 'O Grupo Faria',
      of: 'do Grupo Faria',
      in: 'no Grupo Faria',
      to: 'ao Grupo Faria',
      by: 'pelo Grupo Faria',
      with: 'com o Grupo Faria',
      for: 'para o Grupo Faria',
    })
    expect(nameInSentence('Natura', '')).toMatchObject({
      the: 'Natura',
      The: 'Natura',
      of: 'de Natura',
      to: 'a Natura',
      with: 'com Natura',
    })
  })
})

describe('the company as a protocol token', () => {
  it('drops accents and spaces rather than letters', () => {
    expect(asciiToken('Nébula Sistemas')).toBe('NebulaSistemas')
    expect(asciiToken('Ação & Código Ltda.')).toBe('AcaoCodigoLtda')
    expect(asciiToken('北京')).toBe('Site')
  })

  it('names the webhooks’ sender with a valid User-Agent product', () => {
    expect(USER_AGENT).toBe(`${asciiToken(company.name)}-Webhooks/1.0`)
    expect(USER_AGENT).toMatch(/^[A-Za-z0-9]+-Webhooks\/1\.0$/)
  })
})

describe('facts a fork has not set yet', () => {
  it('are none for the company as shipped: every fact is in company-facts.ts', () => {
    expect(factsAtDefault()).toEqual([])
    expect(companyDefaultsWarning()).toBeUndefined()
    for (const fact of Object.keys(companyDefaults)) expect(companyFacts).toHaveProperty(fact)
  })

  it('are named with the default in use when a fork’s file lacks them (a later version added them)', () => {
    const olderFork = Object.fromEntries(
      Object.entries(companyFacts).filter(
        ([fact]) => fact !== 'consultationMinutes' && fact !== 'article',
      ),
    )
    const atDefault = factsAtDefault(olderFork)
    expect(atDefault).toEqual([
      { fact: 'article', value: 'a' },
      { fact: 'consultationMinutes', value: 30 },
    ])
    expect(companyDefaultsWarning(atDefault)).toBe(
      'Company facts at their defaults, not set in supabase/functions/_shared/company/company-facts.ts: article = "a"; consultationMinutes = 30. Set each there if it is not the company\'s (CHANGELOG.md says which version added it).',
    )
  })
})
