import { projectsText } from '../content/projects-page.ts'

export interface Crumb {
  label: string
  /** None for the page itself, the last. */
  href?: string
}

/**
 * Where the page sits, back to the home page: links to each level above, then the page itself,
 * marked as the current one. The slashes between are not read.
 */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label={projectsText.breadcrumbsLabel}>
      <ol className="flex flex-wrap items-center gap-x-2 text-sm text-ink-muted">
        {trail.map((crumb, index) => (
          <li key={crumb.label} className="flex items-center gap-x-2">
            {index > 0 ? (
              <span aria-hidden="true" className="text-line-strong">
                /
              </span>
            ) : null}
            {crumb.href ? (
              <a
                href={crumb.href}
                className="flex min-h-11 items-center underline-offset-4 hover:text-ink hover:underline"
              >
                {crumb.label}
              </a>
            ) : (
              <span aria-current="page" className="text-ink">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
