/**
 * The company's name written in code: the motif of the hero and the logo's mark, drawn from the
 * name so that a fork with another name gets its own without drawing anything (decision 080).
 *
 * Each letter is its place in the alphabet as five bits (A = 00001, Z = 11010), accents aside
 * (É is E, Ç is C); a digit is 27 to 31 (0 and 5 share 27). The motif stacks the letters of
 * each word on a tape, one row a letter, its bits as five dots; the mark is the initials of the
 * logo's two words, the same way, on a 32 × 32 grid. Plain data, no imports but the types.
 */
import type { BrandLogo } from './brand.ts'

/** The bits a letter is written in: enough for 26 letters. */
export const CODE_BITS = 5

/** The letters and digits of a text, upper case, accents taken off; anything else dropped. */
export const codeLetters = (text: string): string[] =>
  [...text.normalize('NFD').toUpperCase()].filter((char) => /[A-Z0-9]/.test(char))

/** A letter's code: A is 1, Z is 26; a digit 27 to 31. */
export function letterCode(letter: string): number {
  const char = letter.charCodeAt(0)
  return /[0-9]/.test(letter) ? 27 + ((char - 48) % 5) : char - 64
}

/** A letter's five bits, the most significant first. */
export const letterBits = (letter: string): boolean[] =>
  Array.from({ length: CODE_BITS }, (_, bit) =>
    Boolean((letterCode(letter) >> (CODE_BITS - 1 - bit)) & 1),
  )

export interface MotifRow {
  readonly letter: string
  readonly bits: readonly boolean[]
  /** Which of the name's words the letter is in, from 0: the words alternate colours. */
  readonly word: number
}

/** The name's letters on tapes side by side, a word never split unless it fills a tape. */
export interface Motif {
  readonly tapes: readonly (readonly MotifRow[])[]
  /** The longest tape's letters: the motif's height in rows. */
  readonly rows: number
}

/** A word up to this long stays on one tape even when that makes the tapes uneven. */
const LONGEST_TAPE = 12

/**
 * The name on as many tapes as keep the motif about twice as wide as tall (a tape is six
 * columns: the letter and its five bits), filled word by word: "Aurora Digital" is two tapes,
 * AURORA and DIGITAL.
 */
export function nameMotif(name: string): Motif {
  const words = name
    .split(/\s+/)
    .map(codeLetters)
    .filter((letters) => letters.length > 0)
  const total = words.reduce((sum, letters) => sum + letters.length, 0)
  const longest = Math.max(0, ...words.map((letters) => letters.length))
  const capacity = Math.max(
    Math.ceil(total / Math.max(1, Math.round(Math.sqrt(total * 0.22)))),
    Math.min(longest, LONGEST_TAPE),
  )
  const tapes: MotifRow[][] = [[]]
  words.forEach((letters, word) => {
    const last = tapes[tapes.length - 1] ?? []
    if (last.length > 0 && last.length + letters.length > capacity) tapes.push([])
    for (const letter of letters) {
      if ((tapes[tapes.length - 1]?.length ?? 0) >= capacity) tapes.push([])
      tapes[tapes.length - 1]?.push({ letter, bits: letterBits(letter), word })
    }
  })
  const filled = tapes.filter((tape) => tape.length > 0)
  return { tapes: filled, rows: Math.max(0, ...filled.map((tape) => tape.length)) }
}

/** A dot as a path: a zero-length line, drawn round by a round cap as wide as the dot. */
const dot = (x: number, y: number) => `M${x} ${y}h0`
/** A small square, for the bits that are not set: at the mark's size, a dot. */
const square = (x: number, y: number, side: number) =>
  `M${x - side / 2} ${y - side / 2}h${side}v${side}h-${side}z`

const MARK_PITCH = 5.5
const MARK_ROWS_AT = [12.75, 19.25] as const

/**
 * The logo's mark drawn from the logo's two words: each initial's five bits in a row, a bit
 * that is set as a round dot (`strokes`), one that is not as a small one (`fills`). On the
 * favicon's tile both are in the colour that reads on the accent; beside the name on the page,
 * the set ones are the accent and the others a quiet grey.
 */
export function nameMark(words: readonly string[]): BrandLogo {
  const initials = words.slice(0, MARK_ROWS_AT.length).map((word) => codeLetters(word)[0] ?? 'A')
  const set: string[] = []
  const unset: string[] = []
  initials.forEach((letter, row) => {
    letterBits(letter).forEach((bit, column) => {
      const x = 16 + (column - 2) * MARK_PITCH
      const y = MARK_ROWS_AT[row] ?? 16
      if (bit) set.push(dot(x, y))
      else unset.push(square(x, y, 1.8))
    })
  })
  return {
    viewBox: '0 0 32 32',
    tileRadius: 8,
    strokes: [set.join('')],
    strokeWidth: 4.4,
    fills: [unset.join('')],
  }
}

/** The mark a brand shows: the one brand.ts draws, or the one drawn from the logo's words. */
export const brandMark = (brand: { logo?: BrandLogo }, logoWords: readonly string[]): BrandLogo =>
  brand.logo ?? nameMark(logoWords)
