import { isValidCnpj } from './cnpj.ts'
import { company, COMPANY_FACTS_FILE } from './company.ts'
import { isEmailAddress } from '../contact/contact-message.ts'
import { isWhatsappNumber } from './whatsapp.ts'

/**
 * Checks of who the company says it is (company.ts): the facts the footer, the privacy notice,
 * the structured data and the alerts read. A wrong one stops the server and the build; one
 * still equal to the demo company's is only a warning, since a fork may start the site before
 * its papers are in order, but it must not go unnoticed.
 */

/** The shape of company.ts that matters here (a re-brand may change every value). */
export interface CompanyIdentity {
  readonly name: string
  readonly whatsapp: string
  readonly legal: { readonly name: string; readonly cnpj: string }
  readonly dataProtectionOfficer: { readonly name: string; readonly email: string }
  readonly replyPromiseHours: number
  readonly replyAlertAfterHours: number
}

const WHERE = COMPANY_FACTS_FILE

/** Hours that a fraction can express (tests use a few seconds) and a week at most. */
export const isPromiseHours = (hours: number): boolean =>
  Number.isFinite(hours) && hours > 0 && hours <= 168

/** What is wrong with these facts, each naming the field to fix; empty when all hold. */
export const companyIdentityProblems = (facts: CompanyIdentity = company): string[] => {
  const problems: string[] = []
  if (facts.legal.name.trim() === '') {
    problems.push(`legal.name in ${WHERE} must be the company's razão social.`)
  }
  if (!isValidCnpj(facts.legal.cnpj)) {
    problems.push(
      `legal.cnpj in ${WHERE} must be a CNPJ whose check digits hold, like 00.000.000/0000-00 (got "${facts.legal.cnpj}").`,
    )
  }
  if (facts.dataProtectionOfficer.name.trim() === '') {
    problems.push(`dataProtectionOfficer.name in ${WHERE} must name who answers about data.`)
  }
  if (!isEmailAddress(facts.dataProtectionOfficer.email)) {
    problems.push(`dataProtectionOfficer.email in ${WHERE} must be one e-mail address.`)
  }
  if (facts.whatsapp !== '' && !isWhatsappNumber(facts.whatsapp)) {
    problems.push(
      `whatsapp in ${WHERE} must be country code, area code and number, digits only (like 551133334444), or '' for none.`,
    )
  }
  if (!isPromiseHours(facts.replyPromiseHours) || !isPromiseHours(facts.replyAlertAfterHours)) {
    problems.push(
      `replyPromiseHours and replyAlertAfterHours in ${WHERE} must be hours from 0 to 168.`,
    )
  } else if (facts.replyAlertAfterHours >= facts.replyPromiseHours) {
    problems.push(`replyAlertAfterHours in ${WHERE} must be less than replyPromiseHours.`)
  }
  return problems
}
