import { KeepWordsWhole } from '../components/keep-words-whole.tsx'
import { splitColumns } from '../components/page-grid.ts'
import { PageSection } from '../components/page-section.tsx'
import { projects as allProjects } from '../content/projects/index.ts'
import { featuredProjects } from '../content/projects/project-lists.ts'
import type { Project } from '../content/projects/project.ts'
import { projectsText } from '../content/projects-page.ts'
import { cn } from '../lib/cn.ts'
import { PROJECTS_URL } from '../routes.ts'
import { ProjectCard } from './project-cards.tsx'

const { band } = projectsText

/**
 * The chosen projects on the home page, after the services: a band of big numbers, each the
 * result of one project, over its title (the link to its page) and its client. No badge over
 * the heading: the set piece is the numbers. Nothing at all while no project is featured.
 */
export function ProjectsBand({
  projects = featuredProjects(allProjects),
}: {
  projects?: readonly Project[]
}) {
  if (projects.length === 0) return null
  return (
    <PageSection id="projects" className="border-t border-line py-20 sm:py-28">
      <div className="mx-auto flex max-w-page flex-col gap-12 px-4 sm:gap-16 sm:px-6">
        <div className={cn('grid gap-5 lg:items-end', splitColumns)}>
          <h2
            id="projects-title"
            className="text-4xl leading-[1.05] font-heading tracking-display text-balance sm:text-5xl"
          >
            {band.title}
          </h2>
          <div className="flex flex-col items-start gap-3">
            <p className="max-w-xl text-lg leading-relaxed text-pretty text-ink-muted">
              <KeepWordsWhole text={band.description} />
            </p>
            <a
              href={PROJECTS_URL}
              className="flex min-h-11 items-center font-strong text-accent-ink underline underline-offset-4"
            >
              {band.allProjects}
            </a>
          </div>
        </div>
        <ul className="grid gap-12 md:grid-cols-3 md:gap-8">
          {projects.map((project) => (
            <ProjectCard key={project.slug} project={project} layout="band" />
          ))}
        </ul>
      </div>
    </PageSection>
  )
}
