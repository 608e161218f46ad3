import { renderToStaticMarkup } from 'react-dom/server'
import { KeepWordsWhole } from './keep-words-whole.tsx'
import { SectionHeading } from './section-heading.tsx'

const markup = (text: string, whole?: string[]) =>
  renderToStaticMarkup(<KeepWordsWhole text={text} whole={whole} />)

describe('KeepWordsWhole', () => {
  it('keeps each hyphenated word on one line, the text unchanged around it', () => {
    const html = markup('Confirme pelo e-mail e cancele-a quando quiser.')
    expect(html).toBe(
      'Confirme pelo <span class="whitespace-nowrap">e-mail</span> e <span class="whitespace-nowrap">cancele-a</span> quando quiser.',
    )
    document.body.innerHTML = `<p>${html}</p>`
    expect(document.body.textContent).toBe('Confirme pelo e-mail e cancele-a quando quiser.')
  })

  it('keeps whole what it is given, a CNPJ with its dots, slash and hyphen', () => {
    const cnpj = '98.765.432/0001-10'
    expect(markup(`CNPJ ${cnpj}, em Recife`, [cnpj])).toBe(
      `CNPJ <span class="whitespace-nowrap">${cnpj}</span>, em Recife`,
    )
  })

  it('leaves a text without them as it is, and a dash between spaces free to break', () => {
    expect(markup('Seg–Sex, 9h às 18h - sem pausa')).toBe('Seg–Sex, 9h às 18h - sem pausa')
  })
})

describe("the landing page's prose", () => {
  it("keeps a fork's hyphenated words whole in a section's description", () => {
    const html = renderToStaticMarkup(
      <SectionHeading
        id="servicos"
        badge="Serviços"
        title="O que fazemos"
        description="Lojas de e-commerce e apps de check-in."
      />,
    )
    expect(html).toContain('<span class="whitespace-nowrap">e-commerce</span>')
    expect(html).toContain('<span class="whitespace-nowrap">check-in</span>')
  })
})
