import { describe, expect, it } from 'vitest'
import { isSuspiciousText, splitVisitorText, visitorTextAsPlain } from './visitor-text-parts.ts'

describe('visitor text, taken apart for the desk', () => {
  it('turns direction controls and invisible characters into markers', () => {
    expect(splitVisitorText('Joao \u202Egnp.exe\u200B')).toEqual([
      { kind: 'text', text: 'Joao ' },
      { kind: 'hidden', code: 'U+202E', direction: true },
      { kind: 'text', text: 'gnp.exe' },
      { kind: 'hidden', code: 'U+200B', direction: false },
    ])
    expect(visitorTextAsPlain('a\u2066b\u{E0041}')).toBe('\u2068a⟨U+2066⟩b⟨U+E0041⟩\u2069')
  })

  it('flags words mixing Latin with Cyrillic or Greek, and only those', () => {
    // А, о and а are Cyrillic here; "Ωmega" starts with a Greek capital.
    expect(splitVisitorText('Аurоra Digitаl (suporte) Ωmega')).toEqual([
      { kind: 'mixed', text: 'Аurоra', scripts: ['Latin', 'Cyrillic'] },
      { kind: 'text', text: ' ' },
      { kind: 'mixed', text: 'Digitаl', scripts: ['Latin', 'Cyrillic'] },
      { kind: 'text', text: ' (suporte) ' },
      { kind: 'mixed', text: 'Ωmega', scripts: ['Latin', 'Greek'] },
    ])
  })

  it('leaves alone what people really write: accents, other alphabets, emoji, line breaks', () => {
    for (const text of [
      'João Conceição, Ribeirão Preto',
      'Дмитрий Иванов',
      'Αθηνά',
      'محمد',
      'Obrigado! 👨‍👩‍👧 ❤️ 1️⃣ 🇧🇷',
      'Linha 1\r\nLinha 2\tfim',
    ]) {
      expect([text, isSuspiciousText(text)]).toEqual([text, false])
    }
  })
})
