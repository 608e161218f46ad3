import { ProjectPicture } from '../components/project-picture.tsx'
import type { Project } from '../content/projects/project.ts'
import { projectsText } from '../content/projects-page.ts'
import { cn } from '../lib/cn.ts'
import { projectRoute } from '../routes.ts'

/** The client, its sector, and "Exemplo" on the demo's examples. */
/**
 * The client and their sector. `splitOnPhone`: on a phone, the name on a line of its own and the
 * sector on the next, where the line stands on the first screen (a project's page): run together
 * with the example badge, it filled a phone's line in one font and not the other at some widths
 * (398 px, 420 px), and the page moved 20 px when the brand's font came (CLS up to 0.19).
 */
export function ClientLine({
  project,
  className,
  splitOnPhone = false,
}: {
  project: Project
  className?: string
  splitOnPhone?: boolean
}) {
  return (
    <p className={className}>
      {splitOnPhone ? (
        <>
          <span className="block sm:inline">{project.client.name}</span>
          <span className="hidden sm:inline"> · </span>
          {project.client.sector}
        </>
      ) : (
        `${project.client.name} · ${project.client.sector}`
      )}
      {project.example ? (
        <span className="ml-2 rounded-full border border-line px-2 py-0.5 text-xs font-strong text-ink-muted">
          {projectsText.example}
        </span>
      ) : null}
    </p>
  )
}

/**
 * The result's number as the set piece: large, in tabular figures so numbers side by side
 * line up, its label under it. `size`: the home page's band draws it larger than a card.
 */
export function ResultFigure({ project, size }: { project: Project; size: 'band' | 'card' }) {
  return (
    <p className="flex flex-col gap-1">
      <span
        className={
          size === 'band'
            ? 'text-5xl leading-none font-heading tracking-display text-accent-ink tabular-nums sm:text-6xl'
            : 'text-4xl leading-none font-heading tracking-display text-accent-ink tabular-nums'
        }
      >
        {project.result.value}
      </span>{' '}
      <span className="text-reading text-ink-muted">{project.result.label}</span>
    </p>
  )
}

/** How a card sits in its list: the band's numbers, the index's covers, or one wide cover. */
const cardLayouts = {
  /** The home page's band: the number on the accent's line, then the title. */
  band: 'border-t-2 border-accent pt-6 md:row-span-2',
  /** The index: the cover, then the number and the title. */
  cover: 'md:row-span-3',
  /**
   * The index's last card alone on its row (an odd count): it spans the row, its cover in the
   * first column and its text in the second, on the page's split line, so no half row is left
   * empty (as the services' last card does, decision 077).
   */
  wide: 'md:row-span-3 lg:col-span-2 lg:grid-cols-2 lg:grid-rows-[1fr_auto_auto] lg:gap-x-8',
} as const

/**
 * A project in a list: its title is the link, stretched over the whole card, so the card is
 * one target with one name. Side by side, the cards share their rows (a subgrid of the
 * list's), so the numbers, the titles and the clients start on one line whatever wraps.
 */
export function ProjectCard({
  project,
  layout,
  level = 'h3',
  eager = false,
}: {
  project: Project
  layout: keyof typeof cardLayouts
  /** h2 where the list is the page's own subject (the index), h3 under a section's h2. */
  level?: 'h2' | 'h3'
  /** The first screen's card: its image loads at once (ProjectPicture). */
  eager?: boolean
}) {
  const Heading = level
  const [cover] = project.images
  const wide = layout === 'wide'
  return (
    <li
      className={cn(
        'relative flex flex-col gap-5 md:grid md:grid-rows-subgrid md:gap-y-5',
        cardLayouts[layout],
      )}
    >
      {layout === 'band' ? null : (
        <ProjectPicture
          image={cover}
          sizes="(min-width: 1024px) 36rem, calc(100vw - 2rem)"
          eager={eager}
          className={cn(
            'h-auto w-full rounded-card border border-line bg-subtle',
            wide && 'lg:row-span-3',
          )}
        />
      )}
      <div className={cn(wide && 'lg:col-start-2 lg:self-end')}>
        <ResultFigure project={project} size={layout === 'band' ? 'band' : 'card'} />
      </div>
      <div className={cn('flex flex-col gap-2', wide && 'lg:col-start-2 lg:row-start-2')}>
        <Heading className="text-xl leading-snug font-heading tracking-tight text-ink">
          <a
            href={projectRoute(project.slug).url}
            className="underline-offset-4 after:absolute after:inset-0 after:rounded-card hover:underline"
          >
            {project.title}
          </a>
        </Heading>
        <ClientLine project={project} className="text-sm text-ink-muted" />
      </div>
    </li>
  )
}
