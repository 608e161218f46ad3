import { showKeepingWordsWhole } from './words-kept-whole.ts'

describe('showKeepingWordsWhole', () => {
  it("shows a page script's message as typed, its hyphenated words in spans that do not wrap", () => {
    const box = document.createElement('p')
    box.textContent = 'antes'
    showKeepingWordsWhole(box, 'Confira o link do e-mail ou fale com a gente.')
    expect(box.textContent).toBe('Confira o link do e-mail ou fale com a gente.')
    expect([...box.querySelectorAll('span.whitespace-nowrap')].map((s) => s.textContent)).toEqual([
      'e-mail',
    ])
    showKeepingWordsWhole(box, '')
    expect(box.childNodes.length).toBe(0)
  })

  it('writes text, never markup, whatever the message holds', () => {
    const box = document.createElement('p')
    showKeepingWordsWhole(box, '<img src=x onerror=alert(1)> e-mail')
    expect(box.querySelector('img')).toBeNull()
    expect(box.textContent).toBe('<img src=x onerror=alert(1)> e-mail')
  })
})
