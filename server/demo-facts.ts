import { createHash } from 'node:crypto'
import { company, COMPANY_FACTS_FILE } from '#shared/company/company.ts'

/**
 * The demo company's facts, recognised in a fork that has not replaced them: its name, inbox,
 * phone, WhatsApp, site, legal identity and encarregado. Kept as digests, so the guard itself
 * ships none of the demo's values. A production start refuses them unless DEMO_SITE=true says
 * the site is a demonstration; the build and a development start warn (decision 069).
 */
export interface DemoCheckedFacts {
  readonly name: string
  readonly inbox: string
  readonly phone: string
  readonly whatsapp: string
  readonly siteUrl: string
  readonly legal: { readonly name: string; readonly cnpj: string }
  readonly dataProtectionOfficer: { readonly name: string; readonly email: string }
}

const lower = (text: string) => text.trim().toLowerCase()
const digits = (text: string) => text.replace(/\D/g, '')
const host = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return lower(url)
  }
}

/** sha256 of the compared form, first 32 hex digits. */
const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32)

/**
 * Each fact as written, the form it is compared in (case, punctuation and `www.` aside), and the
 * demo's: today's first, then what earlier versions shipped (until 1.3 the phone, the WhatsApp,
 * the CNPJ and the encarregado were other examples), so a fork made from any of them is told.
 */
const DEMO: {
  fact: string
  value: (facts: DemoCheckedFacts) => string
  form: (text: string) => string
  digests: readonly string[]
}[] = [
  {
    fact: 'name',
    value: (f) => f.name,
    form: lower,
    digests: ['0f72731a65ea40f5b3ed8392a44b965d'],
  },
  {
    fact: 'inbox',
    value: (f) => f.inbox,
    form: lower,
    digests: ['3a452125e612b64b513557c6358f0b78'],
  },
  {
    fact: 'phone',
    value: (f) => f.phone,
    form: digits,
    digests: ['0c39b8c29ea5313510957cc58a009bb0', 'df0e1ce3a6ea91ca52804eeca1dca11a'],
  },
  {
    fact: 'whatsapp',
    value: (f) => f.whatsapp,
    form: digits,
    digests: ['0c39b8c29ea5313510957cc58a009bb0', 'df0e1ce3a6ea91ca52804eeca1dca11a'],
  },
  {
    fact: 'siteUrl',
    value: (f) => f.siteUrl,
    form: host,
    digests: ['72cd9d7c323582656baab9ee9090a805'],
  },
  {
    fact: 'legal.name',
    value: (f) => f.legal.name,
    form: lower,
    digests: ['4dd8b0f16c703a394745a998519af1f7'],
  },
  {
    fact: 'legal.cnpj',
    value: (f) => f.legal.cnpj,
    form: (text) => lower(text).replace(/[^a-z0-9]/g, ''),
    digests: ['ae9351af0d397d503ea2ec21addc17e3', 'f0821f0742053fab0075ffce2fd038d6'],
  },
  {
    fact: 'dataProtectionOfficer.name',
    value: (f) => f.dataProtectionOfficer.name,
    form: lower,
    digests: ['699b3f566887fbd74f4426fe316b5a73', '3829aae02fc5f067dd46ca33740d6bf7'],
  },
  {
    fact: 'dataProtectionOfficer.email',
    value: (f) => f.dataProtectionOfficer.email,
    form: lower,
    digests: ['0849a833ba053155a33f7f35e7d82d5b'],
  },
]

/** The facts still the demo company's, with the value in use. */
export const demoFactsInUse = (
  facts: DemoCheckedFacts = company,
): { fact: string; value: string }[] =>
  DEMO.filter(({ value, form, digests }) => {
    const compared = form(value(facts))
    return compared !== '' && digests.includes(digest(compared))
  }).map(({ fact, value }) => ({ fact, value: value(facts) }))

const listed = (inUse: { fact: string; value: string }[]) =>
  inUse.map(({ fact, value }) => `${fact} = "${value}"`).join('; ')

/** DEMO_SITE=true: this site is a demonstration, and may publish the demo's facts. */
export const isDemoSite = (env: Readonly<Record<string, string | undefined>>): boolean =>
  env.DEMO_SITE?.trim().toLowerCase() === 'true'

/** Why a production start must refuse, naming each value; undefined when it may go on. */
export const demoFactsProblem = (
  env: Readonly<Record<string, string | undefined>>,
  facts: DemoCheckedFacts = company,
): string | undefined => {
  if (env.NODE_ENV !== 'production' || isDemoSite(env)) return undefined
  const inUse = demoFactsInUse(facts)
  if (inUse.length === 0) return undefined
  return `NODE_ENV=production with the demo company's facts in ${COMPANY_FACTS_FILE}: ${listed(inUse)}. Put in your company's own, or set DEMO_SITE=true to run a demonstration.`
}

/** The build's and a development start's word on them (undefined: none left). */
export const demoFactsWarning = (facts: DemoCheckedFacts = company): string | undefined => {
  const inUse = demoFactsInUse(facts)
  if (inUse.length === 0) return undefined
  return `The company's facts are still the demo's (${listed(inUse)} in ${COMPANY_FACTS_FILE}): the site publishes another company's inbox, phone and legal identity until you put in your own. A production start refuses them unless DEMO_SITE=true.`
}
