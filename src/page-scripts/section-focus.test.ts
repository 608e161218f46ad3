import { focusSectionsOnNavigation } from './section-focus.ts'

beforeAll(() => {
  focusSectionsOnNavigation(document)
})

beforeEach(() => {
  document.body.innerHTML = `
    <a href="#about">Sobre</a>
    <a href="#nowhere">Nada</a>
    <section id="about" tabindex="-1"><h2>Sobre</h2></section>`
})

const link = (name: string) =>
  [...document.querySelectorAll('a')].find((a) => a.textContent === name) as HTMLAnchorElement

describe('focusSectionsOnNavigation', () => {
  it('moves focus to the section a link leads to, so reading continues from there', () => {
    link('Sobre').click()
    expect(document.activeElement).toBe(document.getElementById('about'))
  })

  it('leaves focus alone for a link opened elsewhere (modified click) or without a target', () => {
    link('Sobre').focus()
    link('Sobre').dispatchEvent(new MouseEvent('click', { bubbles: true, ctrlKey: true }))
    expect(document.activeElement).toBe(link('Sobre'))
    link('Nada').focus()
    link('Nada').click()
    expect(document.activeElement).toBe(link('Nada'))
  })
})
