/**
 * The CNPJ, the company's number at the Receita Federal: 12 characters and two check digits
 * (mod 11), written `00.000.000/0000-00`. Since July 2026 the first 12 may be capital letters
 * too (IN RFB 2.229/2024): every character counts as its ASCII code minus 48 ('0' is 0, 'A' is
 * 17), which leaves the numeric ones' digits as they always were. Plain code, no imports: the
 * site, the Node server and the Edge Functions all check the company's facts with it.
 */

const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
const SECOND_WEIGHTS = [6, ...FIRST_WEIGHTS]

const checkDigit = (characters: string, weights: readonly number[]) => {
  let sum = 0
  for (let index = 0; index < weights.length; index += 1) {
    sum += (characters.charCodeAt(index) - 48) * (weights[index] ?? 0)
  }
  const rest = sum % 11
  return rest < 2 ? 0 : 11 - rest
}

/** The 14 characters without the dots, slash and dash, upper-cased; null when not 14. */
export const cnpjCharacters = (text: string): string | null => {
  const plain = text.trim().replace(/[./-]/g, '').toUpperCase()
  return /^[0-9A-Z]{12}[0-9]{2}$/.test(plain) ? plain : null
}

/** The two check digits of a CNPJ's first 12 characters. */
export const cnpjCheckDigits = (first12: string): string => {
  const first = checkDigit(first12, FIRST_WEIGHTS)
  return `${first}${checkDigit(`${first12}${first}`, SECOND_WEIGHTS)}`
}

/**
 * Whether the text is a CNPJ whose check digits hold (with or without its punctuation). Twelve
 * equal characters ('00.000.000/0000-00') pass the arithmetic and are refused: no company has
 * one, and they are what a form's placeholder looks like.
 */
export const isValidCnpj = (text: string): boolean => {
  const plain = cnpjCharacters(text)
  if (plain === null || /^(.)\1{11}/.test(plain)) return false
  return plain.slice(12) === cnpjCheckDigits(plain.slice(0, 12))
}

/** `00.000.000/0000-00`, the way the Receita Federal writes it. */
export const formatCnpj = (text: string): string => {
  const plain = cnpjCharacters(text) ?? text
  return `${plain.slice(0, 2)}.${plain.slice(2, 5)}.${plain.slice(5, 8)}/${plain.slice(8, 12)}-${plain.slice(12)}`
}
