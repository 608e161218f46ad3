import { SpriteIcon } from '../components/icon-sprite.tsx'
import { splitColumns } from '../components/page-grid.ts'
import { ContentSection } from '../components/page-section.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../components/ui/card.tsx'
import { contactInfoCards } from '../content/contact-info.ts'
import { contactForm, contactSection, contactToasts } from '../content/contact.ts'
import { ContactForm } from '../features/contact/contact-form.tsx'
import type { ContactFormValues } from '../features/contact/send-contact-message.ts'
import { islandFallbackId } from '../islands/island-names.ts'
import { Island } from '../islands/island.tsx'
import { cn } from '../lib/cn.ts'

type InfoCardProps = (typeof contactInfoCards)[number]

function InfoCard({
  icon,
  title,
  value,
  detail,
  level,
  ...card
}: InfoCardProps & { level: 'h2' | 'h3' }) {
  const href = 'href' in card ? card.href : undefined
  const also = 'also' in card ? card.also : undefined
  return (
    <Card layout="inline">
      <div className="flex size-11 shrink-0 items-center justify-center rounded-control bg-accent-soft text-accent-ink">
        <SpriteIcon icon={icon} className="size-5" />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <CardTitle size="sm" level={level}>
          {title}
        </CardTitle>
        {href ? (
          <a href={href} className="font-strong break-words text-accent-ink hover:underline">
            {value}
          </a>
        ) : (
          <p className="font-strong">{value}</p>
        )}
        <CardDescription>{detail}</CardDescription>
        {also ? (
          <a href={also.href} className="text-sm font-medium text-accent-ink hover:underline">
            {also.label}
          </a>
        ) : null}
      </div>
    </Card>
  )
}

/** A form the database refused, as the Node server shows it again (no script ran). */
export interface RefusedForm {
  values: ContactFormValues
  /** The spec's error description: the database's reason, or the generic one. */
  description: string
}

/**
 * Outside the island, so the form hydrates as prerendered. The page exists to say this, so
 * it takes the focus as the page opens: screen readers read it first, and the page scrolls
 * to it.
 */
function Refusal({ description }: { description: string }) {
  return (
    <div
      role="alert"
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- see above: the page's one message
      autoFocus
      className="mb-6 flex flex-col gap-1 rounded-control border border-danger-line bg-danger-soft p-4 text-sm text-danger-ink outline-none"
    >
      <p className="font-semibold">{contactToasts.error.title}</p>
      <p className="break-words">{description}</p>
    </div>
  )
}

/**
 * `subject`: the section is the page's own subject (the contact page), so its heading is
 * the h1. `refused`: the form shown again with what was sent and why it was refused.
 */
export function Contact({
  subject = false,
  refused,
}: {
  subject?: boolean
  refused?: RefusedForm
}) {
  // The cards' titles sit one level below the section's heading.
  const cardLevel = subject ? 'h2' : 'h3'
  return (
    <ContentSection
      id="contact"
      heading={{ ...contactSection, level: subject ? 'h1' : 'h2' }}
      tone="subtle"
    >
      {/* The form and the ways to reach the company, split on the page's line: the cards start
          where the heading's introduction does. */}
      <div className={cn('grid grid-cols-1 gap-8', splitColumns)}>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle size="lg" level={cardLevel}>
              {contactForm.title}
            </CardTitle>
            <CardDescription>{contactForm.note}</CardDescription>
          </CardHeader>
          <CardContent>
            {refused ? <Refusal description={refused.description} /> : null}
            {/* The only part of the page that runs React, once the visitor starts using it. */}
            <Island name="contact-form">
              <ContactForm initialValues={refused?.values} />
            </Island>
            {/* Revealed by the page's script when the form's code could not be downloaded. */}
            <p
              id={islandFallbackId('contact-form')}
              role="alert"
              hidden
              className="mt-4 text-sm font-strong text-warning-ink"
            >
              {contactForm.fallback.notice}
            </p>
          </CardContent>
        </Card>
        {/* Never closer together than a card's padding (p-5). */}
        <ul className="flex flex-col gap-5">
          {contactInfoCards.map((card) => (
            <li key={card.id}>
              <InfoCard {...card} level={cardLevel} />
            </li>
          ))}
        </ul>
      </div>
    </ContentSection>
  )
}
