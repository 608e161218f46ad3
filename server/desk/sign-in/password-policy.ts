import { company } from '../../../supabase/functions/_shared/company.ts'

/** The shortest password the lead desk accepts, in characters. */
export const MIN_PASSWORD_LENGTH = 12
const MIN_DISTINCT_CHARACTERS = 6

/**
 * Words that make a password guessable however many digits and symbols surround them: the
 * usual defaults, in Portuguese and English, and the company's own name.
 */
const GUESSABLE = [
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
  ...company.logoWords.map((word) => word.toLowerCase()),
  company.name.toLowerCase().replace(/[^a-z]/g, ''),
]

/**
 * Undefined when the password may guard the lead desk, else why not (English, for the
 * start-up's list of setting problems and for the hash-password command).
 */
export const weakPasswordReason = (password: string): string | undefined => {
  const characters = Array.from(password)
  if (characters.length < MIN_PASSWORD_LENGTH) {
    return `must have at least ${MIN_PASSWORD_LENGTH} characters.`
  }
  if (new Set(characters).size < MIN_DISTINCT_CHARACTERS) {
    return `must use at least ${MIN_DISTINCT_CHARACTERS} different characters.`
  }
  // What is left without digits, symbols and case: "Senha@2026!!" is still "senha".
  const letters = password
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
  if (letters === '' || GUESSABLE.includes(letters) || /^(.)\1*$/.test(letters)) {
    return 'is a common or default password; use a passphrase or a generated one.'
  }
  return undefined
}
