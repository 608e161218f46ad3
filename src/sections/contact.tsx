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

type InfoCardProps = (typeof contactInfoCards)[number]

function InfoCard({ icon: Icon, title, value, detail, ...card }: InfoCardProps) {
  const href = 'href' in card ? card.href : undefined
  const also = 'also' in card ? card.also : undefined
  return (
    <Card layout="inline" className="shadow-brand-600/10">
      <div className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-600 to-accent-600 text-white">
        <Icon aria-hidden="true" className="size-5" />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <CardTitle size="sm">{title}</CardTitle>
        {href ? (
          <a href={href} className="font-medium break-words text-brand-700 hover:underline">
            {value}
          </a>
        ) : (
          <p className="font-medium text-slate-900">{value}</p>
        )}
        <CardDescription>{detail}</CardDescription>
        {also ? (
          <a href={also.href} className="text-sm font-medium text-brand-700 hover:underline">
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
      className="mb-6 flex flex-col gap-1 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800 outline-none"
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
  return (
    <ContentSection
      id="contact"
      heading={{ ...contactSection, level: subject ? 'h1' : 'h2' }}
      muted
    >
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-5">
        <Card className="min-w-0 lg:col-span-3">
          <CardHeader>
            <CardTitle size="lg">{contactForm.title}</CardTitle>
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
              className="mt-4 text-sm font-medium text-amber-800"
            >
              {contactForm.fallback.notice}
            </p>
          </CardContent>
        </Card>
        <ul className="flex flex-col gap-4 lg:col-span-2">
          {contactInfoCards.map((card) => (
            <li key={card.id}>
              <InfoCard {...card} />
            </li>
          ))}
        </ul>
      </div>
    </ContentSection>
  )
}
