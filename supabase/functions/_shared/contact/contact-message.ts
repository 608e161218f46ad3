// Control characters, and marks that combine with others (variation selectors, for example),
// are exactly what some of these patterns are about.
// deno-lint-ignore-file no-control-regex
/* eslint-disable no-control-regex, no-misleading-character-class */
/**
 * The one definition of a valid contact message, for the form and the function. The database
 * applies the same rules when a row is inserted (private.guard_contact_submission in
 * supabase/migrations: has_visible_text, is_email_address), character class for character
 * class, so the form, the function and the table never disagree.
 */

/** Maximum lengths in Unicode code points (what PostgreSQL's char_length counts). */
export const CONTACT_LIMITS = { name: 200, email: 254, company: 200, message: 5000 } as const

/** The longest local part (before the @) an e-mail address may have (RFC 5321). */
export const EMAIL_LOCAL_PART_LIMIT = 64

export type ContactField = keyof typeof CONTACT_LIMITS

export interface ContactMessage {
  name: string
  email: string
  company: string | null
  message: string
}

export type ContactProblem = 'required' | 'too_long' | 'invalid'

export interface ContactIssue {
  field: ContactField
  problem: ContactProblem
}

export type ParseContactResult =
  { ok: true; value: ContactMessage } | { ok: false; issues: ContactIssue[] }

// Everything that shows nothing: Unicode White_Space, format and other default-ignorable
// code points, and controls. A value made only of these is empty, whatever it looks like.
const VISIBLE =
  /[^\u0000-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\u{1d173}-\u{1d17a}\u{e0000}-\u{e0fff}]/u
// What would break a one-line field (a name goes into a mail header).
const LINE_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u
// A message keeps its tabs and line breaks; other controls have no business in it.
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u
// An address that can be written into a mail header as is: a dot-atom local part and a
// domain of letters, digits and hyphens with a real top level.
const EMAIL_ADDRESS =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/

/** Length in code points, so 5000 emoji count as 5000, like the database counts them. */
export const countCodePoints = (value: string): number => Array.from(value).length

/** False for a value of spaces, zero-width characters and the like only. */
export const hasVisibleText = (value: string): boolean => VISIBLE.test(value)

/** One address that can go into a mail header unquoted (see EMAIL_ADDRESS). */
export const isEmailAddress = (email: string): boolean =>
  countCodePoints(email) <= CONTACT_LIMITS.email &&
  email.indexOf('@') <= EMAIL_LOCAL_PART_LIMIT &&
  EMAIL_ADDRESS.test(email)

const checkLine = (value: string, limit: number): ContactProblem | null => {
  if (!hasVisibleText(value)) return 'required'
  if (countCodePoints(value) > limit) return 'too_long'
  return LINE_OR_CONTROL.test(value) ? 'invalid' : null
}

const checkEmail = (email: string): ContactProblem | null => {
  if (!hasVisibleText(email)) return 'required'
  if (countCodePoints(email) > CONTACT_LIMITS.email) return 'too_long'
  return isEmailAddress(email) ? null : 'invalid'
}

const checkMessage = (message: string): ContactProblem | null => {
  if (!hasVisibleText(message)) return 'required'
  if (countCodePoints(message) > CONTACT_LIMITS.message) return 'too_long'
  return CONTROL_IN_TEXT.test(message) ? 'invalid' : null
}

const readText = (input: Record<string, unknown>, key: string): string | undefined => {
  const value = input[key]
  return typeof value === 'string' ? value : undefined
}

/** The problem with one field's value as typed, or null; what the form checks as it goes. */
export const checkContactField = (field: ContactField, value: string): ContactProblem | null => {
  switch (field) {
    case 'name':
      return checkLine(value, CONTACT_LIMITS.name)
    case 'email':
      return checkEmail(value)
    case 'company':
      return hasVisibleText(value) ? checkLine(value, CONTACT_LIMITS.company) : null
    case 'message':
      return checkMessage(value)
  }
}

/**
 * Checks an untrusted value (a parsed JSON body or the form's state). Values are kept as
 * typed, never trimmed: what is stored and mailed is what the visitor wrote. A company with
 * nothing visible in it means "no company" and becomes null, as the database stores it.
 */
export const parseContactMessage = (input: unknown): ParseContactResult => {
  const record =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {}
  const name = readText(record, 'name')
  const email = readText(record, 'email')
  const message = readText(record, 'message')
  const rawCompany = record.company
  const companyIsText =
    rawCompany === undefined || rawCompany === null || typeof rawCompany === 'string'
  const company = typeof rawCompany === 'string' && hasVisibleText(rawCompany) ? rawCompany : null

  const issues: ContactIssue[] = []
  const add = (field: ContactField, problem: ContactProblem | null) => {
    if (problem) issues.push({ field, problem })
  }
  add('name', name === undefined ? 'required' : checkContactField('name', name))
  add('email', email === undefined ? 'required' : checkContactField('email', email))
  add('company', companyIsText ? checkContactField('company', company ?? '') : 'invalid')
  add('message', message === undefined ? 'required' : checkContactField('message', message))

  if (issues.length > 0 || name === undefined || email === undefined || message === undefined) {
    return { ok: false, issues }
  }
  return { ok: true, value: { name, email, company, message } }
}
