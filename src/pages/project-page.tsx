import { Breadcrumbs } from '../components/breadcrumbs.tsx'
import { KeepWordsWhole } from '../components/keep-words-whole.tsx'
import { splitColumns } from '../components/page-grid.ts'
import { ProjectPicture } from '../components/project-picture.tsx'
import { buttonClassName } from '../components/ui/button.tsx'
import type { Project } from '../content/projects/project.ts'
import { projectsText } from '../content/projects-page.ts'
import { headerCta } from '../content/navigation.ts'
import { cn } from '../lib/cn.ts'
import { PROJECTS_URL, contactRoute } from '../routes.ts'
import { ClientLine, ResultFigure } from '../sections/project-cards.tsx'
import { PageFrame } from '../sections/page-frame.tsx'

const { page: text } = projectsText
const WIDE = '(min-width: 1280px) 76rem, calc(100vw - 2rem)'
const sectionTitle = 'text-2xl leading-tight font-heading tracking-tight text-ink'

function Part({ id, title, children }: { id: string; title: string; children: string }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className={sectionTitle}>
        {title}
      </h2>
      <p className="text-reading max-w-prose text-ink">
        <KeepWordsWhole text={children} />
      </p>
    </section>
  )
}

/** One project's story: the client and the title, the number, the cover, then the details. */
export function ProjectPage({ project }: { project: Project }) {
  const [cover, ...more] = project.images
  return (
    <PageFrame page="project">
      <article className="mx-auto flex max-w-page flex-col gap-12 px-4 pt-8 pb-20 sm:gap-16 sm:px-6 sm:pb-28">
        <div className="flex flex-col gap-6">
          <Breadcrumbs
            trail={[
              { label: projectsText.home, href: '/' },
              { label: projectsText.navLabel, href: PROJECTS_URL },
              { label: project.title },
            ]}
          />
          <div className={cn('grid gap-8 lg:items-end', splitColumns)}>
            <div className="flex flex-col gap-4">
              <ClientLine
                project={project}
                splitOnPhone
                className="text-sm font-strong text-accent-ink"
              />
              <h1 className="text-[2rem] leading-[1.1] font-heading tracking-display text-balance sm:text-5xl sm:leading-[1.05]">
                {project.title}
              </h1>
              <p className="max-w-xl text-lg leading-relaxed text-pretty text-ink-muted">
                <KeepWordsWhole text={project.summary} />
              </p>
            </div>
            <section
              aria-labelledby="result"
              className="flex flex-col gap-3 border-t-2 border-accent pt-5"
            >
              <h2 id="result" className="text-sm font-strong text-ink-muted">
                {text.result}
              </h2>
              <ResultFigure project={project} size="band" />
            </section>
          </div>
          {project.example ? (
            <p className="rounded-control border border-line bg-subtle px-4 py-3 text-sm text-ink-muted">
              {projectsText.exampleNote}
            </p>
          ) : null}
        </div>
        <ProjectPicture
          image={cover}
          sizes={WIDE}
          eager
          className="h-auto w-full rounded-card border border-line bg-subtle"
        />
        <div className={cn('grid gap-10', splitColumns)}>
          <Part id="problem" title={text.problem}>
            {project.problem}
          </Part>
          <Part id="built" title={text.built}>
            {project.built}
          </Part>
        </div>
        <div className={cn('grid gap-10', splitColumns)}>
          <section aria-labelledby="stack" className="flex flex-col gap-3">
            <h2 id="stack" className={sectionTitle}>
              {text.stack}
            </h2>
            <ul className="flex flex-wrap gap-2">
              {project.stack.map((item) => (
                <li
                  key={item}
                  className="rounded-full border border-line bg-surface px-3 py-1 text-sm text-ink"
                >
                  {item}
                </li>
              ))}
            </ul>
            <p className="text-sm text-ink-muted">
              {`${text.year} `}
              <span className="tabular-nums">{project.year}</span>
            </p>
          </section>
          {project.quote ? (
            <figure className="m-0 flex flex-col gap-4 border-l-2 border-accent pl-6">
              <blockquote className="m-0 text-xl leading-relaxed text-pretty text-ink">
                <KeepWordsWhole text={project.quote.text} />
              </blockquote>
              <figcaption className="text-sm text-ink-muted">
                <span className="font-strong text-ink">{project.quote.name}</span>
                {` · ${project.quote.role}`}
              </figcaption>
            </figure>
          ) : null}
        </div>
        {more.length > 0 ? (
          <section aria-label={text.images} className="flex flex-col gap-8">
            {more.map((image) => (
              <ProjectPicture
                key={image.file}
                image={image}
                sizes={WIDE}
                className="h-auto w-full rounded-card border border-line bg-subtle"
              />
            ))}
          </section>
        ) : null}
        <section
          aria-labelledby="next"
          className="flex flex-col items-start gap-4 rounded-card bg-night p-8 text-on-night sm:p-12"
        >
          <h2 id="next" className="text-3xl leading-tight font-heading tracking-tight">
            {text.nextTitle}
          </h2>
          <p className="text-reading max-w-xl text-on-night-muted">{text.nextDescription}</p>
          <a href={contactRoute.url} className={buttonClassName({})}>
            {headerCta.label}
          </a>
        </section>
      </article>
    </PageFrame>
  )
}
