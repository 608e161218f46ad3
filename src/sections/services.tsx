import { ContentSection } from '../components/page-section.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx'
import { services, servicesSection } from '../content/services.ts'
import { cn } from '../lib/cn.ts'

type ServiceCardProps = (typeof services)[number]

function ServiceCard({ icon: Icon, title, description, gradient, shadow }: ServiceCardProps) {
  return (
    <Card className={cn('h-full hover:-translate-y-0.5 motion-reduce:transform-none', shadow)}>
      <div
        className={cn(
          'flex size-12 items-center justify-center rounded-xl bg-gradient-to-br text-white',
          gradient,
        )}
      >
        <Icon aria-hidden="true" className="size-6" />
      </div>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
    </Card>
  )
}

export function Services() {
  return (
    <ContentSection id="services" heading={servicesSection} muted>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {services.map((service) => (
          <li key={service.id}>
            <ServiceCard {...service} />
          </li>
        ))}
      </ul>
    </ContentSection>
  )
}
