import { MailCheck } from 'lucide-react'
import { buttonClassName } from '../components/ui/button.tsx'
import { contactSentPage } from '../content/contact-pages.ts'

/** Where a form sent without script lands once it is stored: the spec's success texts. */
export function ContactSent() {
  return (
    <section
      aria-labelledby="contact-sent-title"
      className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-20 text-center sm:px-6 sm:py-28"
    >
      <div className="flex size-14 items-center justify-center rounded-card bg-accent text-on-accent">
        <MailCheck aria-hidden="true" className="size-7" />
      </div>
      <h1
        id="contact-sent-title"
        className="text-3xl font-heading tracking-tight text-balance text-ink sm:text-4xl"
      >
        {contactSentPage.title}
      </h1>
      <p className="text-lg text-pretty text-ink-muted">{contactSentPage.description}</p>
      <a href="/" className={buttonClassName({ size: 'lg' })}>
        {contactSentPage.homeLink}
      </a>
    </section>
  )
}
