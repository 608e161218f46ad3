import { SectionHeading } from '../components/section-heading.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx'
import { aboutSection, differentiators } from '../content/differentiators.ts'

export function About() {
  return (
    <section
      id="about"
      tabIndex={-1}
      aria-labelledby="about-title"
      className="scroll-mt-16 py-20 outline-none sm:py-24"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 sm:px-6">
        <SectionHeading
          id="about-title"
          badge={
            <>
              {aboutSection.badge}
              <span aria-hidden="true">·</span>
              <strong className="font-semibold">{aboutSection.experience}</strong>
            </>
          }
          title={aboutSection.title}
          description={aboutSection.description}
        />
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
      </div>
    </section>
  )
}
