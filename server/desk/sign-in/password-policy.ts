import { company } from '#shared/company/company.ts'
import { withoutAccents } from '#shared/company/company-name.ts'

/** The shortest password the lead desk accepts, in characters. */
export const MIN_PASSWORD_LENGTH = 12
const MIN_DISTINCT_CHARACTERS = 6

/** What is left of a text without digits, symbols, accents and case: "Nébula@2026!!" is "nebula". */
const lettersOf = (text: string) =>
  withoutAccents(text)
    .toLowerCase()
    .replace(/[^a-z]/g, '')

/** The usual defaults, in Portuguese and English. */
const COMMON = [
  'admin',
  'administrador',
  'password',
  'senha',
  'painel',
  'qwerty',
  'changeme',
  'mudar',
  'trocar',
  'letmein',
  'welcome',
  'bemvindo',
  'teste',
  'test',
  'root',
]

/**
 * Words that make a password guessable however many digits and symbols surround them: the
 * usual defaults and the company's own name and logo words, each compared as letters only,
 * the way the password is ("Nébula" is "nebula" on both sides).
 */
export const guessableWords = (
  facts: { name: string; logoWords: readonly string[] } = company,
): string[] => [...COMMON, ...facts.logoWords, facts.name].map(lettersOf)

const GUESSABLE = guessableWords()

/**
 * Undefined when the password may guard the lead desk, else why not (English, for the
 * start-up's list of setting problems and for the hash-password command).
 */
export const weakPasswordReason = (
  password: string,
  guessable: readonly string[] = GUESSABLE,
): string | undefined => {
  const characters = Array.from(password)
  if (characters.length < MIN_PASSWORD_LENGTH) {
    return `must have at least ${MIN_PASSWORD_LENGTH} characters.`
  }
  if (new Set(characters).size < MIN_DISTINCT_CHARACTERS) {
    return `must use at least ${MIN_DISTINCT_CHARACTERS} different characters.`
  }
  // What is left without digits, symbols and case: "Senha@2026!!" is still "senha".
  const letters = lettersOf(password)
  if (letters === '' || guessable.includes(letters) || /^(.)\1*$/.test(letters)) {
    return 'is a common or default password; use a passphrase or a generated one.'
  }
  return undefined
}
