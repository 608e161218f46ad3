import { generatedCompanies } from '../../../../tests/support/generated-companies.ts'
import { brandMark, codeLetters, letterBits, nameMark, nameMotif } from './brand-motif.ts'
import { brand } from './brand.ts'
import { company } from './company.ts'

const bitsOf = (letter: string) =>
  letterBits(letter)
    .map((bit) => (bit ? '1' : '0'))
    .join('')

describe('the motif: a name written in code', () => {
  it('writes each letter as its place in the alphabet, in five bits, accents aside', () => {
    expect(bitsOf('A')).toBe('00001')
    expect(bitsOf('Z')).toBe('11010')
    expect(codeLetters('Ipê Ação-3')).toEqual(['I', 'P', 'E', 'A', 'C', 'A', 'O', '3'])
  })

  it('is the same for the same name, every time', () => {
    expect(nameMotif(company.name)).toEqual(nameMotif(company.name))
    expect(nameMark(company.logoWords)).toEqual(nameMark(company.logoWords))
  })

  it('keeps every letter of the name, in order, and never splits a word that fits a tape', () => {
    const motif = nameMotif('Nébula Sistemas')
    expect(motif.tapes.map((tape) => tape.map((row) => row.letter).join(''))).toEqual([
      'NEBULA',
      'SISTEMAS',
    ])
    expect(motif.tapes.flat().map((row) => row.word)).toEqual([...'00000011111111'].map(Number))
    expect(motif.rows).toBe(8)
  })

  it('keeps a long name about twice as wide as tall', () => {
    const motif = nameMotif('Companhia Brasileira de Soluções em Software Ltda')
    const width = motif.tapes.length * 7
    expect(width / motif.rows).toBeGreaterThan(1)
    expect(width / motif.rows).toBeLessThan(3.5)
    expect(motif.tapes.flat()).toHaveLength(
      codeLetters('CompanhiaBrasileiradeSoluçõesemSoftwareLtda').length,
    )
  })

  it('gives every generated company a motif and a mark of its own', () => {
    const names = [company.name, ...generatedCompanies.map(({ facts }) => facts.name)]
    const motifs = new Set(names.map((name) => JSON.stringify(nameMotif(name))))
    expect(motifs.size).toBe(names.length)
    const marks = [company.logoWords, ...generatedCompanies.map(({ facts }) => facts.logoWords)]
    const initials = new Set(marks.map(([first, second]) => `${first[0]}${second[0]}`))
    const drawn = new Set(marks.map((words) => JSON.stringify(nameMark(words))))
    expect(drawn.size).toBe(initials.size)
  })

  it('draws the mark a brand sets, or the one from its words when it sets none', () => {
    const own = { ...nameMark(['X', 'Y']), tileRadius: 2 }
    expect(brandMark({ logo: own }, company.logoWords)).toBe(own)
    expect(brandMark({ ...brand, logo: undefined }, company.logoWords)).toEqual(
      nameMark(company.logoWords),
    )
  })
})
