import { ContentSection } from '../components/page-section.tsx'
import { FeatureCard } from '../components/feature-card.tsx'
import { aboutSection, differentiators } from '../content/differentiators.ts'

export function About() {
  return (
    <ContentSection
      id="about"
      heading={{
        badge: (
          <>
            {aboutSection.badge}
            <span aria-hidden="true">·</span>
            <strong className="font-semibold">{aboutSection.experience}</strong>
          </>
        ),
        title: aboutSection.title,
        description: aboutSection.description,
      }}
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {differentiators.map(({ id, ...card }) => (
          <li key={id}>
            <FeatureCard
              {...card}
              className="shadow-brand-600/10"
              iconClassName="bg-brand-50 text-brand-700"
            />
          </li>
        ))}
      </ul>
    </ContentSection>
  )
}
