/**
 * A fork re-brands by editing company-facts.ts, and its `npm test` must pass unchanged: so no
 * test spells the company's facts (name, logo words, inbox, phone, city, site, office hours,
 * WhatsApp, legal name, CNPJ, encarregado, reply promise) in any form the site writes them;
 * each reads them from company.ts. This finds any spelling left, naming the file and line.
 */
import { expect, it } from 'vitest'
import { company } from '#shared/company/company.ts'
import { ROOT_DIR } from '../../server/paths.ts'
import {
  ALLOW_MARKER,
  factSpellings,
  findSpellings,
  findSpellingsUnder,
  testFiles,
} from '../support/company-fact-spellings.ts'
import OTHER from '../support/other-company.json'
import { cnpjCharacters, formatCnpj } from '#shared/company/cnpj.ts'
import type { Company } from '#shared/company/company.ts'
import { asciiToken } from '#shared/company/company-name.ts'
import { describeHours, describeHoursShort } from '#shared/support/durations.ts'
import { describeOfficeHours, schemaOpeningHours } from '../../src/content/office-hours.ts'

/**
 * Files that hold companies' facts as data: the re-brand test's other company, and the
 * companies the quick set renders the site for.
 */
const ALLOWED = ['tests/support/other-company.json', 'tests/support/generated-companies.ts']

it('finds no company fact spelled in a test or a test helper', async () => {
  const files = await testFiles(ROOT_DIR, ALLOWED)
  // The walk reaches both kinds of file the rule covers.
  expect(files).toContain('tests/integration/rebrand.test.ts')
  expect(files).toContain('src/entry-server.test.tsx')
  const findings = await findSpellingsUnder(ROOT_DIR, factSpellings(company), ALLOWED)
  const report = findings.map(
    ({ file, line, facts, text }) =>
      `${file}:${line} spells the company's ${facts.join(', ')}: ${text}`,
  )
  expect(report, 'read these from supabase/functions/_shared/company/company.ts').toEqual([])
})

it('catches each fact however a test would spell it, and lets comments and marked lines be', () => {
  const other: Company = {
    ...OTHER,
    logoWords: [OTHER.logoWords[0] ?? '', OTHER.logoWords[1] ?? ''],
    article: 'o',
  }
  const spellings = factSpellings(other)
  const found = (line: string) =>
    findSpellings('a.test.ts', line, spellings).flatMap(({ facts }) => facts)
  expect(found(`expect(html).toContain('${OTHER.name}')`)).toContain('name')
  expect(found(`'${OTHER.name.toUpperCase()}'`)).toEqual(['name'])
  expect(found(`'${asciiToken(OTHER.name)}2026'`)).toEqual(['name as one word'])
  expect(found(`getByText('${OTHER.logoWords[0]}')`)).toEqual(['logo word'])
  expect(found(`to: '${OTHER.inbox}'`)).toEqual(expect.arrayContaining(['inbox']))
  expect(found(`'ceo@${new URL(OTHER.siteUrl).hostname.replace(/^www\./, '')}'`)).toEqual(
    expect.arrayContaining(['site domain']),
  )
  expect(found(`name: '${OTHER.phone}'`)).toEqual(['phone'])
  expect(found(`'${OTHER.phoneHref}'`)).toEqual(['phone link'])
  expect(found(`{ city: '${OTHER.address.city}' }`)).toEqual(['city'])
  expect(found(`'${OTHER.siteUrl}/agendar'`)).toContain('site domain')
  expect(found(`'${describeOfficeHours(OTHER.officeHours)}'`)).toEqual(['office hours'])
  expect(found(`'Consultoria gratuita de ${OTHER.consultationMinutes} minutos'`)).toEqual([
    'consultation length',
  ])
  expect(found(`'subject=Re%3A%20para%20o%20${encodeURIComponent(OTHER.name)}'`)).toContain(
    'name, URL-encoded',
  )
  // As the structured data gives the hours.
  expect(found(`openingHours: '${schemaOpeningHours(OTHER.officeHours)}'`)).toEqual([
    'office hours, schema.org',
  ])
  expect(found(`'Razão social: ${OTHER.legal.name}'`)).toContain('legal name')
  expect(found(`'${formatCnpj(OTHER.legal.cnpj)}'`)).toEqual(['CNPJ'])
  expect(found(`cnpj: '${cnpjCharacters(OTHER.legal.cnpj)?.toLowerCase() ?? ''}'`)).toEqual([
    'CNPJ, characters only',
  ])
  expect(found(`getByText('${OTHER.dataProtectionOfficer.name}')`)).toEqual(['encarregado'])
  expect(found(`'mailto:${OTHER.dataProtectionOfficer.email}'`)).toContain("encarregado's e-mail")
  expect(
    found(`'Nossa equipe responde em até ${describeHours(OTHER.replyPromiseHours)}.'`),
  ).toEqual(['reply promise'])
  expect(found(`'Resposta em até ${describeHoursShort(OTHER.replyPromiseHours)}'`)).toEqual([
    'reply promise',
  ])
  // A company without WhatsApp has no number to find; one with it, its link and its digits.
  expect(spellings.map(({ fact }) => fact)).not.toContain('WhatsApp number')
  const chat = '5565998761234'
  const withChat = factSpellings({ ...other, whatsapp: chat })
  const foundWithChat = (line: string) =>
    findSpellings('a.test.ts', line, withChat).flatMap(({ facts }) => facts)
  expect(foundWithChat(`href: 'https://wa.me/${chat}?text=Ol%C3%A1'`)).toEqual([
    'WhatsApp link',
    'WhatsApp number',
  ])
  expect(foundWithChat(`whatsapp: '${chat}'`)).toEqual(['WhatsApp number'])
  expect(foundWithChat(`'${chat}0'`)).toEqual([])
  expect(found(`// 9h in ${OTHER.address.city}, 12:00Z`)).toEqual([])
  expect(found(`' * ${OTHER.name}'`)).toContain('name')
  expect(found(`'${OTHER.name}' // ${ALLOW_MARKER}: the page must not say it`)).toEqual([])
  expect(found(`'${OTHER.logoWords[1]?.toLowerCase() ?? ''} é uma palavra'`)).toEqual([])
})
