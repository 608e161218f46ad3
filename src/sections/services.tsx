import { FeatureCard } from '../components/feature-card.tsx'
import { ContentSection } from '../components/page-section.tsx'
import { services, servicesSection } from '../content/services.ts'
import { cn } from '../lib/cn.ts'

export function Services() {
  return (
    <ContentSection id="services" heading={servicesSection} muted>
      <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
        {services.map(({ id, icon, title, description, gradient, shadow }) => (
          <li key={id}>
            <FeatureCard
              icon={icon}
              title={title}
              description={description}
              className={cn('hover:-translate-y-0.5 motion-reduce:transform-none', shadow)}
              iconClassName={cn('bg-gradient-to-br text-white', gradient)}
            />
          </li>
        ))}
      </ul>
    </ContentSection>
  )
}
