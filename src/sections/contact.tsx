import { ContentSection } from '../components/page-section.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../components/ui/card.tsx'
import { contactInfoCards } from '../content/contact-info.ts'
import { contactForm, contactSection } from '../content/contact.ts'
import { ContactForm } from '../features/contact/contact-form.tsx'
import { Island } from '../islands/island.tsx'

type InfoCardProps = (typeof contactInfoCards)[number]

function InfoCard({ icon: Icon, title, value, detail, ...card }: InfoCardProps) {
  const href = 'href' in card ? card.href : undefined
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
      </div>
    </Card>
  )
}

export function Contact() {
  return (
    <ContentSection id="contact" heading={contactSection} muted>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-5">
        <Card className="min-w-0 lg:col-span-3">
          <CardHeader>
            <CardTitle size="lg">{contactForm.title}</CardTitle>
            <CardDescription>{contactForm.note}</CardDescription>
          </CardHeader>
          <CardContent>
            {/* The only part of the page that runs React, once the visitor starts using it. */}
            <Island name="contact-form">
              <ContactForm />
            </Island>
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
