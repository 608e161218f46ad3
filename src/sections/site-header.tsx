import { Menu, X } from 'lucide-react'
import { Logo } from '../components/logo.tsx'
import { SectionLinks, sectionHref, type SitePage } from '../components/section-links.tsx'
import { Button, buttonClassName } from '../components/ui/button.tsx'
import { headerCta } from '../content/navigation.ts'
import { layoutText } from '../content/site.ts'
import { contactRoute } from '../routes.ts'

const MENU_ID = 'mobile-menu'
/** Where the no-script menu's close link points: the header's own nav, which never scrolls. */
const NAV_ID = 'site-nav'
const iconLink = buttonClassName({ variant: 'ghost', size: 'icon' })
const skipLinkPlace = 'pointer-events-auto -translate-y-24 focus:translate-y-0'

/**
 * Where the header's call to action leads: the form on the page when the page has it (the
 * landing page's section, the contact page's own), else the contact page, a plain link that
 * needs no script (docs/decisions/076-header-call-to-action.md).
 */
const ctaHref = (page: SitePage): string =>
  page === 'home' || page === 'contact' ? `#${headerCta.target}` : contactRoute.url

/** The accent button of the hero, at the header's size: the nav's type, the hero's radius. */
function HeaderCta({ page, className }: { page: SitePage; className?: string }) {
  return (
    <a href={ctaHref(page)} className={buttonClassName({}, className)}>
      {headerCta.label}
    </a>
  )
}

/**
 * The phone menu is a popover: the browser opens and closes it, closes it on Escape and on a
 * tap outside, returns focus to the toggle and tells screen readers whether it is expanded.
 * A link cannot close a popover, so closing it on a pick is script: the page's inline loader
 * does it (scripts/prerender.ts), as soon as the page is parsed, whether or not the page
 * script ever arrives. With JavaScript off, where no code runs at all, the menu is a `#target`
 * instead (docs/decisions/021-phone-menu-without-javascript.md): a link opens it, and the pick,
 * which targets its section, or the close link closes it. The icons follow the menu's state
 * through CSS (`:popover-open`, `:target`), not script.
 */
export function SiteHeader({ page }: { page: SitePage }) {
  return (
    <>
      {/* Above the screen until focused, then a full-size button right over the logo, in the
          header's own column: moved, not shrunk (sr-only's reset would take its padding too). */}
      <div className="pointer-events-none fixed inset-x-0 top-0 z-50">
        <div className="mx-auto max-w-page px-4 pt-2.5 sm:px-6">
          <a href="#main" className={buttonClassName({}, skipLinkPlace)}>
            {layoutText.skipLink}
          </a>
        </div>
      </div>
      <header className="fixed inset-x-0 top-0 z-40 border-b border-line bg-canvas/90 backdrop-blur-md">
        <nav
          id={NAV_ID}
          aria-label={layoutText.mainNavLabel}
          className="group mx-auto flex h-16 max-w-page items-center justify-between px-4 sm:px-6"
        >
          <a href={sectionHref('home', page)} className="rounded-control">
            <Logo />
          </a>
          <div className="hidden items-center gap-3 md:flex">
            <SectionLinks look="header" page={page} className="flex items-center gap-1" />
            <HeaderCta page={page} />
          </div>
          <div className="flex md:hidden">
            <Button
              variant="ghost"
              size="icon"
              className="noscript:hidden"
              popoverTarget={MENU_ID}
              aria-controls={MENU_ID}
              aria-label={layoutText.menuToggleLabel}
            >
              <Menu aria-hidden="true" className="group-has-[:popover-open]:hidden" />
              <X aria-hidden="true" className="hidden group-has-[:popover-open]:block" />
            </Button>
            {/* Shown only with JavaScript off: one of the two, by whether the menu is targeted. */}
            <span className="hidden noscript:contents noscript:group-has-[#mobile-menu:target]:hidden">
              <a href={`#${MENU_ID}`} className={iconLink} aria-label={layoutText.menuToggleLabel}>
                <Menu aria-hidden="true" />
              </a>
            </span>
            <span className="hidden noscript:group-has-[#mobile-menu:target]:contents">
              <a href={`#${NAV_ID}`} className={iconLink} aria-label={layoutText.menuCloseLabel}>
                <X aria-hidden="true" />
              </a>
            </span>
          </div>
          {/* Not display-styled here but for the no-script menu: the browser hides a closed
              popover with display: none. */}
          <div
            id={MENU_ID}
            popover="auto"
            className="fixed inset-x-0 top-16 bottom-auto m-0 w-auto border-b border-line bg-surface px-2 py-3 shadow-lg md:hidden max-md:noscript:target:block"
          >
            <SectionLinks look="header" page={page} className="flex flex-col gap-1" />
            <HeaderCta page={page} className="mt-3 w-full" />
          </div>
        </nav>
      </header>
    </>
  )
}
