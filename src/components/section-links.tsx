import { Fragment } from 'react'
import { navLinks, type SectionId } from '../content/navigation.ts'
import { projects } from '../content/projects/index.ts'
import { projectsText } from '../content/projects-page.ts'
import { PROJECTS_URL, type PageKind } from '../routes.ts'

const linkLooks = {
  header:
    'flex min-h-11 items-center rounded-control px-3 text-[0.9375rem] font-medium hover:bg-subtle',
  footer:
    'flex min-h-11 items-center rounded-control px-2 text-sm text-ink-muted hover:text-ink hover:underline',
} as const

/** The pages drawn with the site's header and footer: all of them, the 404 included. */
export type SitePage = PageKind | 'project'

/**
 * A link to a section of the landing page: a plain `#id` there, so the browser scrolls with no
 * script; `/#id` from any other page, which opens the landing page at that section.
 */
export const sectionHref = (id: SectionId, page: SitePage): string =>
  page === 'home' ? `#${id}` : `/#${id}`

/**
 * The four section anchors, the one list drawn by the header, the phone menu and the footer;
 * after the services, the projects' page while the company has any (src/content/projects/).
 */
export function SectionLinks({
  look,
  className,
  page,
}: {
  look: keyof typeof linkLooks
  className: string
  page: SitePage
}) {
  return (
    <ul className={className}>
      {navLinks.map((link) => (
        <Fragment key={link.id}>
          <li>
            <a href={sectionHref(link.id, page)} className={linkLooks[look]}>
              {link.label}
            </a>
          </li>
          {link.id === 'services' && projects.length > 0 ? (
            <li>
              <a
                href={PROJECTS_URL}
                aria-current={page === 'projects' ? 'page' : undefined}
                className={linkLooks[look]}
              >
                {projectsText.navLabel}
              </a>
            </li>
          ) : null}
        </Fragment>
      ))}
    </ul>
  )
}
