import { describe, expect, it } from 'vitest'
import { company } from '#shared/company/company.ts'
import {
  demoFactsInUse,
  demoFactsProblem,
  demoFactsWarning,
  type DemoCheckedFacts,
} from './demo-facts.ts'
import { generatedCompanies } from '../tests/support/generated-companies.ts'

/** The demo company as 1.3.0 ships it: what a fork that changed nothing still publishes. */
const DEMO: DemoCheckedFacts = {
  name: 'Aurora Digital', // company-fact-ok: the demo's own, which the guard recognises
  inbox: 'contato@auroradigital.com.br', // company-fact-ok: the demo's own, which the guard recognises
  phone: '+55 (11) 7000-0100', // company-fact-ok: the demo's own, which the guard recognises
  whatsapp: '551170000100', // company-fact-ok: the demo's own, which the guard recognises
  siteUrl: 'https://www.auroradigital.com.br', // company-fact-ok: the demo's own, which the guard recognises
  legal: { name: 'Aurora Digital Tecnologia Ltda.', cnpj: '12.345.678/0001-95' }, // company-fact-ok: the demo's own, which the guard recognises
  dataProtectionOfficer: { name: 'Mariana Costa', email: 'privacidade@auroradigital.com.br' }, // company-fact-ok: the demo's own, which the guard recognises
}

/** The examples 1.1 and 1.2 shipped, which a fork made from them may still have. */
const EARLIER: DemoCheckedFacts = {
  ...DEMO,
  phone: '+55 (11) 4002-8922', // company-fact-ok: the demo's own, which the guard recognises
  whatsapp: '551140028922', // company-fact-ok: the demo's own, which the guard recognises
  legal: { ...DEMO.legal, cnpj: 'EX.EMP.LO0/0001-54' }, // company-fact-ok: the demo's own, which the guard recognises
  dataProtectionOfficer: { ...DEMO.dataProtectionOfficer, name: 'Fulana de Tal' }, // company-fact-ok: the demo's own, which the guard recognises
}

/**
 * A company of its own in every fact, one a fork could be (generated-companies.ts, which the
 * fork-facts guard lets hold companies' facts): a sample written here would be some fork's own.
 */
const own = generatedCompanies[0]
if (!own) throw new Error('tests/support/generated-companies.ts lists no company')
const OWN: DemoCheckedFacts = own.facts

const PRODUCTION = { NODE_ENV: 'production' }

describe("the demo company's facts", () => {
  it('are each named, however they are written', () => {
    expect(demoFactsInUse(DEMO).map(({ fact }) => fact)).toEqual([
      'name',
      'inbox',
      'phone',
      'whatsapp',
      'siteUrl',
      'legal.name',
      'legal.cnpj',
      'dataProtectionOfficer.name',
      'dataProtectionOfficer.email',
    ])
    const rewritten = {
      ...OWN,
      inbox: ' CONTATO@AuroraDigital.com.br ', // company-fact-ok: the demo's own, which the guard recognises
      phone: '(11) 7000 0100'.replace('(11)', '+55 11'), // company-fact-ok: the demo's own, which the guard recognises
      siteUrl: 'https://auroradigital.com.br/', // company-fact-ok: the demo's own, which the guard recognises
      legal: { ...OWN.legal, cnpj: '12345678000195' }, // company-fact-ok: the demo's own, which the guard recognises
    }
    expect(demoFactsInUse(rewritten).map(({ fact }) => fact)).toEqual([
      'inbox',
      'phone',
      'siteUrl',
      'legal.cnpj',
    ])
    expect(demoFactsInUse(OWN)).toEqual([])
  })

  it('are named too as earlier versions wrote them, so a fork made from one is told', () => {
    expect(demoFactsInUse(EARLIER).map(({ fact }) => fact)).toEqual(
      demoFactsInUse(DEMO).map(({ fact }) => fact),
    )
  })

  it('stop a production start, naming each value, unless DEMO_SITE=true says it is a demonstration', () => {
    const problem = demoFactsProblem(PRODUCTION, DEMO) ?? '' // company-fact-ok: the demo's own, which the guard recognises
    expect(problem).toContain('NODE_ENV=production') // company-fact-ok: the demo's own, which the guard recognises
    expect(problem).toContain('inbox = "contato@auroradigital.com.br"') // company-fact-ok: the demo's own, which the guard recognises
    expect(problem).toContain('whatsapp = "551170000100"') // company-fact-ok: the demo's own, which the guard recognises
    expect(problem).toContain('legal.cnpj = "12.345.678/0001-95"') // company-fact-ok: the demo's own, which the guard recognises
    expect(problem).toContain('DEMO_SITE=true')
    expect(demoFactsProblem({ ...PRODUCTION, DEMO_SITE: 'true' }, DEMO)).toBeUndefined()
    expect(demoFactsProblem({}, DEMO)).toBeUndefined()
    expect(demoFactsProblem(PRODUCTION, OWN)).toBeUndefined()
    expect(demoFactsWarning(DEMO)).toContain('phone = "+55 (11) 7000-0100"') // company-fact-ok: the demo's own, which the guard recognises
    expect(demoFactsWarning(OWN)).toBeUndefined()
  })

  it('are warned about in this copy exactly when it still has one', () => {
    expect(demoFactsWarning() === undefined).toBe(demoFactsInUse(company).length === 0)
  })
})
