import { projectsText } from '../content/projects-page.ts'
import { cn } from '../lib/cn.ts'

export interface Crumb {
  label: string
  /** None for the page itself, the last. */
  href?: string
}

/**
 * Where the page sits, back to the home page: links to each level above, then the page itself,
 * marked as the current one. The slashes between are not read. One line, the page's own name
 * cut short with an ellipsis when it does not fit (the heading below says it whole): wrapped, a
 * long name took a line more or less in the brand's font than in its fallback at some widths,
 * 411 px among them, and the page moved when the font came.
 */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label={projectsText.breadcrumbsLabel}>
      <ol className="flex items-center gap-x-2 text-sm text-ink-muted">
        {trail.map((crumb, index) => (
          <li
            key={crumb.label}
            className={cn('flex items-center gap-x-2', crumb.href ? 'shrink-0' : 'min-w-0')}
          >
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
              <span aria-current="page" className="truncate text-ink">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
