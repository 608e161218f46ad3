/**
 * What a visitor typed, taken apart for showing it to the company honestly: characters that
 * are invisible or turn the text's direction (U+202E makes "gnp.exe" read "exe.png") become
 * visible markers, and words that mix Latin letters with Cyrillic or Greek ones that look the
 * same ("Аurоra" with a Cyrillic А and о) are flagged, as browsers' IDN rules flag such
 * domain names. Pure: the desk's server/desk/layout/visitor-text.tsx renders the parts, and the
 * bookings feed writes them as plain text.
 */

/** Scripts whose letters pass for one another. */
export const LOOK_ALIKE_SCRIPTS = ['Latin', 'Cyrillic', 'Greek'] as const
export type LookAlikeScript = (typeof LOOK_ALIKE_SCRIPTS)[number]

export type VisitorTextPart =
  | { kind: 'text'; text: string }
  /** A character shown as its code (U+202E); `direction` when it changes the text's direction. */
  | { kind: 'hidden'; code: string; direction: boolean }
  /** A word whose letters come from more than one of LOOK_ALIKE_SCRIPTS. */
  | { kind: 'mixed'; text: string; scripts: LookAlikeScript[] }

// Invisible by definition (Unicode's default-ignorable code points: zero-width characters,
// direction controls, fillers, tags, variation selectors), control characters, and line or
// paragraph separators. Line breaks and tabs are text.
const HIDDEN = /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Zl}\p{Zp}]/u
const LINE_BREAKS_AND_TABS = /[\n\r\t]/
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/
// An emoji's joiners, variation selectors and tags belong to it (👨‍👩‍👧, ❤️, 1️⃣).
const EMOJI = /\p{Extended_Pictographic}|\u20E3/u
const LETTERS = /[\p{L}\p{M}]+/gu
const SCRIPT_OF: Record<LookAlikeScript, RegExp> = {
  Latin: /\p{Script=Latin}/u,
  Cyrillic: /\p{Script=Cyrillic}/u,
  Greek: /\p{Script=Greek}/u,
}

const graphemes = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' })

const isHidden = (character: string) =>
  HIDDEN.test(character) && !LINE_BREAKS_AND_TABS.test(character)

/** The code point as it is written in Unicode charts: U+202E, U+E0041. */
export const codeOf = (character: string) =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`

export const scriptsOf = (word: string): LookAlikeScript[] =>
  LOOK_ALIKE_SCRIPTS.filter((script) => SCRIPT_OF[script].test(word))

/** Splits plain text into text and the words in it that mix look-alike scripts. */
const flagWords = (text: string): VisitorTextPart[] => {
  const parts: VisitorTextPart[] = []
  let at = 0
  for (const match of text.matchAll(LETTERS)) {
    const scripts = scriptsOf(match[0])
    if (scripts.length < 2) continue
    if (match.index > at) parts.push({ kind: 'text', text: text.slice(at, match.index) })
    parts.push({ kind: 'mixed', text: match[0], scripts })
    at = match.index + match[0].length
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) })
  return parts
}

export const splitVisitorText = (text: string): VisitorTextPart[] => {
  const parts: VisitorTextPart[] = []
  let plain = ''
  const flush = () => {
    parts.push(...flagWords(plain))
    plain = ''
  }
  for (const { segment } of graphemes.segment(text)) {
    if (EMOJI.test(segment)) {
      plain += segment
      continue
    }
    for (const character of segment) {
      if (!isHidden(character)) {
        plain += character
        continue
      }
      flush()
      parts.push({
        kind: 'hidden',
        code: codeOf(character),
        direction: DIRECTION_CONTROLS.test(character),
      })
    }
  }
  flush()
  return parts
}

/** Whether the text holds anything the company should be warned about. */
export const isSuspiciousText = (text: string): boolean =>
  splitVisitorText(text).some((part) => part.kind !== 'text')

/** The scripts mixed anywhere in the text, for one warning per text. */
export const mixedScriptsIn = (parts: VisitorTextPart[]): LookAlikeScript[] =>
  LOOK_ALIKE_SCRIPTS.filter((script) =>
    parts.some((part) => part.kind === 'mixed' && part.scripts.includes(script)),
  )

/**
 * The same as one line of plain text, for where no markup may go (a page's <title>): markers
 * instead of hidden characters, isolated from the text around it (FSI … PDI).
 */
export const visitorTextAsPlain = (text: string): string =>
  `\u2068${splitVisitorText(text)
    .map((part) => (part.kind === 'hidden' ? `⟨${part.code}⟩` : part.text))
    .join('')}\u2069`
