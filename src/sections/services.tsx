import { SectionHeading } from '../components/section-heading.tsx'
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
    <section
      id="services"
      tabIndex={-1}
      aria-labelledby="services-title"
      className="scroll-mt-16 bg-slate-50 py-20 outline-none sm:py-24"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 sm:px-6">
        <SectionHeading id="services-title" {...servicesSection} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((service) => (
            <li key={service.id}>
              <ServiceCard {...service} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
