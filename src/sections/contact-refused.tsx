import { CircleAlert } from 'lucide-react'
import { buttonClassName } from '../components/ui/button.tsx'
import { contactRefusedPage } from '../content/contact-pages.ts'
import { contactRoute } from '../routes.ts'
import { refusalId } from '#shared/contact/contact-pages.ts'

const { reasons, otherWays } = contactRefusedPage

/**
 * Where the submit-contact-form Edge Function sends a refused form (it may not answer with a
 * page of its own). The address's #fragment names the database's reason (refusalId): every
 * known reason is in the page, and CSS shows the one targeted, or the generic text when none
 * is, with no script.
 */
export function ContactRefused() {
  return (
    <section
      aria-labelledby="contact-refused-title"
      className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-20 text-center sm:px-6 sm:py-28"
    >
      <div className="flex size-14 items-center justify-center rounded-card bg-danger-soft text-danger-ink">
        <CircleAlert aria-hidden="true" className="size-7" />
      </div>
      {/* 31 px on a phone, not the other titles' 30: at 30 the spec's title filled a 384 px
          screen's (many Android phones') two lines in the brand's font and took three in its
          fallbacks, so the page moved when the font came (CLS 0.04). At 31 that happens at
          395-397 px, a width no common phone has (npm run bench:font-swap). */}
      <h1
        id="contact-refused-title"
        className="text-[1.9375rem]/[1.2] font-heading tracking-tight text-balance text-ink sm:text-4xl"
      >
        {contactRefusedPage.title}
      </h1>
      {/* A margin of a whole screen: the browser keeps the page at its top instead of
          scrolling the heading under the fixed header to bring the reason up. */}
      <div className="group text-lg font-medium text-pretty text-danger-ink">
        {reasons.map((reason) => (
          <p
            key={reason.message}
            id={refusalId(reason.message)}
            className="hidden scroll-mt-[100vh] target:block"
          >
            {reason.description}
          </p>
        ))}
        <p className="group-has-[:target]:hidden">{contactRefusedPage.unexpected}</p>
      </div>
      <p className="text-pretty text-ink-muted">{contactRefusedPage.kept}</p>
      {/* Without script a plain link (an empty form); with it, the page script goes back. */}
      <a href={`${contactRoute.url}/`} data-history-back="" className={buttonClassName({})}>
        {contactRefusedPage.backLink}
      </a>
      {/* In short lines that break in the same places in the brand's font and its fallbacks (as
          on the booking pages): run together, the sentence gained a line at 382 px when the font
          came. Lines 24 px apart, so the two links, one above the other, are targets far enough
          apart for a finger (WCAG 2.5.8). */}
      <p className="text-sm leading-6 text-ink-muted">
        {otherWays.before}
        <br />
        <a
          href={`mailto:${otherWays.email}`}
          className="font-medium break-words text-accent-ink underline"
        >
          {otherWays.email}
        </a>
        <br />
        {otherWays.between}
        {/* A phone number reads as one piece: never broken over two lines. */}
        <a
          href={otherWays.phoneHref}
          className="font-medium whitespace-nowrap text-accent-ink underline"
        >
          {otherWays.phone}
        </a>{' '}
        <br className="sm:hidden" />
        <span className="whitespace-nowrap">{otherWays.hours}</span>
      </p>
    </section>
  )
}
