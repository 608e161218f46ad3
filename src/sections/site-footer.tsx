import { Logo } from '../components/logo.tsx'
import { SectionLinks, type SitePage } from '../components/section-links.tsx'
import { legalIdentity } from '../content/legal.ts'
import { privacyLink } from '../content/privacy.ts'
import { brand, layoutText } from '../content/site.ts'
import { privacyRoute } from '../routes.ts'

// No subject: the line is on every page; the privacy notice's own link carries one and shows
// the address.
const officerHref = `mailto:${legalIdentity.officerEmail}`

/**
 * Who the company is by law, and who answers about personal data (src/content/legal.ts), the
 * encarregado's name linking to their address; after the copyright, in its row's style. The
 * CNPJ is kept on one line (it broke at its hyphen at 390 px). One text node on each side of
 * it: React separates adjacent ones with comments, bytes on every page (the landing page is at
 * its 14 kB budget).
 */
function LegalLine() {
  return (
    <p className="py-2 text-center">
      {`${legalIdentity.name} · `}
      <span className="whitespace-nowrap">{legalIdentity.cnpj}</span>
      {` · ${legalIdentity.officerLabel}: `}
      <a href={officerHref} className="underline">
        {legalIdentity.officerName}
      </a>
    </p>
  )
}

export function SiteFooter({ page }: { page: SitePage }) {
  return (
    <footer className="border-t border-line bg-canvas">
      {/* One column for both rows, the header's and the sections': the line between them and
          the legal line under it stay inside it, on a phone as on a desktop. */}
      <div className="mx-auto max-w-page px-4 sm:px-6">
        <div className="flex flex-col gap-6 py-10 md:flex-row md:items-center md:justify-between">
          <div className="flex flex-col gap-2">
            <Logo />
            <p className="text-sm text-ink-muted">{layoutText.footerTagline}</p>
          </div>
          <nav aria-label={layoutText.footerNavLabel}>
            <SectionLinks
              look="footer"
              page={page}
              className="-mx-2 flex flex-wrap gap-x-2 gap-y-1"
            />
          </nav>
        </div>
        {/* Centred lines that wrap inside the column: the copyright and the privacy notice's link,
            then the legal line, the longest, which wraps to a line of its own. */}
        <div className="flex flex-col flex-wrap items-center justify-center gap-x-6 border-t border-line py-2 text-sm text-ink-muted sm:flex-row">
          {/* The year is the build's: the page is static HTML, rebuilt with every deploy. */}
          <p className="py-2 text-center">
            {`© ${new Date().getFullYear()} ${brand.name}. ${layoutText.rightsReserved}`}
          </p>
          <a
            href={privacyRoute.url}
            aria-current={page === 'privacy' ? 'page' : undefined}
            className="flex min-h-11 items-center rounded-control px-2 text-ink-muted underline hover:text-ink"
          >
            {privacyLink.label}
          </a>
          <LegalLine />
        </div>
      </div>
    </footer>
  )
}
