import { ProjectPicture } from '../components/project-picture.tsx'
import { projects as allProjects } from '../content/projects/index.ts'
import { projectClientLogos, projectTestimonials } from '../content/projects/project-lists.ts'
import type { Project } from '../content/projects/project.ts'
import { projectsText } from '../content/projects-page.ts'
import { figures as companyFigures, proofText, type Figure } from '../content/proof.ts'

/**
 * The company's figures and its clients' logos, on the dark band under the reasons to choose
 * the company; each part only when the company has filled it in.
 */
export function ClientProof({
  figures = companyFigures,
  projects = allProjects,
}: {
  figures?: readonly Figure[]
  projects?: readonly Project[]
}) {
  const logos = projectClientLogos(projects)
  if (figures.length + logos.length === 0) return null
  return (
    <div className="flex flex-col gap-12 border-t border-night-line pt-12">
      {figures.length > 0 ? (
        <dl aria-label={proofText.figuresLabel} className="grid grid-cols-2 gap-8 md:grid-cols-4">
          {figures.map((figure) => (
            <div key={figure.id} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-on-night-muted">{figure.label}</dt>
              <dd className="m-0 text-4xl font-heading tracking-display tabular-nums">
                {figure.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <ClientLogos projects={projects} tone="night" />
    </div>
  )
}

/** The clients that gave their logo with a project, each named by it. */
export function ClientLogos({
  projects = allProjects,
  tone = 'default',
}: {
  projects?: readonly Project[]
  tone?: 'default' | 'night'
}) {
  const logos = projectClientLogos(projects)
  if (logos.length === 0) return null
  return (
    <ul
      aria-label={projectsText.index.clientsLabel}
      className="flex flex-wrap items-center gap-x-12 gap-y-6"
    >
      {logos.map((client) => (
        <li key={client.slug}>
          <ProjectPicture
            image={{ ...client.logo, alt: client.name }}
            sizes="10rem"
            className={
              tone === 'night' ? 'h-8 w-auto opacity-80 brightness-0 invert' : 'h-8 w-auto'
            }
          />
        </li>
      ))}
    </ul>
  )
}

/** What clients said: the projects' quotes, each with who said it and for which client. */
export function Testimonials({ projects = allProjects }: { projects?: readonly Project[] }) {
  const testimonials = projectTestimonials(projects)
  if (testimonials.length === 0) return null
  return (
    <section aria-labelledby="testimonials" className="flex flex-col gap-8">
      <h2 id="testimonials" className="text-3xl leading-tight font-heading tracking-tight">
        {projectsText.index.testimonialsTitle}
      </h2>
      <ul className="grid gap-6 sm:gap-8 lg:grid-cols-2">
        {testimonials.map(({ project, quote }) => (
          <li key={project.slug}>
            <figure className="m-0 flex h-full flex-col justify-between gap-6 rounded-card border border-line bg-surface p-6 sm:p-8">
              <blockquote className="m-0 text-lg leading-relaxed text-pretty text-ink">
                {quote.text}
              </blockquote>
              <figcaption className="text-sm text-ink-muted">
                <span className="font-strong text-ink">{quote.name}</span>
                {` · ${quote.role}, ${project.client.name}`}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  )
}
