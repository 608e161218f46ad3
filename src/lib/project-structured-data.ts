import { company } from '#shared/company/company.ts'
import type { Project } from '../content/projects/project.ts'
import { projectsText } from '../content/projects-page.ts'
import { PROJECTS_URL, projectRoute } from '../routes.ts'
import { largestProjectImage } from './project-image-files.ts'

/** The trail the page's breadcrumbs show, as search engines read it. */
const breadcrumbList = (items: readonly { name: string; url: string }[]) => ({
  '@type': 'BreadcrumbList',
  itemListElement: items.map((item, index) => ({
    '@type': 'ListItem',
    position: index + 1,
    name: item.name,
    item: item.url,
  })),
})

/** The company, as the maker of each project: its name and its home page. */
const creator = (siteUrl: string) => ({
  '@type': 'Organization',
  name: company.name,
  url: `${siteUrl}/`,
})

/**
 * A project as schema.org reads it: a CreativeWork the company made (`creator`), for the
 * client it names (`about`), with its images, year and stack; and the page's breadcrumbs.
 */
export function projectStructuredData(project: Project, siteUrl: string) {
  const url = `${siteUrl}${projectRoute(project.slug).url}`
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'CreativeWork',
        name: project.title,
        description: project.summary,
        url,
        inLanguage: 'pt-BR',
        dateCreated: String(project.year),
        image: project.images.map((image) => `${siteUrl}${largestProjectImage(image).url}`),
        creator: creator(siteUrl),
        about: { '@type': 'Organization', name: project.client.name },
        keywords: project.stack.join(', '),
      },
      breadcrumbList([
        { name: projectsText.home, url: `${siteUrl}/` },
        { name: projectsText.navLabel, url: `${siteUrl}${PROJECTS_URL}` },
        { name: project.title, url },
      ]),
    ],
  }
}

/** The index: a collection of the company's projects, each by its name and address. */
export function projectsStructuredData(projects: readonly Project[], siteUrl: string) {
  const url = `${siteUrl}${PROJECTS_URL}`
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'CollectionPage',
        name: projectsText.index.title,
        url,
        hasPart: projects.map((project) => ({
          '@type': 'CreativeWork',
          name: project.title,
          url: `${siteUrl}${projectRoute(project.slug).url}`,
          creator: creator(siteUrl),
        })),
      },
      breadcrumbList([
        { name: projectsText.home, url: `${siteUrl}/` },
        { name: projectsText.navLabel, url },
      ]),
    ],
  }
}
