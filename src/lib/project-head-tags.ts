import type { Project } from '../content/projects/project.ts'
import { projectsText } from '../content/projects-page.ts'
import { projectShareCard, projectShareImagePath, shareImage } from '../content/share-cards.ts'
import { projectRoute } from '../routes.ts'
import { listedHeadTags, normalizeSiteUrl } from './head-tags.ts'
import { projectStructuredData } from './project-structured-data.ts'

/** A project's page as search engines and shared links read it: its story, its own image. */
export function renderProjectHeadTags(project: Project, rawSiteUrl: string): string {
  const siteUrl = normalizeSiteUrl(rawSiteUrl)
  return listedHeadTags({
    title: projectsText.page.documentTitle(project.title),
    description: project.summary,
    url: `${siteUrl}${projectRoute(project.slug).url}`,
    image: `${siteUrl}${projectShareImagePath(project)}`,
    imageAlt: shareImage.alt(projectShareCard(project)),
    ogType: 'article',
    structuredData: projectStructuredData(project, siteUrl),
  })
}
