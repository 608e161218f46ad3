import { ContentSection } from '../components/page-section.tsx'
import { Card, CardDescription, CardTitle } from '../components/ui/card.tsx'
import { serviceGroups, services, servicesSection, type ServiceGroup } from '../content/services.ts'
import { cn } from '../lib/cn.ts'
import { CaseStudies } from './proof.tsx'

/** One kind of work: its number and name, what it is for, and its services under hairlines. */
function Group({ group, number }: { group: ServiceGroup; number: number }) {
  const labelId = `services-${group.id}`
  const items = services.filter((service) => service.group === group.id)
  const wide = number === 1
  return (
    <Card layout="panel" className={cn(wide && 'lg:col-span-2')}>
      <div className="flex flex-col gap-2">
        <p id={labelId} className="flex items-baseline gap-3 font-heading">
          <span className="text-sm text-accent-ink tabular-nums">{`0${number}`}</span>
          {group.label}
        </p>
        <p className="max-w-md text-sm text-ink-muted">{group.summary}</p>
      </div>
      <ul aria-labelledby={labelId} className={cn('grid gap-x-8', wide && 'md:grid-cols-3')}>
        {items.map(({ id, icon: Icon, title, description }) => (
          <li
            key={id}
            className={cn('flex gap-4 border-t border-line py-5', wide && 'md:flex-col md:gap-3')}
          >
            <Icon aria-hidden="true" className="size-6 shrink-0 text-accent-ink" />
            <div className="flex flex-col gap-1.5">
              <CardTitle>{title}</CardTitle>
              <CardDescription>{description}</CardDescription>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  )
}

export function Services() {
  return (
    <ContentSection id="services" heading={servicesSection}>
      <div className="grid gap-4 lg:grid-cols-2">
        {serviceGroups.map((group, index) => (
          <Group key={group.id} group={group} number={index + 1} />
        ))}
      </div>
      <CaseStudies />
    </ContentSection>
  )
}
