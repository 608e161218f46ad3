import { describe, expect, it } from 'vitest'
import { defuse } from './lead-export.ts'

// Every code point, read as a spreadsheet that normalises characters (NFKC) would read it.
const everyCharacter = function* () {
  for (let point = 0; point <= 0x10ffff; point += 1) {
    if (point < 0xd800 || point > 0xdfff) yield String.fromCodePoint(point)
  }
}

const readAs = (text: string) => text.normalize('NFKC')

/**
 * What the most trusting reader sees: the text normalised, split at every comma, semicolon,
 * tab and line break, each cell's leading spaces, format characters and quotes trimmed. A
 * cell starting with a sign there is a formula.
 */
const formulasIn = (text: string) =>
  [readAs(text), ...readAs(text).split(/[,;\t\r\n\v\f\u0085\u2028\u2029]/)].filter((cell) =>
    /^[=+\-@\u2212]/.test(cell.replace(/^[\s\p{Cf}"]+/u, '')),
  )

const hex = (character: string) => character.codePointAt(0)?.toString(16)

describe('defusing a CSV cell, for every character a reader may normalise or trim', () => {
  it('defuses any character that normalises to a formula sign, at the start and after a comma', () => {
    const missed: string[] = []
    for (const character of everyCharacter()) {
      if (!/^[=+\-@\u2212]$/.test(readAs(character))) continue
      for (const text of [`${character}1+1`, `Ana,${character}1`]) {
        if (formulasIn(defuse(text)).length > 0) missed.push(`${hex(character)} in ${text}`)
      }
    }
    expect(missed).toEqual([])
  })

  it('looks past any Unicode space or format character before the sign', () => {
    const missed: string[] = []
    for (const character of everyCharacter()) {
      if (!/^[\s\p{Cf}]$/u.test(character)) continue
      for (const text of [`${character}=1`, `Ana,${character}=1`, `Ana${character}=1`]) {
        if (formulasIn(defuse(text)).length > 0) missed.push(`${hex(character)} in ${text}`)
      }
    }
    expect(missed).toEqual([])
  })

  it('treats any character that normalises to a comma or semicolon as where a cell starts', () => {
    const missed: string[] = []
    for (const character of everyCharacter()) {
      if (!/^[,;]$/.test(readAs(character))) continue
      if (formulasIn(defuse(`Ana${character}=1`)).length > 0) missed.push(hex(character) ?? '')
    }
    expect(missed).toEqual([])
  })

  it('leaves text without a formula alone', () => {
    for (const text of [
      'Ana Souza',
      'Conceição; "Ção"',
      'a\u00a0b',
      '1 + 1 = 2',
      'ana@example.com',
    ]) {
      expect(defuse(text)).toBe(text)
    }
  })
})
