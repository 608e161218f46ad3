import { Logo } from '../components/logo.tsx'
import { SectionLinks, type SitePage } from '../components/section-links.tsx'
import { legalIdentity } from '../content/legal.ts'
import { privacyLink } from '../content/privacy.ts'
import { brand, layoutText } from '../content/site.ts'
import { privacyRoute } from '../routes.ts'

const officerHref = `mailto:${legalIdentity.officerEmail}?subject=${encodeURIComponent(legalIdentity.officerSubject)}`

/** Who the company is by law, and who answers about personal data (src/content/legal.ts). */
function LegalLine() {
  return (
    <p className="border-t border-slate-200 px-4 py-2 text-center text-sm text-slate-600">
      {legalIdentity.name} · {legalIdentity.cnpj} · {legalIdentity.officerLabel}:{' '}
      {legalIdentity.officerName},{' '}
      <a href={officerHref} className="break-all text-slate-700 underline hover:text-slate-900">
        {legalIdentity.officerEmail}
      </a>
    </p>
  )
}

export function SiteFooter({ page }: { page: SitePage }) {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-page flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-2">
          <Logo />
          <p className="text-sm text-slate-600">{layoutText.footerTagline}</p>
        </div>
        <nav aria-label={layoutText.footerNavLabel}>
          <SectionLinks
            look="footer"
            page={page}
            className="-mx-2 flex flex-wrap gap-x-2 gap-y-1"
          />
        </nav>
      </div>
      <LegalLine />
      <div className="flex flex-col items-center justify-center gap-x-6 border-t border-slate-200 px-4 py-2 text-sm text-slate-600 sm:flex-row">
        {/* The year is the build's: the page is static HTML, rebuilt with every deploy. */}
        <p className="py-2 text-center">
          © {new Date().getFullYear()} {brand.name}. {layoutText.rightsReserved}
        </p>
        <a
          href={privacyRoute.url}
          aria-current={page === 'privacy' ? 'page' : undefined}
          className="flex min-h-11 items-center rounded-lg px-2 text-slate-700 underline hover:text-slate-900"
        >
          {privacyLink.label}
        </a>
      </div>
    </footer>
  )
}
