import { ContentSection } from '../components/page-section.tsx'
import { aboutSection, differentiators } from '../content/differentiators.ts'
import { ClientProof } from './proof.tsx'

/**
 * The reasons to choose the company, on the brand's dark band: not cards but a numbered list
 * under hairlines, read like a page of a studio's book.
 */
export function About() {
  return (
    <ContentSection
      id="about"
      tone="night"
      heading={{
        badge: (
          <>
            {aboutSection.badge}
            <span aria-hidden="true">·</span>
            <strong className="font-strong text-on-night">{aboutSection.experience}</strong>
          </>
        ),
        title: aboutSection.title,
        description: aboutSection.description,
      }}
    >
      <ol className="grid gap-x-12 sm:grid-cols-2 lg:grid-cols-3">
        {differentiators.map(({ id, icon: Icon, title, description }, index) => (
          <li key={id} className="flex flex-col gap-3 border-t border-night-line pt-6 pb-10">
            <div className="flex items-center justify-between">
              <span className="text-sm font-strong text-night-accent tabular-nums">
                {String(index + 1).padStart(2, '0')}
              </span>
              <Icon aria-hidden="true" className="size-5 text-on-night-muted" />
            </div>
            <h3 className="text-xl font-heading tracking-tight text-on-night">{title}</h3>
            <p className="leading-relaxed text-on-night-muted">{description}</p>
          </li>
        ))}
      </ol>
      <ClientProof />
    </ContentSection>
  )
}
