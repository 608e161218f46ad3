import { Logo } from '../components/logo.tsx'
import { navLinks } from '../content/navigation.ts'
import { brand, layoutText } from '../content/site.ts'
import { handleSectionLinkClick } from '../lib/scroll-to-section.ts'

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-2">
          <Logo />
          <p className="text-sm text-slate-600">{layoutText.footerTagline}</p>
        </div>
        <nav aria-label={layoutText.footerNavLabel}>
          <ul className="flex flex-wrap gap-x-2 gap-y-1">
            {navLinks.map((link) => (
              <li key={link.id}>
                <a
                  href={`#${link.id}`}
                  className="flex min-h-11 items-center rounded-lg px-2 text-sm text-slate-700 hover:text-slate-900 hover:underline"
                  onClick={(event) => handleSectionLinkClick(event, link.id)}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {/* The year is baked in at build time; a build from last December must still hydrate. */}
      <p
        suppressHydrationWarning
        className="border-t border-slate-200 px-4 py-4 text-center text-sm text-slate-600"
      >
        © {new Date().getFullYear()} {brand.name}. {layoutText.rightsReserved}
      </p>
    </footer>
  )
}
