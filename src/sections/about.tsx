import { ContentSection } from '../components/page-section.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx'
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
        {differentiators.map(({ id, icon: Icon, title, description }) => (
          <li key={id}>
            <Card className="h-full shadow-brand-600/10">
              <div className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-6" />
              </div>
              <CardHeader>
                <CardTitle>{title}</CardTitle>
                <CardDescription>{description}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </ContentSection>
  )
}
