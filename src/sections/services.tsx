import { SpriteIcon } from '../components/icon-sprite.tsx'
import { KeepWordsWhole } from '../components/keep-words-whole.tsx'
import { splitColumns } from '../components/page-grid.ts'
import { ContentSection } from '../components/page-section.tsx'
import { Card, CardDescription, CardTitle } from '../components/ui/card.tsx'
import { serviceGroups, services, servicesSection, type ServiceGroup } from '../content/services.ts'
import { cn } from '../lib/cn.ts'

/**
 * One kind of work: its number and name over what it is for, then its services under
 * hairlines, each its icon beside its title and its description below, in every card alike.
 * The group's name is drawn larger than its services' titles but is not a heading: it names
 * their list, and the services stay the section's eight h3 (decision 045).
 * `alone`: the last card left alone on its row spans it, its services side by side, so it
 * ends with its row instead of leaving half of it empty. Their gap is the page's split gap
 * plus this card's padding and border on either side: the second column starts exactly where
 * the cards above have their second card's text.
 */
function Group({ group, number, alone }: { group: ServiceGroup; number: number; alone: boolean }) {
  const labelId = `services-${group.id}`
  const items = services.filter((service) => service.group === group.id)
  return (
    <Card layout="panel" className={cn(alone && 'lg:col-span-2')}>
      <div className="flex flex-col gap-2">
        <p
          id={labelId}
          className="flex items-baseline gap-3 text-[1.375rem] leading-tight font-heading tracking-tight text-ink sm:text-2xl"
        >
          {/* The space is read ("01 Construção"); the flex gap draws it. */}
          <span className="text-accent-ink tabular-nums">
            {String(number).padStart(2, '0')}
          </span>{' '}
          {group.label}
        </p>
        <p className="max-w-xl leading-normal text-ink-muted">{group.summary}</p>
      </div>
      <ul
        aria-labelledby={labelId}
        className={cn(
          'grid gap-y-3 sm:gap-y-5',
          alone && 'lg:grid-cols-2 lg:gap-x-[calc(2rem+2*(1.5rem+1px))]',
        )}
      >
        {items.map(({ id, icon, title, description }) => (
          <li key={id} className="flex flex-col gap-1 border-t border-line pt-3 sm:gap-2 sm:pt-5">
            <div className="flex items-center gap-3">
              <SpriteIcon icon={icon} className="size-5 shrink-0 text-accent-ink" />
              <CardTitle>{title}</CardTitle>
            </div>
            <CardDescription tone="body">
              <KeepWordsWhole text={description} />
            </CardDescription>
          </li>
        ))}
      </ul>
    </Card>
  )
}

/**
 * The groups two by two on a wide screen, on the page's split line (the heading's introduction
 * starts where the second card does), 24 to 32 px apart: never closer than a card's padding.
 */
export function Services() {
  const alone = (index: number) => index === serviceGroups.length - 1 && index % 2 === 0
  return (
    <ContentSection id="services" heading={servicesSection}>
      <div className={cn('grid gap-6 sm:gap-8', splitColumns)}>
        {serviceGroups.map((group, index) => (
          <Group key={group.id} group={group} number={index + 1} alone={alone(index)} />
        ))}
      </div>
    </ContentSection>
  )
}
