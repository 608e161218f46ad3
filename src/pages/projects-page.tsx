import { Breadcrumbs } from '../components/breadcrumbs.tsx'
import { splitColumns } from '../components/page-grid.ts'
import { projects } from '../content/projects/index.ts'
import { exampleProjects } from '../content/projects/project-problems.ts'
import { projectsText } from '../content/projects-page.ts'
import { cn } from '../lib/cn.ts'
import { ProjectCard } from '../sections/project-cards.tsx'
import { ClientLogos, Testimonials } from '../sections/proof.tsx'
import { PageFrame } from '../sections/page-frame.tsx'

const { index } = projectsText

/** /projetos: every project, its cover and its number, then what the clients said. */
export function ProjectsPage() {
  return (
    <PageFrame page="projects">
      <div className="mx-auto flex max-w-page flex-col gap-12 px-4 pt-8 pb-20 sm:gap-16 sm:px-6 sm:pb-28">
        <div className="flex flex-col gap-6">
          <Breadcrumbs
            trail={[{ label: projectsText.home, href: '/' }, { label: projectsText.navLabel }]}
          />
          <div className={cn('grid gap-5 lg:items-end', splitColumns)}>
            <h1 className="text-4xl leading-[1.05] font-heading tracking-display text-balance sm:text-5xl">
              {index.title}
            </h1>
            <p className="max-w-xl text-lg leading-relaxed text-pretty text-ink-muted">
              {index.description}
            </p>
          </div>
          {exampleProjects(projects).length > 0 ? (
            <p className="max-w-xl text-sm text-ink-muted">{projectsText.exampleNote}</p>
          ) : null}
        </div>
        <ul className={cn('grid gap-16 sm:gap-20', splitColumns)}>
          {projects.map((project, index) => (
            <ProjectCard
              key={project.slug}
              project={project}
              layout={index === projects.length - 1 && index % 2 === 0 ? 'wide' : 'cover'}
              level="h2"
              eager={index === 0}
            />
          ))}
        </ul>
        <Testimonials />
        <ClientLogos />
      </div>
    </PageFrame>
  )
}
