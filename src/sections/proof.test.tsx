import { render, screen } from '@testing-library/react'
import type { Project } from '../content/projects/project.ts'
import { projectsText } from '../content/projects-page.ts'
import { figures, proofText } from '../content/proof.ts'
import { ClientLogos, ClientProof, Testimonials } from './proof.tsx'

/** What a company would write in src/content/projects/: made up here, for the test only. */
const project: Project = {
  slug: 'loja',
  title: 'Pedidos online em seis semanas',
  client: {
    name: 'Loja Exemplo',
    sector: 'Varejo',
    logo: { file: 'loja-logo.png', alt: '', width: 240, height: 64 },
  },
  summary: 'Uma loja web ligada ao estoque.',
  problem: 'Pedidos por telefone se perdiam no fim de semana.',
  built: 'Uma loja web ligada ao estoque.',
  result: { value: '0', label: 'pedidos perdidos desde o lançamento' },
  stack: ['React'],
  images: [{ file: 'loja.png', alt: 'A loja no celular', width: 800, height: 500 }],
  quote: { text: 'Entregaram o que prometeram.', name: 'Ana Souza', role: 'Diretora' },
  year: 2025,
  featured: true,
}

describe('proof: figures, and the clients and quotes of the projects', () => {
  it('ships no figure: the site invents no number', () => {
    expect(figures).toEqual([])
  })

  it('shows nothing while there are no figures and no client logos', () => {
    const { container } = render(
      <ClientProof figures={[]} projects={[{ ...project, client: { name: 'X', sector: 'Y' } }]} />,
    )
    expect(container).toBeEmptyDOMElement()
  })

  it("names each client's logo by the client, at the widths the build wrote", () => {
    render(<ClientLogos projects={[project]} />)
    const logo = screen.getByRole('img', { name: 'Loja Exemplo' })
    expect(logo).toHaveAttribute('src', '/projetos/imagens/loja-logo-240.png')
    expect(logo).toHaveAttribute('loading', 'lazy')
    expect(screen.getByRole('list', { name: projectsText.index.clientsLabel })).toBeInTheDocument()
  })

  it('shows a project’s quote as a testimonial, with who said it and for which client', () => {
    render(<Testimonials projects={[project, { ...project, slug: 'sem', quote: undefined }]} />)
    expect(
      screen.getByRole('heading', { name: projectsText.index.testimonialsTitle }),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('figure')).toHaveLength(1)
    expect(screen.getByText('Entregaram o que prometeram.').closest('figure')).toHaveTextContent(
      'Ana Souza · Diretora, Loja Exemplo',
    )
  })

  it('shows figures in tabular numbers when the company gives some', () => {
    render(
      <ClientProof figures={[{ id: 'p', value: '12', label: 'projetos no ar' }]} projects={[]} />,
    )
    expect(screen.getByRole('definition')).toHaveTextContent('12')
    expect(screen.getByRole('definition')).toHaveClass('tabular-nums')
    expect(screen.getByLabelText(proofText.figuresLabel).tagName).toBe('DL')
  })
})
