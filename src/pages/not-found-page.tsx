import { buttonClassName } from '../components/ui/button.tsx'
import { notFoundPage } from '../content/not-found.ts'
import { PageFrame } from '../sections/page-frame.tsx'

/**
 * Inside the site's header and footer, so a visitor who followed a broken link still sees
 * whose site this is and every way on. Static: the visited path is logged by
 * src/page-scripts/not-found-page.ts, in the browser.
 */
export function NotFoundPage() {
  return (
    <PageFrame page="not-found">
      <div
        lang={notFoundPage.lang}
        className="mx-auto flex min-h-[60vh] max-w-page flex-col items-start justify-center gap-6 px-4 py-24 sm:px-6"
      >
        <h1 className="text-8xl leading-none font-heading tracking-display text-accent-ink sm:text-9xl">
          {notFoundPage.code}
        </h1>
        <p className="text-2xl font-heading tracking-tight sm:text-3xl">{notFoundPage.title}</p>
        {/* A full load of / serves the prerendered home page, complete before any script runs. */}
        <a href="/" className={buttonClassName({ size: 'lg' })}>
          {notFoundPage.homeLink}
        </a>
      </div>
    </PageFrame>
  )
}
