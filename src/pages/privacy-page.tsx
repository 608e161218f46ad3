import type { ReactNode } from 'react'
import { legalIdentity } from '../content/legal.ts'
import { privacyNotice, type PrivacySection } from '../content/privacy.ts'
import { privacyNoticeUpdated } from '../content/privacy-updated.ts'
import { KeepWordsWhole } from '../components/keep-words-whole.tsx'
import { PageFrame } from '../sections/page-frame.tsx'

const { controller, rights } = privacyNotice
const { request } = rights
const { officer } = controller
const mailto = (email: string, subject: string) =>
  `mailto:${email}?subject=${encodeURIComponent(subject)}`
const link = 'font-medium break-words text-accent-ink underline'

/** The notice's prose: its hyphenated words, and the CNPJ, each kept on one line. */
const Prose = ({ text }: { text: string }) => (
  <KeepWordsWhole text={text} whole={[legalIdentity.cnpj]} />
)

function NoticeSection({ section, children }: { section: PrivacySection; children?: ReactNode }) {
  return (
    <section aria-labelledby={`${section.id}-title`} className="flex flex-col gap-3">
      <h2 id={`${section.id}-title`} className="text-xl font-semibold text-ink">
        {section.title}
      </h2>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>
          <Prose text={paragraph} />
        </p>
      ))}
      {section.items ? (
        <ul className="flex list-disc flex-col gap-1 pl-6">
          {section.items.map((item) => (
            <li key={item}>
              <Prose text={item} />
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </section>
  )
}

/** Static text: nothing on this page runs React in the browser. */
export function PrivacyPage() {
  return (
    <PageFrame page="privacy">
      <article className="mx-auto flex max-w-3xl flex-col gap-10 px-4 py-16 text-ink-muted sm:px-6 sm:py-20">
        <div className="flex flex-col gap-4">
          <h1 className="text-3xl font-heading tracking-tight text-balance text-ink sm:text-4xl">
            {privacyNotice.title}
          </h1>
          <p className="text-lg text-pretty">
            <Prose text={privacyNotice.intro} />
          </p>
          <p className="text-sm text-ink-muted">
            {privacyNoticeUpdated.label}{' '}
            <time dateTime={privacyNoticeUpdated.date}>{privacyNoticeUpdated.shown}</time>
          </p>
        </div>
        {privacyNotice.sections.map((section) => (
          <NoticeSection key={section.id} section={section} />
        ))}
        <NoticeSection section={controller}>
          <p>
            <Prose text={officer.before} />
            <a href={mailto(officer.email, officer.subject)} className={link}>
              {officer.email}
            </a>
            <Prose text={officer.after} />
          </p>
        </NoticeSection>
        <NoticeSection section={rights}>
          <p>
            <Prose text={request.before} />
            <a href={mailto(request.email, request.subject)} className={link}>
              {request.email}
            </a>
            <Prose text={request.after} />
          </p>
          <p>
            <Prose text={rights.authority} />
          </p>
        </NoticeSection>
      </article>
    </PageFrame>
  )
}
