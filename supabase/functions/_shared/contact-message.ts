// Control characters are what some of these patterns are about.
// deno-lint-ignore-file no-control-regex
/* eslint-disable no-control-regex */
/**
 * The one definition of a valid contact message. The database CHECK constraints in
 * supabase/migrations mirror these rules character for character, so the form, the
 * function and the table never disagree about what is acceptable.
 */

/** Maximum lengths in Unicode code points (what PostgreSQL's char_length counts). */
export const CONTACT_LIMITS = { name: 200, email: 320, company: 200, message: 5000 } as const

/** The longest local part (before the @) an e-mail address may have (RFC 5321). */
export const EMAIL_LOCAL_PART_LIMIT = 64

export type ContactField = keyof typeof CONTACT_LIMITS

export interface ContactMessage {
  name: string
  email: string
  company: string | null
  message: string
}

export interface ContactIssue {
  field: ContactField
  problem: 'required' | 'too_long' | 'invalid'
}

export type ParseContactResult =
  { ok: true; value: ContactMessage } | { ok: false; issues: ContactIssue[] }

// Only ASCII blanks count as blank, exactly like the database's btrim/regex checks, so a
// value the form accepts is never rejected by the table (or the other way round).
const BLANK = /^[ \t\n\v\f\r]*$/
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/
const EMAIL_SHAPE =
  /^[^@ \u0000-\u001f\u007f]+@[^@ \u0000-\u001f\u007f]+\.[^@ \u0000-\u001f\u007f]+$/

/** Length in code points, so 5000 emoji count as 5000, like the database counts them. */
export const countCodePoints = (value: string): number => {
  return Array.from(value).length
}

const isBlank = (value: string): boolean => BLANK.test(value)

const checkName = (name: string): ContactIssue['problem'] | null => {
  if (isBlank(name)) return 'required'
  if (countCodePoints(name) > CONTACT_LIMITS.name) return 'too_long'
  if (CONTROL_CHARACTERS.test(name)) return 'invalid'
  return null
}

/** One address in the shape the database accepts (the length limit aside). */
export const isEmailAddress = (email: string): boolean =>
  EMAIL_SHAPE.test(email) &&
  countCodePoints(email.slice(0, email.indexOf('@'))) <= EMAIL_LOCAL_PART_LIMIT

const checkEmail = (email: string): ContactIssue['problem'] | null => {
  if (email.length === 0) return 'required'
  if (countCodePoints(email) > CONTACT_LIMITS.email) return 'too_long'
  return isEmailAddress(email) ? null : 'invalid'
}

const checkCompany = (company: string | null): ContactIssue['problem'] | null => {
  if (company === null) return null
  if (countCodePoints(company) > CONTACT_LIMITS.company) return 'too_long'
  if (CONTROL_CHARACTERS.test(company)) return 'invalid'
  return null
}

const checkMessage = (message: string): ContactIssue['problem'] | null => {
  if (isBlank(message)) return 'required'
  if (countCodePoints(message) > CONTACT_LIMITS.message) return 'too_long'
  return null
}

const readText = (input: Record<string, unknown>, key: string): string | undefined => {
  const value = input[key]
  return typeof value === 'string' ? value : undefined
}

/**
 * Checks an untrusted value (a parsed JSON body or the form's state). Values are kept as
 * typed, never trimmed: what is stored and mailed is what the visitor wrote. An empty
 * company means "no company" and becomes null, as the site sends it.
 */
export const parseContactMessage = (input: unknown): ParseContactResult => {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return {
      ok: false,
      issues: [
        { field: 'name', problem: 'required' },
        { field: 'email', problem: 'required' },
        { field: 'message', problem: 'required' },
      ],
    }
  }
  const record = input as Record<string, unknown>
  const name = readText(record, 'name')
  const email = readText(record, 'email')
  const message = readText(record, 'message')
  const rawCompany = record.company
  const companyIsValidType =
    rawCompany === undefined || rawCompany === null || typeof rawCompany === 'string'
  const company = typeof rawCompany === 'string' && rawCompany.length > 0 ? rawCompany : null

  const issues: ContactIssue[] = []
  const add = (field: ContactField, problem: ContactIssue['problem'] | null) => {
    if (problem) issues.push({ field, problem })
  }
  add('name', name === undefined ? 'required' : checkName(name))
  add('email', email === undefined ? 'required' : checkEmail(email))
  add('company', companyIsValidType ? checkCompany(company) : 'invalid')
  add('message', message === undefined ? 'required' : checkMessage(message))

  if (issues.length > 0 || name === undefined || email === undefined || message === undefined) {
    return { ok: false, issues }
  }
  return { ok: true, value: { name, email, company, message } }
}
