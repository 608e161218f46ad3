import { SpriteIcon } from '../components/icon-sprite.tsx'
import { KeepWordsWhole } from '../components/keep-words-whole.tsx'
import { splitColumns } from '../components/page-grid.ts'
import { ContentSection } from '../components/page-section.tsx'
import { aboutSection, differentiators } from '../content/differentiators.ts'
import { cn } from '../lib/cn.ts'
import { ClientProof } from './proof.tsx'
import { Team } from './team.tsx'

/**
 * The reasons to choose the company, on the brand's dark band: not cards but a list under
 * hairlines, each its icon beside its title and its description below, in two columns from a
 * tablet up (the second on the page's split line, under the heading's introduction). Not
 * numbered: the reasons have no order, and the services' groups are the page's numbers.
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
      <ul className={cn('grid sm:grid-cols-2 sm:gap-x-8', splitColumns)}>
        {differentiators.map(({ id, icon, title, description }) => (
          <li
            key={id}
            className="flex flex-col gap-1.5 border-t border-night-line pt-4 pb-6 sm:gap-2 sm:pt-5 sm:pb-8"
          >
            <div className="flex items-center gap-3">
              <SpriteIcon icon={icon} className="size-5 shrink-0 text-night-accent" />
              <h3 className="text-lg leading-snug font-heading tracking-tight text-on-night sm:text-xl">
                {title}
              </h3>
            </div>
            <p className="text-reading text-on-night-muted">
              <KeepWordsWhole text={description} />
            </p>
          </li>
        ))}
      </ul>
      <Team />
      <ClientProof />
    </ContentSection>
  )
}
