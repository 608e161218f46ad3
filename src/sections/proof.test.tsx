import { render, screen, within } from '@testing-library/react'
import { proof, proofText, type Proof } from '../content/proof.ts'
import { renderPage } from '../entry-server.tsx'
import { CaseStudies, ClientProof } from './proof.tsx'

/** What a company would write into src/content/proof.ts: made up here, for the test only. */
const filled: Proof = {
  caseStudies: [
    {
      id: 'loja',
      client: 'Loja Exemplo',
      title: 'Pedidos online em seis semanas',
      problem: 'Pedidos por telefone se perdiam no fim de semana.',
      built: 'Uma loja web ligada ao estoque.',
      result: 'Nenhum pedido perdido desde o lançamento.',
      screenshot: { src: '/casos/loja.webp', alt: 'A loja no celular', width: 800, height: 500 },
    },
  ],
  clientLogos: [
    {
      id: 'exemplo',
      name: 'Exemplo S.A.',
      logo: { src: '/clientes/exemplo.svg', alt: '', width: 120, height: 32 },
    },
  ],
  testimonials: [
    {
      id: 'ana',
      quote: 'Entregaram o que prometeram.',
      author: 'Ana Souza',
      role: 'Diretora, Loja Exemplo',
    },
  ],
  figures: [{ id: 'projetos', value: '12', label: 'projetos no ar' }],
}

describe('proof: cases, clients, testimonials and figures', () => {
  it('ships empty: the site invents no client, quote or number', () => {
    expect(proof).toEqual({ caseStudies: [], clientLogos: [], testimonials: [], figures: [] })
  })

  it('shows nothing of itself on the landing page while it is empty', () => {
    document.body.innerHTML = renderPage('home')
    const text = document.body.textContent ?? ''
    for (const label of Object.values(proofText)) expect(text).not.toContain(label)
    expect(document.querySelectorAll('img')).toHaveLength(0)
    document.body.innerHTML = ''
  })

  it('shows a filled-in case study: the client, the problem, what was built, the result, the screenshot', () => {
    render(<CaseStudies items={filled.caseStudies} />)
    const study = within(screen.getByRole('listitem'))
    expect(screen.getByRole('heading', { name: proofText.caseStudiesTitle })).toBeInTheDocument()
    expect(
      study.getByRole('heading', { name: 'Pedidos online em seis semanas' }),
    ).toBeInTheDocument()
    expect(study.getByText('Loja Exemplo')).toBeInTheDocument()
    for (const part of ['problem', 'built', 'result'] as const) {
      expect(study.getByText(proofText[part])).toBeInTheDocument()
      expect(study.getByText(filled.caseStudies[0]?.[part] ?? '')).toBeInTheDocument()
    }
    expect(study.getByRole('img', { name: 'A loja no celular' })).toHaveAttribute('loading', 'lazy')
  })

  it('shows filled-in figures, client logos named by the client, and testimonials with their author', () => {
    render(<ClientProof content={filled} />)
    expect(screen.getByRole('img', { name: 'Exemplo S.A.' })).toHaveAttribute(
      'src',
      '/clientes/exemplo.svg',
    )
    expect(screen.getByRole('list', { name: proofText.clientsLabel })).toBeInTheDocument()
    expect(screen.getByText('Entregaram o que prometeram.').closest('figure')).toHaveTextContent(
      'Ana Souza · Diretora, Loja Exemplo',
    )
    expect(screen.getByText('12')).toBeInTheDocument()
    expect(screen.getByText('projetos no ar')).toBeInTheDocument()
  })

  it('shows only the parts that are filled in', () => {
    const { container } = render(<ClientProof content={{ ...proof, figures: filled.figures }} />)
    expect(screen.queryByRole('list', { name: proofText.clientsLabel })).toBeNull()
    expect(screen.queryByText(proofText.testimonialsTitle)).toBeNull()
    expect(container).toHaveTextContent('projetos no ar')
    render(<CaseStudies items={[]} />)
    expect(screen.queryByText(proofText.caseStudiesTitle)).toBeNull()
  })
})
