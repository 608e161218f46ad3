import { Menu, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Logo } from '../components/logo.tsx'
import { Button } from '../components/ui/button.tsx'
import { navLinks } from '../content/navigation.ts'
import { layoutText } from '../content/site.ts'
import { handleSectionLinkClick } from '../lib/scroll-to-section.ts'

const MENU_ID = 'mobile-menu'
const linkClass =
  'flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900'

function SectionLinks({ className, onPick }: { className: string; onPick?: () => void }) {
  return (
    <ul className={className}>
      {navLinks.map((link) => (
        <li key={link.id}>
          <a
            href={`#${link.id}`}
            className={linkClass}
            onClick={(event) => {
              onPick?.()
              handleSectionLinkClick(event, link.id)
            }}
          >
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  )
}

export function SiteHeader() {
  const [open, setOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open])

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
          className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6"
        >
          <a
            href="#home"
            className="rounded-lg"
            onClick={(event) => handleSectionLinkClick(event, 'home')}
          >
            <Logo />
          </a>
          <SectionLinks className="hidden items-center gap-1 md:flex" />
          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={open}
            aria-controls={MENU_ID}
            aria-label={layoutText.menuToggleLabel}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
          <div
            id={MENU_ID}
            hidden={!open}
            className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 py-3 shadow-lg md:hidden"
          >
            <SectionLinks className="flex flex-col gap-1" onPick={() => setOpen(false)} />
          </div>
        </nav>
      </header>
    </>
  )
}
