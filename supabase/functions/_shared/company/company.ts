import { companyDefaults } from './company-defaults.ts'
import { companyFacts } from './company-facts.ts'

/**
 * The company behind the site: the facts in company-facts.ts (the one file a re-brand edits),
 * and for any fact that file does not set yet, its default from company-defaults.ts. The site
 * (src/content/), the Node server and the Supabase Edge Functions all read `company` from
 * here. Plain data, no runtime's imports: the Supabase CLI bundles it into the functions.
 */

/** What company-facts.ts holds; a fact with a default may be left out (company-defaults.ts). */
export interface CompanyFacts {
  readonly name: string
  readonly article?: 'a' | 'o' | ''
  readonly logoWords: readonly [string, string]
  readonly inbox: string
  readonly mailSenderName?: string
  readonly phone: string
  readonly phoneHref: string
  readonly address: { readonly city: string; readonly region: string; readonly country: string }
  readonly siteUrl: string
  readonly officeHours?: {
    readonly timeZone: string
    readonly weekdays: readonly number[]
    readonly opens: string
    readonly closes: string
  }
  readonly consultationMinutes?: number
  /** WhatsApp for click-to-chat links, digits only; '' for none (decision 054). */
  readonly whatsapp?: string
  /** The razão social and CNPJ (decision 054). */
  readonly legal?: { readonly name: string; readonly cnpj: string }
  /** The LGPD encarregado: a name and an e-mail (decision 054). */
  readonly dataProtectionOfficer?: { readonly name: string; readonly email: string }
  /** The reply promise and when an unanswered lead is alerted, in hours (decision 051). */
  readonly replyPromiseHours?: number
  readonly replyAlertAfterHours?: number
}

/**
 * When an unanswered lead is alerted, unless the company says: five sixths of its promise (the
 * demo's 20 of 24 hours), so a company that states only its promise gets an alert before it
 * breaks.
 */
export const alertAfterHoursFor = (promiseHours: number): number =>
  Math.round(((promiseHours * 5) / 6) * 100) / 100

/** A company with every fact said: its own, or the default for one it leaves out. */
export type Company = Required<CompanyFacts>

/**
 * The company that facts describe: each fact they leave out at its default, and the alert at
 * five sixths of the promise unless they say. Renderers that take a company (the booking
 * e-mails, the structured data) take one of these; the site's is `company`.
 */
export const companyOf = (facts: CompanyFacts): Company => ({
  ...companyDefaults,
  ...facts,
  replyAlertAfterHours:
    facts.replyAlertAfterHours ??
    alertAfterHoursFor(facts.replyPromiseHours ?? companyDefaults.replyPromiseHours),
})

export const company: Company = companyOf(companyFacts)

/** Where a fork sets its facts, for messages that ask it to. */
export const COMPANY_FACTS_FILE = 'supabase/functions/_shared/company/company-facts.ts'

/** Facts with a default that `facts` does not set: the company has not said them yet. */
export const factsAtDefault = (
  facts: object = companyFacts,
  defaults: Record<string, unknown> = companyDefaults,
): { fact: string; value: unknown }[] =>
  Object.keys(defaults)
    .filter((fact) => !Object.hasOwn(facts, fact))
    .map((fact) => ({ fact, value: defaults[fact] }))

/**
 * The start-up's and the build's word on facts still at their defaults (a version added them
 * after the fork set its own), or undefined when company-facts.ts sets every one.
 */
export const companyDefaultsWarning = (atDefault = factsAtDefault()): string | undefined =>
  atDefault.length === 0
    ? undefined
    : `Company facts at their defaults, not set in ${COMPANY_FACTS_FILE}: ${atDefault
        .map(({ fact, value }) => `${fact} = ${JSON.stringify(value)}`)
        .join(
          '; ',
        )}. Set each there if it is not the company's (CHANGELOG.md says which version added it).`
