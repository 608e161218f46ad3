import { screen, within } from '@testing-library/react'
import { company } from '#shared/company/company.ts'
import { projects } from '../content/projects/index.ts'
import { featuredProjects } from '../content/projects/project-lists.ts'
import { projectsText } from '../content/projects-page.ts'
import { renderHeadTags, renderPage, renderSiteHeadTags, renderSitePage } from '../entry-server.tsx'
import { projectRoute, projectsRoute } from '../routes.ts'

const show = (html: string) => {
  document.body.innerHTML = html
}
afterEach(() => {
  document.body.innerHTML = ''
})

/** The JSON-LD a head carries, parsed. */
const structuredData = (head: string) => {
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head)?.[1]
  return json ? (JSON.parse(json) as { '@graph': Array<Record<string, unknown>> }) : undefined
}

describe("a project's page, as prerendered", () => {
  it.each(projects.map((project) => [project.slug, project] as const))(
    '%s: one h1, breadcrumbs back to the index and home, the story, the number, its images sized',
    (_, project) => {
      show(renderSitePage(projectRoute(project.slug)))
      expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
        project.title,
      ])
      const trail = within(screen.getByRole('navigation', { name: projectsText.breadcrumbsLabel }))
      expect(trail.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
        '/',
        projectsRoute.url,
      ])
      expect(trail.getByText(project.title)).toHaveAttribute('aria-current', 'page')
      for (const part of [project.problem, project.built, project.summary]) {
        expect(screen.getByText(part)).toBeInTheDocument()
      }
      const value = screen.getByText(project.result.value)
      expect(value).toHaveClass('tabular-nums')
      for (const [index, image] of project.images.entries()) {
        const img = screen.getByRole('img', { name: image.alt })
        expect(img).toHaveAttribute('width', String(image.width))
        expect(img).toHaveAttribute('height', String(image.height))
        expect(img.getAttribute('srcset')).toMatch(/ 480w, .+ 800w, .+ 1200w$/)
        expect(img).toHaveAttribute('sizes')
        // The cover is the phone's largest paint: asked for at once; the rest when near.
        expect(img, `image ${index}`).toHaveAttribute('loading', index === 0 ? 'eager' : 'lazy')
        if (index === 0) expect(img).toHaveAttribute('fetchpriority', 'high')
      }
      expect(screen.getByText(projectsText.exampleNote)).toBeInTheDocument()
      expect(screen.getByRole('main')).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveAttribute(
        'href',
        '#main',
      )
    },
  )

  it('says what it is to search engines and shared links: its own image, a CreativeWork by the company', () => {
    const [project] = projects
    if (!project) throw new Error('no project')
    const head = renderSiteHeadTags(projectRoute(project.slug), 'https://www.exemplo.com.br/')
    const url = `https://www.exemplo.com.br/projetos/${project.slug}`
    expect(head).toContain(`<link rel="canonical" href="${url}">`)
    expect(head).toContain(
      `<meta property="og:image" content="https://www.exemplo.com.br/og/projetos/${project.slug}.png">`,
    )
    expect(head).toContain('<meta property="og:type" content="article">')
    const [work, breadcrumbs] = structuredData(head)?.['@graph'] ?? []
    expect(work).toMatchObject({
      '@type': 'CreativeWork',
      name: project.title,
      url,
      creator: { '@type': 'Organization', name: company.name, url: 'https://www.exemplo.com.br/' },
      about: { name: project.client.name },
    })
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' })
  })
})

describe('the projects on the home page and the index', () => {
  it('shows the featured ones in a band after the services: the number big, the title a link to the page', () => {
    show(renderPage('home'))
    const band = document.getElementById('projects')
    if (!band) throw new Error('no band')
    expect(band.previousElementSibling?.id).toBe('services')
    const links = within(band).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      projectsRoute.url,
      ...featuredProjects(projects).map((project) => projectRoute(project.slug).url),
    ])
    for (const project of featuredProjects(projects)) {
      expect(within(band).getByText(project.result.value)).toHaveClass('tabular-nums')
    }
    // None of their images on the landing page: it is at its 14 KB.
    expect(band.querySelector('img')).toBeNull()
  })

  it('links the index from the nav, current on the index itself, which lists every project and the quotes', () => {
    show(renderPage('projects'))
    const nav = within(screen.getByRole('navigation', { name: 'Navegação principal' }))
    expect(
      nav.getAllByRole('link', { name: projectsText.navLabel, hidden: true })[0],
    ).toHaveAttribute('aria-current', 'page')
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    for (const project of projects) {
      expect(screen.getByRole('link', { name: project.title })).toHaveAttribute(
        'href',
        projectRoute(project.slug).url,
      )
    }
    // Only the first card's image is the first screen's: asked for at once, the others lazily.
    expect(
      projects.map(
        (project) =>
          screen.getByRole('img', { name: project.images[0]?.alt }).getAttribute('loading') ?? '',
      ),
    ).toEqual(projects.map((_, index) => (index === 0 ? 'eager' : 'lazy')))
    const quoted = projects.filter((project) => project.quote)
    expect(screen.getAllByRole('figure')).toHaveLength(quoted.length)
    const head = renderHeadTags('projects', 'https://www.exemplo.com.br')
    expect(structuredData(head)?.['@graph'][0]).toMatchObject({ '@type': 'CollectionPage' })
  })
})
