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
      {/* A step smaller than the other pages' titles on a phone: the spec's title is the longest,
          and at 30 px on a 360 px screen it took one more line in the brand's font than in its
          fallback, so the page moved when the font came. */}
      <h1
        id="contact-sent-title"
        className="text-[1.75rem]/[1.2] font-heading tracking-tight text-balance text-ink sm:text-4xl"
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
