import { Logo } from '../components/logo.tsx'
import { SectionLinks, type SitePage } from '../components/section-links.tsx'
import { brand, layoutText } from '../content/site.ts'

export function SiteFooter({ page }: { page: SitePage }) {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-2">
          <Logo />
          <p className="text-sm text-slate-600">{layoutText.footerTagline}</p>
        </div>
        <nav aria-label={layoutText.footerNavLabel}>
          <SectionLinks look="footer" page={page} className="flex flex-wrap gap-x-2 gap-y-1" />
        </nav>
      </div>
      {/* The year is the build's: the page is static HTML, rebuilt with every deploy. */}
      <p className="border-t border-slate-200 px-4 py-4 text-center text-sm text-slate-600">
        © {new Date().getFullYear()} {brand.name}. {layoutText.rightsReserved}
      </p>
    </footer>
  )
}
