import { Menu, X } from 'lucide-react'
import { Logo } from '../components/logo.tsx'
import { SectionLinks, sectionHref, type SitePage } from '../components/section-links.tsx'
import { Button } from '../components/ui/button.tsx'
import { layoutText } from '../content/site.ts'

const MENU_ID = 'mobile-menu'

/**
 * The phone menu is a popover: the browser opens and closes it, closes it on Escape and on a
 * tap outside, returns focus to the toggle and tells screen readers whether it is expanded,
 * all without JavaScript. src/page-scripts/phone-menu.ts closes it when an entry is picked.
 * The toggle's icon follows the menu's state through CSS (`:popover-open`), not script.
 */
export function SiteHeader({ page }: { page: SitePage }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {layoutText.skipLink}
      </a>
      <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <nav
          aria-label={layoutText.mainNavLabel}
          className="group mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6"
        >
          <a href={sectionHref('home', page)} className="rounded-lg">
            <Logo />
          </a>
          <SectionLinks look="header" page={page} className="hidden items-center gap-1 md:flex" />
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            popoverTarget={MENU_ID}
            aria-controls={MENU_ID}
            aria-label={layoutText.menuToggleLabel}
          >
            <Menu aria-hidden="true" className="group-has-[:popover-open]:hidden" />
            <X aria-hidden="true" className="hidden group-has-[:popover-open]:block" />
          </Button>
          {/* Not display-styled here: the browser hides a closed popover with display: none. */}
          <div
            id={MENU_ID}
            popover="auto"
            className="fixed inset-x-0 top-16 bottom-auto m-0 w-auto border-b border-slate-200 bg-white px-4 py-3 shadow-lg md:hidden"
          >
            <SectionLinks look="header" page={page} className="flex flex-col gap-1" />
          </div>
        </nav>
      </header>
    </>
  )
}
