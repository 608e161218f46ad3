/**
 * A company with no project yet: the content's list is empty (mocked here, so the shipped
 * examples stay as they are), and the site shows nothing of projects anywhere.
 */
import { vi } from 'vitest'
import { projectsText } from './content/projects-page.ts'
import { renderHeadTags, renderPage } from './entry-server.tsx'
import { pageRoutes } from './routes.ts'
import { siteRoutes } from './site-routes.ts'

vi.mock('./content/projects/index.ts', () => ({ projects: [] }))

describe('a site without projects', () => {
  it('writes no index and no project page', () => {
    expect(siteRoutes).toEqual(pageRoutes)
    expect(siteRoutes.map((route) => route.url)).not.toContain('/projetos')
  })

  it.each(['home', 'privacy', 'contact', 'not-found'] as const)(
    'shows no band, no link and no word of them on the %s page',
    (kind) => {
      document.body.innerHTML = renderPage(kind)
      expect(document.querySelector('#projects')).toBeNull()
      expect(document.querySelector('a[href^="/projetos"]')).toBeNull()
      expect(document.body.textContent).not.toContain(projectsText.navLabel)
      expect(document.body.textContent).not.toContain(projectsText.band.title)
      expect(document.querySelectorAll('img')).toHaveLength(0)
      document.body.innerHTML = ''
    },
  )

  it("keeps the home page's structured data about the company only", () => {
    expect(renderHeadTags('home', 'https://www.exemplo.com.br')).not.toContain('CreativeWork')
  })
})
